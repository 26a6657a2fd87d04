// `npm start`: builds the web app when its sources changed since the last build (or it was never
// built) and bundles the server (a tenth of a second), then runs it: API, realtime, jobs and the
// built web app on PORT (8080), with an embedded PostgreSQL under DATA_DIR. The build's output
// goes to DATA_DIR/web-build.log; the terminal keeps the server's address and, on the first
// start, the operator's password, printed last.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_ENTRY, SERVER_NODE_FLAGS } from './server-process.mjs';
import { webSourceHash } from './web-source-hash.mjs';

const root = new URL('..', import.meta.url).pathname;
const dist = path.join(root, 'packages/web/dist');
/**
 * Built aside (where git and the tools already ignore it), then swapped in: the previous build
 * serves until the new one is whole, and stays when the build fails.
 */
const aside = path.join(root, 'node_modules/.cache/balcao-web');
const next = path.join(aside, 'next');
/** Beside the build it describes: a deleted dist/ takes it along. */
const stamp = path.join(dist, '.source-hash');
const readStamp = () => {
  try {
    return readFileSync(stamp, 'utf8').trim();
  } catch {
    return '';
  }
};

const hash = webSourceHash(root);
if (readStamp() !== hash || !existsSync(path.join(dist, 'index.html'))) {
  const dataDir = path.resolve(root, process.env.DATA_DIR ?? 'data');
  mkdirSync(dataDir, { recursive: true });
  const logFile = path.join(dataDir, 'web-build.log');
  console.log(`Building the web app (its sources changed or it was never built; output in ${logFile})…`);
  const log = openSync(logFile, 'w');
  const build = spawnSync('npm', ['run', 'build', '-w', '@balcao/web', '--', '--outDir', next], {
    cwd: root,
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  if (build.status !== 0) {
    // The end of the log says why; the whole of it is in the file.
    const lines = readFileSync(logFile, 'utf8').trimEnd().split('\n');
    console.error(lines.slice(-30).join('\n'));
    console.error(`The web build failed (full output: ${logFile}).`);
    process.exit(build.status ?? 1);
  }
  writeFileSync(path.join(next, '.source-hash'), `${hash}\n`);
  const old = path.join(aside, 'old');
  rmSync(old, { recursive: true, force: true });
  if (existsSync(dist)) renameSync(dist, old);
  renameSync(next, dist);
  rmSync(old, { recursive: true, force: true });
}

const bundle = spawnSync(process.execPath, ['packages/server/build.mjs'], { cwd: root, stdio: 'inherit' });
if (bundle.status !== 0) process.exit(bundle.status ?? 1);

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

