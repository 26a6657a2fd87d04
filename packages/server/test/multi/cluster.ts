import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createTestDatabase, SUPER_EMAIL, SUPER_PASSWORD } from '../support/app.js';
import { Api } from '../support/client.js';
import { startFakeGraph, type FakeGraph } from '../support/fake-graph.js';
import { startFakeS3, type FakeS3 } from '../support/fake-s3.js';
import { startNginx, type Nginx } from './nginx.js';
import { freePort } from './ports.js';
import { bundleServer, killAll, startProductProcess, type ProductProcess } from './product-process.js';

export const METRICS_TOKEN = 'multi-metrics-token-0000';
const S3 = { bucket: 'balcao-multi', accessKeyId: 'AKIDMULTI', secretAccessKey: 'multi-secret-for-the-fake-s3' };

export interface Cluster {
  nginx: Nginx;
  /** The product processes, in the nginx upstream's order (a restarted one keeps its place). */
  products: ProductProcess[];
  graph: FakeGraph;
  s3: FakeS3;
  /** The shared database, as its owner (assertions and fixtures only). */
  db: pg.Pool;
  webRoot: string;
  /** Starts process `i` again, on its port (after a kill). */
  restart(i: number): Promise<ProductProcess>;
  stop(): Promise<void>;
}

/**
 * Two product processes on one PostgreSQL (a database cloned from the migrated template), media on
 * one S3 bucket (the fake), the Cloud API faked, and a real nginx in front with the deployment's
 * configuration. Whatever fails half-way, what was started is stopped.
 */
export async function startCluster(opts: { shutdownDelayMs: number }): Promise<Cluster> {
  const started: Array<() => Promise<unknown>> = [];
  const products: ProductProcess[] = [];
  const stop = async () => {
    await killAll(products);
    for (const s of started.reverse()) await s().catch(() => undefined);
  };
  try {
    bundleServer();
    const dbUrl = await createTestDatabase();
    const db = new pg.Pool({ connectionString: dbUrl, max: 2 });
    started.push(() => db.end());
    const graph = await startFakeGraph();
    started.push(() => graph.close());
    const s3 = await startFakeS3(S3);
    started.push(() => s3.close());
    const env = {
      DATABASE_URL: dbUrl,
      STORAGE: 's3',
      S3_BUCKET: S3.bucket,
      S3_ENDPOINT: s3.url,
      S3_ACCESS_KEY_ID: S3.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3.secretAccessKey,
      WHATSAPP_CLOUD_API_URL: `${graph.url}/v21.0`,
      METRICS_TOKEN,
      SHUTDOWN_DELAY_MS: String(opts.shutdownDelayMs),
    };
    const ports = [await freePort(), await freePort()];
    // One after the other: the first boot seeds the operator; both at once would race for it.
    for (const port of ports) products.push(await startProductProcess(port, env));
    const webRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'balcao-web-'));
    started.push(() => fs.rm(webRoot, { recursive: true, force: true }));
    await fs.mkdir(path.join(webRoot, 'assets'));
    await fs.writeFile(path.join(webRoot, 'assets', 'app-multi.js'), 'console.log("balcão");\n');
    const nginx = await startNginx({ upstreams: ports, webRoot });
    started.push(() => nginx.stop());
    return {
      nginx,
      products,
      graph,
      s3,
      db,
      webRoot,
      async restart(i) {
        products[i] = await startProductProcess(products[i]!.port, env);
        return products[i];
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** The sum of a metric's samples on one process, read straight from it (not through nginx). */
export async function metric(p: ProductProcess, name: string): Promise<number> {
  const res = await fetch(`${p.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await res.text();
  const samples = [...text.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'gm'))];
  return samples.reduce((sum, m) => sum + Number(m[1]), 0);
}

/** Which process answered through nginx (x-upstream's last address). */
export const answeredBy = (headers: Headers, products: ProductProcess[]) => {
  const last = (headers.get('x-upstream') ?? '').split(',').at(-1)!.trim();
  return products.find((p) => last === `127.0.0.1:${p.port}`);
};

/** A company (plan, admin) created through `base` by the operator, its admin signed in. */
export async function createCompany(base: string) {
  const api = new Api(base);
  const operator = await api.post('/api/auth/login', { email: SUPER_EMAIL, password: SUPER_PASSWORD });
  const asOperator = api.as(operator.body.token as string);
  const plan = await asOperator.post('/api/plans', { name: 'Multi', users: 10, connections: 5, queues: 5, value: 1 });
  const email = `multi-${randomBytes(4).toString('hex')}@example.com`;
  const company = await asOperator.post('/api/companies', { name: 'Multi', email, password: 'secret1', planId: plan.body.id });
  if (company.status !== 201) throw new Error(`company: ${JSON.stringify(company.body)}`);
  const login = await api.post('/api/auth/login', { email, password: 'secret1' });
  return { companyId: company.body.id as number, token: login.body.token as string, api: api.as(login.body.token as string) };
}

/** A Cloud API connection the company wants running, written to the database. */
export async function insertCloudConnection(db: pg.Pool, companyId: number) {
  const conn = {
    phoneNumberId: String(100_000_000_000 + Math.floor(Math.random() * 899_999_999_999)),
    appSecret: randomBytes(16).toString('hex'),
  };
  const { rows } = await db.query<{ id: number }>(
    `insert into whatsapps (company_id, name, provider, token, phone_number_id, access_token, app_secret, verify_token, session_wanted)
     values ($1, 'Cloud', 'cloud', $2, $3, $4, $5, $6, true) returning id`,
    [
      companyId,
      randomBytes(30).toString('base64url'),
      conn.phoneNumberId,
      `EAAG${randomBytes(20).toString('hex')}`,
      conn.appSecret,
      randomBytes(8).toString('hex'),
    ],
  );
  return { id: rows[0]!.id, ...conn };
}
