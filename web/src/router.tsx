import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import AuthForgotPassword from './auth/ForgotPassword.tsx';
import AuthLogin from './auth/Login.tsx';
import AuthLogin2fa from './auth/LoginTwoFactor.tsx';
import AuthResetPassword from './auth/ResetPassword.tsx';
import AuthSignup from './auth/Signup.tsx';
import AuthToken from './auth/TokenSignIn.tsx';
import Home from './sites/Home.tsx';
import { AppLayout } from './app/AppLayout.tsx';
import { Root, RouteError, type RouteHandle } from './app/Root.tsx';
import { FirstLoadFrame } from './ui/FirstLoadFrame.tsx';
import { registerPrefetch } from './lib/prefetch.ts';

const named = (name: string): RouteHandle => ({ name });

/** A screen whose code loads when it is first opened; the first load (login, home) stays small. */
const screen = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

// A site card's link leads to the editor: its code is asked for as the pointer comes over the card.
registerPrefetch('editor', () => Promise.all([import('./app/SiteLayout.tsx'), import('./editor/EditorRoute.tsx')]));

/** The route table of spec 000 §2; `handle.name` is the spec's route name. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    // A screen whose code is not loaded yet shows the app's frame meanwhile (on the first load only).
    hydrateFallbackElement: <FirstLoadFrame />,
    children: [
      { path: 'auth', element: <Navigate to="/auth/login" replace /> },
      { path: 'auth/login', handle: named('auth-login'), element: <AuthLogin /> },
      { path: 'auth/2fa', handle: named('auth-login-2fa'), element: <AuthLogin2fa /> },
      { path: 'auth/signup', handle: named('auth-signup'), element: <AuthSignup /> },
      { path: 'auth/forgot-password', handle: named('auth-forgot-password'), element: <AuthForgotPassword /> },
      { path: 'auth/reset-password/:token', handle: named('auth-reset-password'), element: <AuthResetPassword /> },
      { path: 'auth/token/:token', handle: named('auth-token'), element: <AuthToken /> },
      {
        element: <AppLayout />,
        children: [
          { index: true, handle: named('home'), element: <Home /> },
          { path: 'archive', handle: named('archive'), lazy: screen(() => import('./sites/Archive.tsx')) },
          { path: 'archive/my', handle: named('archive-my'), lazy: screen(() => import('./sites/Archive.tsx')) },
          { path: 'archive/shared', handle: named('archive-shared'), lazy: screen(() => import('./sites/Archive.tsx')) },
          { path: 'create', handle: named('create'), lazy: screen(() => import('./sites/Create.tsx')) },
          {
            path: 'create/templates/:templateId',
            handle: named('create-template'),
            lazy: screen(() => import('./sites/CreateTemplate.tsx')),
          },
          { path: 'join', handle: named('join'), lazy: screen(() => import('./sites/Join.tsx')) },
          {
            path: 'user',
            lazy: screen(() => import('./account/AccountLayout.tsx')),
            children: [
              { index: true, element: <Navigate to="/user/profile" replace /> },
              { path: 'profile', handle: named('user-profile'), lazy: screen(() => import('./account/Profile.tsx')) },
              { path: 'security', handle: named('user-security'), lazy: screen(() => import('./account/Security.tsx')) },
              { path: 'plans', handle: named('user-plans'), lazy: screen(() => import('./account/Plans.tsx')) },
            ],
          },
          {
            path: 'admin',
            handle: named('admin'),
            lazy: screen(() => import('./admin/AdminLayout.tsx')),
            children: [
              { index: true, element: <Navigate to="/admin/users" replace /> },
              { path: 'users', handle: named('admin-users'), lazy: screen(() => import('./admin/AdminUsers.tsx')) },
              { path: 'sites', handle: named('admin-sites'), lazy: screen(() => import('./admin/AdminSites.tsx')) },
              { path: 'activity', handle: named('admin-activity'), lazy: screen(() => import('./admin/AdminActivity.tsx')) },
            ],
          },
        ],
      },
      // A site's screens (editor, CMS, assets, localization, settings) share one layout and are their own
      // chunks: none of their code is in the first load. Each feature adds its children here.
      {
        path: 'sites/:siteId',
        lazy: screen(() => import('./app/SiteLayout.tsx')),
        children: [
          { index: true, element: <Navigate to="pages" replace /> },
          { path: 'pages/*', handle: named('pages'), lazy: screen(() => import('./editor/EditorRoute.tsx')) },
          { path: 'design-theme', handle: named('design-theme'), lazy: screen(() => import('./editor/design/ThemeRoute.tsx')) },
          {
            path: 'design-settings',
            handle: named('design-settings'),
            lazy: screen(() => import('./editor/design/SettingsRoute.tsx')),
          },
          {
            path: 'design-styles/:styleId',
            handle: named('design-styles'),
            lazy: screen(() => import('./editor/design/StylesRoute.tsx')),
          },
          { path: 'compiled', handle: named('compiled'), lazy: screen(() => import('./editor/compiled/CompiledScreen.tsx')) },
          // spec 002 §2: the CMS table and its side panels (items/{itemId}, items/create, fields/{fieldId}, fields/create).
          {
            path: 'cms/:collectionId?/*',
            handle: named('cms'),
            lazy: async () => ({ Component: (await import('./cms/CmsScreen.tsx')).CmsScreen }),
          },
          {
            path: 'localization/:type?/*',
            handle: named('localization'),
            lazy: screen(() => import('./localization/LocalizationRoute.tsx')),
          },
          { path: 'assets/:type?/:upload?', handle: named('assets'), lazy: screen(() => import('./assets/AssetsRoute.tsx')) },
          {
            path: 'settings',
            lazy: screen(() => import('./settings/SettingsLayout.tsx')),
            children: [
              { index: true, element: <Navigate to="general" replace /> },
              { path: 'general', handle: named('settings-general'), lazy: screen(() => import('./settings/pages/General.tsx')) },
              { path: 'publish', handle: named('settings-publish'), lazy: screen(() => import('./settings/pages/Publish.tsx')) },
              { path: 'compile', handle: named('settings-compile'), lazy: screen(() => import('./settings/pages/Compile.tsx')) },
              { path: 'domains', handle: named('settings-domains'), lazy: screen(() => import('./settings/pages/Domains.tsx')) },
              {
                path: 'integrations',
                handle: named('settings-integrations'),
                lazy: screen(() => import('./settings/pages/Integrations.tsx')),
              },
              { path: 'social', handle: named('settings-social'), lazy: screen(() => import('./settings/pages/Social.tsx')) },
              { path: 'forms', handle: named('settings-forms'), lazy: screen(() => import('./settings/pages/Forms.tsx')) },
              {
                path: 'forms/submissions/:id?',
                handle: named('settings-forms-submissions'),
                lazy: screen(() => import('./settings/pages/Submissions.tsx')),
              },
              { path: 'code', handle: named('settings-code'), lazy: screen(() => import('./settings/pages/Code.tsx')) },
              {
                path: 'redirects/:state?/:index?',
                handle: named('settings-redirects'),
                lazy: screen(() => import('./settings/pages/Redirects.tsx')),
              },
              {
                path: 'collaborators',
                handle: named('settings-collaborators'),
                lazy: screen(() => import('./settings/pages/Collaborators.tsx')),
              },
              { path: 'versions', handle: named('settings-versions'), lazy: screen(() => import('./settings/pages/Versions.tsx')) },
              { path: 'api-keys', handle: named('settings-api-keys'), lazy: screen(() => import('./settings/pages/ApiKeys.tsx')) },
              { path: 'legal', handle: named('settings-legal'), lazy: screen(() => import('./settings/legal/LegalOverview.tsx')) },
              // items/{itemId}, items/create, fields/{fieldId} and fields/create open panels of the collection screen.
              {
                path: 'legal/:collectionId/*',
                handle: named('settings-legal-collection'),
                lazy: screen(() => import('./settings/legal/LegalCollection.tsx')),
              },
              { path: 'page/*', handle: named('settings-page'), lazy: screen(() => import('./settings/pages/PageSettings.tsx')) },
              { path: '*', element: <Navigate to="/" replace /> },
            ],
          },
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
