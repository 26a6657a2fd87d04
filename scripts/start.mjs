// `npm start`: builds the web app when it is missing and bundles the server (a tenth of a
// second), then runs it: API, realtime, jobs and the built web app on PORT (8080), with an
// embedded PostgreSQL under DATA_DIR.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { SERVER_ENTRY, SERVER_NODE_FLAGS } from './server-process.mjs';

const root = new URL('..', import.meta.url).pathname;
if (!existsSync(`${root}packages/web/dist/index.html`)) {
  console.log('Building the web app (first start)…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@balcao/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const bundle = spawnSync(process.execPath, ['packages/server/build.mjs'], { cwd: root, stdio: 'inherit' });
if (bundle.status !== 0) process.exit(bundle.status ?? 1);

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
