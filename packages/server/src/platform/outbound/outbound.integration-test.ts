import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createTenant, type Tenant } from '../../../test/support/factories.js';
import { startFakeDialogflow, type FakeDialogflow } from '../../../test/support/fake-dialogflow.js';
import { insertIntegration } from '../../../test/support/integrations.js';
import { scoped } from '../../../test/support/inbox.js';
import { queueIntegrations } from '../../db/schema/index.js';
import { deliverWebhook } from '../../automation/integrations/webhook-delivery.js';
import { repliesWithMedia } from '../../automation/integrations/typebot-media.js';
import type { Deps } from '../context.js';
import { parseAllowance } from './policy.js';

/**
 * Outbound safety (ARCHITECTURE.md): a product started WITHOUT the tests' allowance for
 * 127.0.0.1, so what a tenant aims at an internal address is refused — at save when written as
 * one, at the request when a name resolves to one, on every redirect — and downloads stop at
 * their cap while they stream. `OUTBOUND_ALLOWED_HOSTS` then lets the same requests through.
 */

/** An "internal service" on 127.0.0.1: every request it got, and the bytes it streamed. */
let internal: http.Server;
let port: number;
const asked: string[] = [];
const stream = { bytes: 0, closed: false };
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

let dialogflow: FakeDialogflow;
let t: TestApp;
let tenant: Tenant;

beforeAll(async () => {
  internal = http.createServer((req, res) => {
    asked.push(req.url!);
    req.resume();
    if (req.url === '/logo.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    if (req.url === '/redirect')
      return void res.writeHead(302, { location: `http://127.0.0.1:${port}/logo.png` }).end();
    if (req.url === '/huge.png') {
      // 300 MB without a content-length: only counting while it streams stops it.
      res.writeHead(200, { 'content-type': 'image/png' });
      res.on('close', () => (stream.closed = true));
      const chunk = Buffer.alloc(256 * 1024, 7);
      const pump = () => {
        while (!res.destroyed && stream.bytes < 300 * 1024 * 1024) {
          stream.bytes += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      return pump();
    }
    res.writeHead(400, { 'content-type': 'text/plain' }).end('internal secret words');
  });
  await new Promise<void>((r) => internal.listen(0, '127.0.0.1', r));
  port = (internal.address() as AddressInfo).port;
  dialogflow = await startFakeDialogflow();
  t = await startTestApp({ OUTBOUND_ALLOWED_HOSTS: '', DIALOGFLOW_API_URL: dialogflow.url });
  tenant = await createTenant(t);
});
afterAll(async () => {
  await t?.stop();
  await dialogflow?.close();
  await new Promise((r) => internal.close(r));
});

/** The app's dependencies with another allowance (what OUTBOUND_ALLOWED_HOSTS would make). */
const allowing = (value: string): Deps => ({
  ...t.running.deps,
  config: { ...t.running.deps.config, OUTBOUND_ALLOWED_HOSTS: parseAllowance(value) },
});
const storedIntegrations = () => scoped(t, tenant.companyId, (tx) => tx.select().from(queueIntegrations));

describe("Dialogflow's token_uri (testSession)", () => {
  const withTokenUri = (tokenUri: string) => {
    const account = dialogflow.serviceAccount();
    return { jsonContent: JSON.stringify({ ...account.keyFile, token_uri: tokenUri }), language: 'pt-BR' };
  };
  const test = (body: object) => tenant.admin.api.post('/api/queueIntegration/testSession', body);

  it.each(['127.0.0.1', '2130706433', '0x7f000001', '[::ffff:127.0.0.1]', '169.254.169.254'])(
    'refuses a token_uri at %s with 400 naming jsonContent, before any request',
    async (host) => {
      const before = [dialogflow.counts.tokenRequests, asked.length];
      const res = await test(withTokenUri(`http://${host}:${port}/token`));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { jsonContent: 'internalAddress' } });
      expect([dialogflow.counts.tokenRequests, asked.length]).toEqual(before);
    },
  );

  it('answers ok:false "refused: internal address" for a name that resolves to loopback, never connecting', async () => {
    const before = asked.length;
    const res = await test(withTokenUri(`http://localhost:${port}/token`));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: false, replies: [], error: 'The token endpoint was refused: internal address' });
    expect(asked.length).toBe(before);
  });
});

describe('saving a URL written as an internal address', () => {
  it.each(['http://169.254.169.254/latest/meta-data', 'http://10.0.0.1', 'http://[::1]:8080/x'])(
    'refuses webhook and n8n urlN8N %s with 400 naming urlN8N; nothing stored',
    async (urlN8N) => {
      const before = await storedIntegrations();
      for (const type of ['webhook', 'n8n']) {
        const res = await tenant.admin.api.post('/api/queueIntegration', { type, name: `Hook ${type}`, urlN8N });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { urlN8N: 'internalAddress' } });
      }
      expect(await storedIntegrations()).toEqual(before);
    },
  );

  it('refuses an edit to an internal urlN8N, and a Dialogflow key file whose token_uri is one', async () => {
    const created = await tenant.admin.api.post('/api/queueIntegration', {
      type: 'webhook',
      name: 'Pedidos',
      urlN8N: 'https://hooks.example.com/balcao',
    });
    expect(created.status).toBe(201);
    const edit = await tenant.admin.api.put(`/api/queueIntegration/${created.body.id}`, {
      urlN8N: 'http://192.168.0.10/hook',
    });
    expect(edit.status).toBe(400);
    expect(edit.body.fields).toEqual({ urlN8N: 'internalAddress' });
    const account = dialogflow.serviceAccount();
    const agent = await tenant.admin.api.post('/api/queueIntegration', {
      type: 'dialogflow',
      name: 'Agente',
      jsonContent: JSON.stringify({ ...account.keyFile, token_uri: 'http://10.0.0.1/token' }),
    });
    expect(agent.status).toBe(400);
    expect(agent.body.fields).toEqual({ jsonContent: 'internalAddress' });
  });

  it("refuses a flow's typebot node whose urlN8N is an internal address, naming the node's field", async () => {
    const flow = await tenant.admin.api.post('/api/flowbuilder', { name: 'Fluxo' });
    expect(flow.status).toBe(201);
    const res = await tenant.admin.api.post('/api/flowbuilder/flow', {
      idFlow: flow.body.id,
      nodes: [
        { id: '1', type: 'start', position: { x: 0, y: 0 }, data: { label: 'Início' } },
        {
          id: 'typebot-node',
          type: 'typebot',
          position: { x: 300, y: 0 },
          data: { typebotIntegration: { name: 'Bot', urlN8N: 'http://0x7f000001/', typebotSlug: 'vendas' } },
        },
      ],
      connections: [{ source: '1', target: 'typebot-node' }],
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ 'nodes.1.data.typebotIntegration.urlN8N': 'internalAddress' });
  });
});

describe('a delivery to a name that resolves to an internal address', () => {
  it('fails with that reason and never reaches the address; allowed by host name, it goes', async () => {
    const integration = await insertIntegration(t, tenant.companyId, {
      type: 'webhook',
      urlN8N: `http://localhost:${port}/hook`,
    });
    const job = { companyId: tenant.companyId, integrationId: integration.id, messageId: 1, body: '{}' };
    const before = asked.length;
    await expect(deliverWebhook(t.running.deps, job)).rejects.toThrow('refused: internal address');
    expect(asked.length).toBe(before);
    // Allowed, the same delivery reaches the service (which answers 400: the delivery fails on that).
    await expect(deliverWebhook(allowing('localhost'), job)).rejects.toThrow('webhook answered 400');
    expect(asked.slice(before)).toEqual(['/hook']);
  });
});

describe("a Typebot's image bubble", () => {
  const bubble = (path: string, host = 'localhost') => ({
    kind: 'image' as const,
    url: `http://${host}:${port}${path}`,
  });

  it('at an internal address goes as its link, not fetched; OUTBOUND_ALLOWED_HOSTS lets a CIDR through', async () => {
    const before = asked.length;
    const refused = await repliesWithMedia(t.running.deps, tenant.companyId, [bubble('/logo.png')]);
    expect(refused).toEqual({ sends: [{ kind: 'text', body: bubble('/logo.png').url }], files: [] });
    expect(asked.length).toBe(before);
    const allowed = await repliesWithMedia(allowing('127.0.0.0/8'), tenant.companyId, [bubble('/logo.png')]);
    expect(allowed.sends).toEqual([{ kind: 'image', key: allowed.files[0], name: 'logo.png', mimetype: 'image/png' }]);
  });

  it('redirected from an allowed host to a blocked address goes as its link; the target is never asked', async () => {
    const before = asked.length;
    const got = await repliesWithMedia(allowing('localhost'), tenant.companyId, [bubble('/redirect')]);
    expect(got).toEqual({ sends: [{ kind: 'text', body: bubble('/redirect').url }], files: [] });
    expect(asked.slice(before)).toEqual(['/redirect']);
  });

  it('streamed past 5 MB without a content-length is cut there: sent as its link, nothing stored', async () => {
    const cap = 5 * 1024 * 1024;
    const rss = process.memoryUsage().rss;
    const got = await repliesWithMedia(allowing('127.0.0.1'), tenant.companyId, [bubble('/huge.png', '127.0.0.1')]);
    expect(got).toEqual({ sends: [{ kind: 'text', body: bubble('/huge.png', '127.0.0.1').url }], files: [] });
    await expect.poll(() => stream.closed).toBe(true);
    // The service got to write the cap plus the sockets' buffers, not its 300 MB.
    expect(stream.bytes).toBeLessThan(cap + 16 * 1024 * 1024);
    expect(process.memoryUsage().rss - rss).toBeLessThan(64 * 1024 * 1024);
  });
});
