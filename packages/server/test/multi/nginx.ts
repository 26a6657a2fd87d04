import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** The deployment's own configuration: the tier runs it, not a copy. */
export const DEPLOY_CONF = path.join(repoRoot, 'deploy/nginx/balcao.conf');

/** Debian's nginx (`.ci/run` installs it when missing). */
function nginxBinary(): string {
  const found = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((p) => existsSync(p));
  if (found) return found;
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) return which.stdout.trim();
  throw new Error('nginx is not installed: apt-get install -y nginx-light (.ci/run does)');
}

/**
 * deploy/nginx/balcao.conf with this run's addresses: its upstream `server` lines replaced by
 * `upstreams` (same parameters), its `listen` by 127.0.0.1:`port`, its `root` by `webRoot`.
 */
export function localise(conf: string, opts: { upstreams: number[]; port: number; webRoot: string }): string {
  const server = /^(\s*)server 127\.0\.0\.1:\d+( [^;]*)?;\n/m.exec(conf);
  if (!server) throw new Error(`${DEPLOY_CONF}: no upstream server line`);
  const [line, indent, params = ''] = server;
  const servers = opts.upstreams.map((p) => `${indent}server 127.0.0.1:${p}${params};\n`).join('');
  const out = conf
    .replace(/^\s*server 127\.0\.0\.1:\d+[^;]*;\n/gm, (l) => (l === line ? servers : ''))
    .replace(/^(\s*)listen [^;]+;/m, `$1listen 127.0.0.1:${opts.port};`)
    .replace(/^(\s*)root [^;]+;/m, `$1root ${opts.webRoot};`);
  if (!out.includes(`listen 127.0.0.1:${opts.port};`) || !out.includes(`root ${opts.webRoot};`)) {
    throw new Error(`${DEPLOY_CONF}: no listen or root line to replace`);
  }
  return out;
}

export interface Nginx {
  url: string;
  /** Its error log so far (for a failing test's message). */
  errors(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * A real nginx as the current user, under a temporary prefix (config, pid, logs, temp files), on
 * 127.0.0.1 only, in front of `upstreams` (ports on 127.0.0.1). Every answer says which process
 * gave it (`x-upstream`: nginx's $upstream_addr, the last address being the one that answered).
 */
export async function startNginx(opts: { upstreams: number[]; webRoot: string }): Promise<Nginx> {
  const bin = nginxBinary();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'balcao-nginx-'));
  const port = await freePort();
  const site = localise(await fs.readFile(DEPLOY_CONF, 'utf8'), { ...opts, port });
  await fs.writeFile(path.join(dir, 'balcao.conf'), site);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];
  await Promise.all(temp.map((t) => fs.mkdir(path.join(dir, t))));
  // Started as root, nginx would hand its workers to `nobody`: keep them as this user instead.
  const user = process.getuid?.() === 0 ? `user ${os.userInfo().username};\n` : '';
  await fs.writeFile(
    path.join(dir, 'nginx.conf'),
    `${user}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log ${dir}/access.log;
${temp.map((t) => `  ${t}_temp_path ${dir}/${t};`).join('\n')}
  add_header X-Upstream $upstream_addr always;
  include ${dir}/balcao.conf;
}
`,
  );
  const child: ChildProcess = spawn(bin, ['-p', dir, '-c', `${dir}/nginx.conf`, '-e', `${dir}/error.log`, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const errors = () => fs.readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '');
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await fs.rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited ${child.exitCode}: ${stderr}${await errors()}`);
    // Any answer means it listens (/assets/ is served by nginx itself, whatever the upstreams do).
    if (await fetch(`${url}/assets/`).then(() => true, () => false)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not listen: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url, errors, stop };
}
