/**
 * Module boundaries (docs/architecture.md, "Boundaries"), checked by `npm run lint` in CI.
 * Type-only imports count: a boundary is about who knows whom, not only about what runs.
 */
const S = '^apps/server/src';
const W = '^apps/web/src';
const ROOT_FILES = `${S}/(app|main|modules|prepare|worker|openapi)\\.ts$`;

module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'No import cycles, in any workspace.', from: {}, to: { circular: true } },
    {
      name: 'server-platform-no-modules',
      severity: 'error',
      comment: 'platform/ and db/ are below the modules: they never import a module or the composition root.',
      from: { path: `${S}/(platform|db)/` },
      to: { path: [`${S}/modules/`, ROOT_FILES] },
    },
    {
      name: 'server-module-through-index',
      severity: 'error',
      comment:
        'A module uses another module only through its index.ts; its *.tables.ts files are public too (foreign keys and read joins need the table objects).',
      from: { path: `${S}/modules/([^/]+)/` },
      to: { path: `${S}/modules/([^/]+)/`, pathNot: [`${S}/modules/$1/`, `${S}/modules/[^/]+/index\\.ts$`, `${S}/modules/.+\\.tables\\.ts$`] },
    },
    {
      name: 'server-module-no-root',
      severity: 'error',
      comment: 'Modules do not import the composition root (app, main, modules, prepare, worker).',
      from: { path: `${S}/modules/` },
      to: { path: ROOT_FILES },
    },
    {
      name: 'web-components-no-shell-or-modules',
      severity: 'error',
      comment: 'The shared screen kit (components/) never imports the shell, the app or a module.',
      from: { path: `${W}/components/` },
      to: { path: [`${W}/(shell|modules|app)/`] },
    },
    {
      name: 'web-lib-no-ui-layers',
      severity: 'error',
      comment: 'lib/ is the bottom layer: no components, shell, app or modules.',
      from: { path: `${W}/lib/` },
      to: { path: [`${W}/(components|shell|modules|app)/`] },
    },
    {
      name: 'web-module-no-shell',
      severity: 'error',
      comment: 'Modules never import the shell or the app: the shell reads their manifests.',
      from: { path: `${W}/modules/` },
      to: { path: [`${W}/(shell|app)/`] },
    },
    {
      name: 'web-module-through-index',
      severity: 'error',
      comment: 'A web module uses another module only through its index.ts.',
      from: { path: `${W}/modules/([^/]+)/` },
      to: {
        path: `${W}/modules/([^/]+)/`,
        pathNot: [`${W}/modules/$1/`, `${W}/modules/[^/]+/index\\.ts$`, `${W}/modules/registry\\.ts$`, `${W}/modules/types\\.ts$`],
      },
    },
    {
      name: 'packages-no-apps',
      severity: 'error',
      comment: 'Engines and contracts never import the apps.',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    exclude: { path: ['node_modules', '/dist/', '\\.d\\.ts$'] },
    combinedDependencies: false,
  },
};
