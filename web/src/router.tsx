import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import AuthForgotPassword from './routes/auth-forgot-password.tsx';
import AuthLogin from './routes/auth-login.tsx';
import AuthLogin2fa from './routes/auth-login-2fa.tsx';
import AuthResetPassword from './routes/auth-reset-password.tsx';
import AuthSignup from './routes/auth-signup.tsx';
import AuthToken from './routes/auth-token.tsx';
import Home from './routes/home.tsx';
import { AppLayout } from './shell/AppLayout.tsx';
import { Root, RouteError, type RouteHandle } from './shell/Root.tsx';
import { FirstLoadFrame } from './ui/FirstLoadFrame.tsx';

const named = (name: string): RouteHandle => ({ name });

/** A screen whose code loads when it is first opened; the first load (login, home) stays small. */
const screen = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

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
          { path: 'archive', handle: named('archive'), lazy: screen(() => import('./routes/archive.tsx')) },
          { path: 'archive/my', handle: named('archive-my'), lazy: screen(() => import('./routes/archive.tsx')) },
          { path: 'archive/shared', handle: named('archive-shared'), lazy: screen(() => import('./routes/archive.tsx')) },
          { path: 'create', handle: named('create'), lazy: screen(() => import('./routes/create.tsx')) },
          {
            path: 'create/templates/:templateId',
            handle: named('create-template'),
            lazy: screen(() => import('./routes/create-template.tsx')),
          },
          { path: 'join', handle: named('join'), lazy: screen(() => import('./routes/join.tsx')) },
          {
            path: 'user',
            lazy: screen(() => import('./routes/user.tsx')),
            children: [
              { index: true, element: <Navigate to="/user/profile" replace /> },
              { path: 'profile', handle: named('user-profile'), lazy: screen(() => import('./routes/user-profile.tsx')) },
              { path: 'security', handle: named('user-security'), lazy: screen(() => import('./routes/user-security.tsx')) },
              { path: 'plans', handle: named('user-plans'), lazy: screen(() => import('./routes/user-plans.tsx')) },
            ],
          },
          {
            path: 'admin',
            handle: named('admin'),
            lazy: screen(() => import('./routes/admin.tsx')),
            children: [
              { index: true, element: <Navigate to="/admin/users" replace /> },
              { path: 'users', handle: named('admin-users'), lazy: screen(() => import('./routes/admin-users.tsx')) },
              { path: 'sites', handle: named('admin-sites'), lazy: screen(() => import('./routes/admin-sites.tsx')) },
              { path: 'activity', handle: named('admin-activity'), lazy: screen(() => import('./routes/admin-activity.tsx')) },
            ],
          },
        ],
      },
      // A site's screens (editor, CMS, assets, localization, settings) share one layout and are their own
      // chunks: none of their code is in the first load. Each feature adds its children here.
      {
        path: 'sites/:siteId',
        lazy: screen(() => import('./routes/site.tsx')),
        children: [
          { index: true, element: <Navigate to="pages" replace /> },
          { path: 'pages/*', handle: named('pages'), lazy: screen(() => import('./routes/site-editor.tsx')) },
          { path: 'design-theme', handle: named('design-theme'), lazy: screen(() => import('./routes/site-design-theme.tsx')) },
          {
            path: 'design-settings',
            handle: named('design-settings'),
            lazy: screen(() => import('./routes/site-design-settings.tsx')),
          },
          {
            path: 'design-styles/:styleId',
            handle: named('design-styles'),
            lazy: screen(() => import('./routes/site-design-styles.tsx')),
          },
          { path: 'compiled', handle: named('compiled'), lazy: screen(() => import('./routes/site-compiled.tsx')) },
          // The pickers' workbench (web/src/pickers): not linked; the browser tests open popups no screen opens yet.
          { path: 'pickers', handle: named('pickers'), lazy: screen(() => import('./routes/site-pickers.tsx')) },
          // spec 002 §2: the CMS table and its side panels (items/{itemId}, items/create, fields/{fieldId}, fields/create).
          { path: 'cms/:collectionId?/*', handle: named('cms'), lazy: screen(() => import('./routes/site-cms.tsx')) },
          { path: 'localization/:type?/*', handle: named('localization'), lazy: screen(() => import('./routes/site-localization.tsx')) },
          { path: 'assets/:type?/:upload?', handle: named('assets'), lazy: screen(() => import('./routes/site-assets.tsx')) },
          {
            path: 'settings',
            lazy: screen(() => import('./routes/settings.tsx')),
            children: [
              { index: true, element: <Navigate to="general" replace /> },
              { path: 'general', handle: named('settings-general'), lazy: screen(() => import('./routes/settings-general.tsx')) },
              { path: 'publish', handle: named('settings-publish'), lazy: screen(() => import('./routes/settings-publish.tsx')) },
              { path: 'compile', handle: named('settings-compile'), lazy: screen(() => import('./routes/settings-compile.tsx')) },
              {
                path: 'integrations',
                handle: named('settings-integrations'),
                lazy: screen(() => import('./routes/settings-integrations.tsx')),
              },
              { path: 'social', handle: named('settings-social'), lazy: screen(() => import('./routes/settings-social.tsx')) },
              { path: 'forms', handle: named('settings-forms'), lazy: screen(() => import('./routes/settings-forms.tsx')) },
              {
                path: 'forms/submissions/:id?',
                handle: named('settings-forms-submissions'),
                lazy: screen(() => import('./routes/settings-forms-submissions.tsx')),
              },
              { path: 'code', handle: named('settings-code'), lazy: screen(() => import('./routes/settings-code.tsx')) },
              {
                path: 'redirects/:state?/:index?',
                handle: named('settings-redirects'),
                lazy: screen(() => import('./routes/settings-redirects.tsx')),
              },
              {
                path: 'collaborators',
                handle: named('settings-collaborators'),
                lazy: screen(() => import('./routes/settings-collaborators.tsx')),
              },
              { path: 'versions', handle: named('settings-versions'), lazy: screen(() => import('./routes/settings-versions.tsx')) },
              { path: 'api-keys', handle: named('settings-api-keys'), lazy: screen(() => import('./routes/settings-api-keys.tsx')) },
              { path: 'legal', handle: named('settings-legal'), lazy: screen(() => import('./routes/settings-legal.tsx')) },
              // items/{itemId}, items/create, fields/{fieldId} and fields/create open panels of the collection screen.
              {
                path: 'legal/:collectionId/*',
                handle: named('settings-legal-collection'),
                lazy: screen(() => import('./routes/settings-legal-collection.tsx')),
              },
              { path: 'page/*', handle: named('settings-page'), lazy: screen(() => import('./routes/settings-page.tsx')) },
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
