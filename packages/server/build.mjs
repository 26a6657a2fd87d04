// Bundles the server's own code (and the contracts package) into dist/main.mjs, leaving npm
// dependencies external. `npm start` runs the bundle: Node loads it without a TypeScript loader,
// which makes a restart noticeably faster. Tests and `npm run dev` run the sources through tsx.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const here = new URL('.', import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(`${here}package.json`, 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@balcao/'));

await build({
  entryPoints: [`${here}src/main.ts`],
  outfile: `${here}dist/main.mjs`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: true,
  logLevel: 'warning',
});
