/* global module */
/**
 * The layout's rules (ARCHITECTURE.md, "Layering" and "Rules that check themselves"), checked in
 * `npm test` by packages/server/test/layout-rules.test.ts. A new file follows them by where it is
 * put. `npx depcruise packages --config .dependency-cruiser.cjs` prints the violations.
 */

const SRC = '^packages/server/src/';
/** Tests may import across layers (they assemble the app, plant data, fake providers). */
const TEST = '[.](integration-)?test[.]ts$';
/**
 * The server's layers, lowest first: each imports only its own and those before it. What is
 * left at src/'s root (main.ts, boot.ts, app.ts, channel-providers.ts) composes them all and is
 * imported by none. config.ts sits with platform/ (which reads it), paths.ts with db/.
 */
const LAYERS = [
  ['db', '(db/|paths[.]ts$)'],
  ['platform', '(platform/|config[.]ts$)'],
  ['channels', 'channels/'],
  ['modules', 'modules/'],
  ['automation', 'automation/'],
  ['inbox', 'inbox/'],
];
const layerRules = LAYERS.map(([name, path], i) => ({
  name: `${name}-imports-only-lower-layers`,
  comment: `Layers: ${LAYERS.map(([n]) => n).join(' → ')}, then the composition at src/'s root.`,
  severity: 'error',
  from: { path: SRC + path, pathNot: TEST },
  to: { path: SRC, pathNot: `${SRC}(${LAYERS.slice(0, i + 1).map(([, p]) => p).join('|')})` },
}));

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
    ...layerRules,
    {
      name: 'modules-run-no-sweep',
      comment: "automation/<domain> is the runtime of modules/<domain>: a periodic pass (platform/sweeps.ts) is registered there, never in a domain's folder.",
      severity: 'error',
      from: { path: `${SRC}modules/`, pathNot: TEST },
      to: { path: `${SRC}platform/sweeps[.]ts$` },
    },
    {
      name: 'channels-know-no-provider',
      comment: 'The Channel interface, the registry and the leases serve every provider: which ones exist is composition (channel-providers.ts).',
      severity: 'error',
      from: { path: `${SRC}channels/[^/]+$`, pathNot: TEST },
      to: { path: `${SRC}channels/[^/]+/` },
    },
    {
      name: 'providers-stand-alone',
      comment: 'A provider (channels/beta|cloud|sandbox/) imports no other provider.',
      severity: 'error',
      from: { path: `${SRC}channels/([^/]+)/`, pathNot: TEST },
      to: { path: `${SRC}channels/[^/]+/`, pathNot: `${SRC}channels/$1/` },
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
