/**
 * The layout's rules (ARCHITECTURE.md, "Rules that check themselves"), checked in `npm test` by
 * packages/server/test/layout-rules.test.ts. A new folder follows them by where it is put.
 * `npx depcruise packages --config .dependency-cruiser.cjs` prints the violations.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'Import cycles make load order and ownership unclear; type-only imports count too.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { circular: true },
    },
    {
      name: 'contracts-depend-on-zod-alone',
      comment: 'The contracts are shared by server and web: zod and their own files, nothing else.',
      severity: 'error',
      from: { path: '^packages/contracts/src' },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-peer', 'npm-optional', 'core', 'unknown', 'undetermined'], pathNot: '^node_modules/zod/' },
    },
    {
      name: 'web-holds-no-server-code',
      severity: 'error',
      from: { path: '^packages/web/' },
      to: { path: '^packages/server/' },
    },
    {
      name: 'server-holds-no-web-code',
      severity: 'error',
      from: { path: '^packages/server/' },
      to: { path: '^packages/web/' },
    },
    {
      name: 'providers-know-no-tickets',
      comment: 'A WhatsApp provider verifies, fetches and maps; the pipeline (inbox/) and the domains (modules/) are not its business.',
      severity: 'error',
      from: { path: '^packages/server/src/channels/(beta|cloud|sandbox)/', pathNot: '[.](integration-)?test[.]ts$' },
      to: { path: '^packages/server/src/(inbox|modules|automation)/' },
    },
    {
      name: 'machinery-knows-no-domain',
      comment: 'platform/ and db/ serve every domain and know none of them.',
      severity: 'error',
      from: { path: '^packages/server/src/(platform|db)/', pathNot: '[.](integration-)?test[.]ts$' },
      to: { path: '^packages/server/src/(modules|inbox|automation|channels)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
