/**
 * The server's layers import one way (docs/decisions/0035-server-layout.md,
 * docs/decisions/0075-server-site-layer.md). From the bottom:
 *   core/    deps and actor, errors, messages, access, plans, subscriptions, events, validation,
 *            sanitize, the user's row; may use the infrastructure (db/, engines/, config) and nothing
 *            else of ours
 *   model/   the site document, colours, path edits, catalogues; may use core/
 *   render/, templates/   the one renderer and the template sites; may use model/ and core/
 *   site/    what every feature shares about one site: the site row and its history (store), the
 *            per-site write frame (documents), the content store and its query engine (content/),
 *            file records, legal gating, secrets, the settings a page shares with its site; may use
 *            render/, templates/, model/, core/ and the infrastructure, never a feature
 *   features (accounts, admin, ai, api-keys, assets, billing, cms, collaborators, editor, forms,
 *            localization, publishing, settings, sites, versions): each may use the layers above and
 *            http/, never another feature; what one needs of another's service is handed to it by
 *            wiring.ts
 *   http/, routes/, then wiring.ts and app.ts at the top.
 *
 * The web app's layers (docs/decisions/0076-web-layout.md). From the bottom:
 *   lib/     the SDK client, the app-wide store (session, sites, billing, admin, ui), call/Outcome,
 *            downloads, formatting, messages, form values, languages; imports nothing else of ours
 *   ui/      the primitives (buttons, popups and PopupFrame, side panel, table, empty state, form
 *            controls, the pickers); may use lib/
 *   site/    the site workspace every site screen shares: the site store and its actions, the editing
 *            session, the header and the toolbar; may use ui/ and lib/
 *   features (account, admin, assets, auth, cms, editor, localization, settings, sites): each owns its
 *            screens and may use site/, ui/ and lib/; another feature only through that feature's
 *            public file (`<feature>/public.ts`)
 *   app/ (the shell, the site layout), router.tsx and main.tsx at the top.
 * `npm run check` runs this over server/src and web/src; any import that runs back up, any import
 * across features, and any file cycle fails it (tests/packaging/layers.test.ts plants some and
 * expects the failure).
 */
/** The feature folders of server/src: none may import another. */
const FEATURES = [
  'accounts',
  'admin',
  'ai',
  'api-keys',
  'assets',
  'billing',
  'cms',
  'collaborators',
  'editor',
  'forms',
  'localization',
  'publishing',
  'settings',
  'sites',
  'versions',
].join('|');

/** The feature folders of web/src: none may import another except through its public file. */
const WEB_FEATURES = ['account', 'admin', 'assets', 'auth', 'cms', 'editor', 'localization', 'settings', 'sites'].join('|');

module.exports = {
  forbidden: [
    {
      name: 'core-stays-at-the-bottom',
      comment: 'core/ may import only core/, the infrastructure (db/, engines/, config) and packages.',
      severity: 'error',
      from: { path: '^server/src/core/' },
      to: { path: '^server/src/', pathNot: '^server/src/(core|db|engines)/|^server/src/config\\.ts$' },
    },
    {
      name: 'model-imports-only-core',
      comment: 'The site document knows nothing of editing, rendering or storage.',
      severity: 'error',
      from: { path: '^server/src/model/' },
      to: { path: '^server/src/', pathNot: '^server/src/(core|model)/' },
    },
    {
      name: 'renderer-imports-only-model-and-core',
      comment: 'render/ and templates/ build on the document model and the shared core only.',
      severity: 'error',
      from: { path: '^server/src/(render|templates)/' },
      to: { path: '^server/src/', pathNot: '^server/src/(core|model|render|templates)/' },
    },
    {
      name: 'templates-do-not-render',
      comment: 'The template sites are data the renderer reads, not a client of it.',
      severity: 'error',
      from: { path: '^server/src/render/' },
      to: { path: '^server/src/templates/' },
    },
    {
      name: 'site-imports-no-feature',
      comment: 'site/ is the kernel the features share: it builds on render/, templates/, model/, core/ and the infrastructure only.',
      severity: 'error',
      from: { path: '^server/src/site/' },
      to: { path: '^server/src/', pathNot: '^server/src/(core|model|render|templates|site|db|engines)/|^server/src/config\\.ts$' },
    },
    {
      name: 'features-do-not-import-each-other',
      comment:
        'A feature uses site/ and the layers below; what it needs of another feature is handed in by wiring.ts (constructor injection). Type-only imports count too.',
      severity: 'error',
      from: { path: `^server/src/(${FEATURES})/` },
      to: { path: `^server/src/(${FEATURES})/`, pathNot: '^server/src/$1/' },
    },
    {
      name: 'features-import-only-the-layers-below',
      comment: 'A feature never reaches up into routes/, the wiring or the start-up files.',
      severity: 'error',
      from: { path: `^server/src/(${FEATURES})/` },
      to: {
        path: '^server/src/',
        pathNot: `^server/src/(core|model|render|templates|site|db|engines|http|${FEATURES})/|^server/src/config\\.ts$`,
      },
    },
    {
      name: 'nothing-imports-the-wiring',
      comment: 'wiring.ts and app.ts are the top: only main.ts and index.ts start from them (routes may name the Services type).',
      severity: 'error',
      from: { path: '^server/src/', pathNot: '^server/src/(main|index|app)\\.ts$' },
      to: { path: '^server/src/(wiring|app)\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'web-lib-stays-at-the-bottom',
      comment: 'web/src/lib/ (the SDK client, the app-wide store, formatting, messages) imports nothing else of ours.',
      severity: 'error',
      from: { path: '^web/src/lib/' },
      to: { path: '^web/src/', pathNot: '^web/src/lib/' },
    },
    {
      name: 'web-ui-imports-only-lib',
      comment: 'The primitives know no screen, no feature and no site: they take what they show as props.',
      severity: 'error',
      from: { path: '^web/src/ui/' },
      to: { path: '^web/src/', pathNot: '^web/src/(ui|lib)/' },
    },
    {
      name: 'web-site-imports-only-ui-and-lib',
      comment: 'The site workspace (store, session, header, toolbar) is shared by every site screen and knows none of them.',
      severity: 'error',
      from: { path: '^web/src/site/' },
      to: { path: '^web/src/', pathNot: '^web/src/(site|ui|lib)/' },
    },
    {
      name: 'web-features-do-not-import-each-other',
      comment:
        "A web feature uses site/, ui/ and lib/; what it needs of another feature it takes from that feature's public.ts, which names what is shared. Type-only imports count too.",
      severity: 'error',
      from: { path: `^web/src/(${WEB_FEATURES})/` },
      to: { path: `^web/src/(${WEB_FEATURES})/`, pathNot: [`^web/src/$1/`, `^web/src/(${WEB_FEATURES})/public\\.ts$`] },
    },
    {
      name: 'web-features-import-only-the-layers-below',
      comment: 'A web feature never reaches up into the shell (app/), the router or main.tsx.',
      severity: 'error',
      from: { path: `^web/src/(${WEB_FEATURES})/` },
      to: { path: '^web/src/', pathNot: `^web/src/(site|ui|lib|${WEB_FEATURES})/` },
    },
    {
      name: 'no-cycles',
      // Type-only imports vanish at build time, so a cycle through one never orders evaluation.
      comment: 'A file cycle makes the order of evaluation an accident.',
      severity: 'error',
      from: { path: '^(server|web)/src/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.json'],
    },
  },
};
