/**
 * The server's layers import one way (docs/decisions.md "Server layout"). From the bottom:
 *   core/    deps and actor, errors, messages, access, plans, subscriptions, events, validation,
 *            sanitize; may use the infrastructure (db/, engines/, config) and nothing else of ours
 *   model/   the site document, colours, path edits, catalogues; may use core/
 *   render/, templates/   the one renderer and the template sites; may use model/ and core/
 *   everything else (features, http/, routes/), then wiring.ts and app.ts at the top.
 * `npm run check` runs this; any import that runs back up, and any file cycle, fails it.
 */
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
      name: 'nothing-imports-the-wiring',
      comment: 'wiring.ts and app.ts are the top: only main.ts and index.ts start from them (routes may name the Services type).',
      severity: 'error',
      from: { path: '^server/src/', pathNot: '^server/src/(main|index|app)\\.ts$' },
      to: { path: '^server/src/(wiring|app)\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-cycles',
      // Type-only imports vanish at build time, so a cycle through one never orders evaluation.
      comment: 'A file cycle makes the order of evaluation an accident.',
      severity: 'error',
      from: { path: '^server/src/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.js', '.json'],
    },
  },
};
