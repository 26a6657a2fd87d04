import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { change, delivery, entry, postDelivery, profile, text } from '../support/cloud-webhook.js';
import { eventually } from '../support/eventually.js';
import { connectSocket, within } from '../support/socket.js';
import { answeredBy, createCompany, insertCloudConnection, metric, startCluster, type Cluster } from './cluster.js';
import type { ProductProcess } from './product-process.js';

/**
 * Issue 33, point 4: two product processes on one PostgreSQL behind a real nginx running
 * deploy/nginx/balcao.conf. The tests run in order: each leaves the cluster as the next expects.
 */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const SHUTDOWN_DELAY_MS = 1_000;

let c: Cluster;
let company: Awaited<ReturnType<typeof createCompany>>;
let conn: Awaited<ReturnType<typeof insertCloudConnection>>;
let socket: Socket | undefined;
let ticketId: number;
const customer = `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

beforeAll(async () => {
  c = await startCluster({ shutdownDelayMs: SHUTDOWN_DELAY_MS });
  company = await createCompany(c.nginx.url);
  conn = await insertCloudConnection(c.db, company.companyId);
  // Meta reports every accepted send by a status to the connection's webhook, through the proxy.
  c.graph.webhook(conn.phoneNumberId, {
    url: `${c.nginx.url}/api/webhooks/whatsapp/${conn.id}`,
    appSecret: conn.appSecret,
  });
});
afterAll(async () => {
  socket?.disconnect();
  await c?.stop();
});

/** A customer's text, delivered by Meta's webhook through nginx. */
const inbound = (body: string) =>
  postDelivery(
    c.nginx.url,
    conn.id,
    delivery(
      entry(change(conn.phoneNumberId, { contacts: [profile(customer, 'Cliente')], messages: [text(customer, body)] })),
    ),
    conn.appSecret,
  );
/** The process holding the Cloud connection (its lease), read from each process's metrics. */
const holder = async () => {
  const held = await Promise.all(c.products.map(async (p) => (p.alive() ? metric(p, 'balcao_whatsapp_sessions') : 0)));
  return held.filter((n) => n > 0).length === 1 ? c.products[held.findIndex((n) => n > 0)] : undefined;
};
const other = (p: ProductProcess) => c.products.find((q) => q !== p)!;
/**
 * The connection's outbound messages queued or in flight, read from the database: the outbox
 * gauge is a snapshot up to 1 s old (metrics-scrape.ts), which after fast tests still showed 0
 * while the last test's picture was being sent.
 */
const unsent = async () =>
  (
    await c.db.query<{ n: number }>(
      `select count(*)::int as n from messages
        where whatsapp_id = $1 and from_me and external_id is null and error is null and not is_deleted`,
      [conn.id],
    )
  ).rows[0]!.n;
const sentBodies = () =>
  c.graph.sent.filter((s) => s.phoneNumberId === conn.phoneNumberId).map((s) => s.body.text?.body);

describe('two processes behind nginx', () => {
  it('nginx serves the built assets itself and passes the API to both processes', async () => {
    const asset = await fetch(`${c.nginx.url}/assets/app-multi.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(await asset.text()).toContain('balcão');

    const seen = new Set<ProductProcess>();
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${c.nginx.url}/api/ready`);
      expect(res.status).toBe(200);
      seen.add(answeredBy(res.headers, c.products)!);
    }
    expect(seen).toEqual(new Set(c.products));
  });

  it('a socket on one process hears a message that arrived through the other', async () => {
    // Right after the processes start: a new process publishes to the others before its adapter
    // has counted them (realtime.ts, MESH_MS), so no event is lost while they find each other.
    socket = await connectSocket(c.nginx.url, company.token);
    const counts = await eventually(async () => {
      const n = await Promise.all(c.products.map((p) => metric(p, 'balcao_socket_connections')));
      return n[0]! + n[1]! === 1 ? n : undefined;
    });
    const a = c.products[counts.indexOf(1)]!;
    const heard: string[] = [];
    socket.on(`company-${company.companyId}-appMessage`, (e: any) => {
      if (e.action === 'create') heard.push(e.message.body);
    });

    // Deliveries through nginx until one is answered by the process the socket is not on.
    let throughB: string | undefined;
    for (let i = 0; i < 6 && !throughB; i++) {
      const body = `Olá ${i}`;
      const res = await inbound(body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      if (answeredBy(res.headers, c.products) === other(a)) throughB = body;
    }
    expect(throughB).toBeDefined();
    await within(
      eventually(() => heard.includes(throughB!)),
      10_000,
      `the socket on ${a.port} to hear "${throughB}"`,
    );

    const { rows } = await c.db.query<{ ticketId: number }>(
      `select ticket_id as "ticketId" from messages where whatsapp_id = $1 and body = $2`,
      [conn.id, throughB],
    );
    ticketId = rows[0]!.ticketId;
  });

  it('a media file uploaded through one process is served by the other', async () => {
    expect((await company.api.put(`/api/tickets/${ticketId}`, { status: 'open' })).status).toBe(200);
    const form = new FormData();
    form.append('body', 'segue a foto');
    form.append('medias', new Blob([PNG], { type: 'image/png' }), 'foto.png');
    const res = await fetch(`${c.nginx.url}/api/messages/${ticketId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${company.token}` },
      body: form,
    });
    const body = (await res.json()) as any;
    expect(res.status, JSON.stringify(body)).toBe(201);
    const uploader = answeredBy(res.headers, c.products)!;
    const image = body.messages[0];
    expect(c.s3.objects.get(image.mediaUrl)?.data).toEqual(PNG);

    const served = await eventually(async () => {
      const r = await fetch(`${c.nginx.url}/api/messages/${image.id}/media`, {
        headers: { authorization: `Bearer ${company.token}` },
      });
      const bytes = Buffer.from(await r.arrayBuffer());
      return answeredBy(r.headers, c.products) === other(uploader) ? { status: r.status, bytes } : undefined;
    });
    expect(served.status).toBe(200);
    expect(served.bytes).toEqual(PNG);
  });

  it('kill -9 of the Cloud connection holder: the survivor takes it and sends the queued messages, each once', async () => {
    const held = await eventually(holder, 30_000, 'a process to hold the connection');
    const survivor = other(held);
    // Nothing left to send or in flight from before (the picture of the last test): a send the
    // kill cut short would hold its ticket, and the messages below, until Meta's status settles it.
    await eventually(async () => (await unsent()) === 0, 20_000, 'the outbox to be empty');
    held.child.kill('SIGKILL');
    await held.exited;

    // Queued while the dead process's lease still runs: nobody sends them yet.
    const bodies = ['um', 'dois', 'três', 'quatro', 'cinco'].map((w) => `depois do kill ${w}`);
    for (const b of bodies) {
      const res = await company.api.post(`/api/messages/${ticketId}`, { body: b });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(answeredBy(res.headers, c.products)).toBe(survivor);
    }

    // By design within ~25 s of the kill (channels/leases.ts: the dead holder's lease lives 20 s
    // after its last renewal; the survivor looks every 5 s); 60 s leaves room for a loaded machine.
    await eventually(
      () => bodies.every((b) => sentBodies().includes(b)),
      60_000,
      'the survivor to send the queued messages',
    );
    expect(await metric(survivor, 'balcao_whatsapp_sessions')).toBe(1);
    await eventually(async () => (await unsent()) === 0, 10_000, 'the outbox to be empty');
    for (const b of bodies)
      expect(
        sentBodies().filter((s) => s === b),
        b,
      ).toHaveLength(1);

    // Back to two processes for the next test.
    await c.restart(c.products.indexOf(held));
  });

  it('SIGTERM of one process under load: every GET and POST is answered, no POST runs twice (nginx drains it)', async () => {
    // A stopping process answers GETs 503 unrun (nginx passes them on and leaves it out) and runs
    // every other request; its listener closes once nginx stops sending (platform/http-drain.ts).
    const victim = c.products[0]!;
    const survivor = c.products[1]!;
    const failed: string[] = [];
    const posted: string[] = [];
    const by = new Map<ProductProcess | undefined, number>();
    let stopAfter = Infinity;
    let n = 0;
    const worker = async () => {
      while (n < stopAfter) {
        const i = ++n;
        const body = `carga ${i}`;
        const res =
          i % 3 === 0
            ? await company.api.post(`/api/messages/${ticketId}`, { body })
            : await (i % 3 === 1 ? company.api.get(`/api/tickets/${ticketId}`) : company.api.get('/api/auth/me'));
        if (res.status >= 300) failed.push(`${i}: ${res.status} ${JSON.stringify(res.body)}`);
        else if (i % 3 === 0) posted.push(body);
        const p = answeredBy(res.headers, c.products);
        by.set(p, (by.get(p) ?? 0) + 1);
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, worker));
    await eventually(() => (by.get(victim) ?? 0) >= 20 && (by.get(survivor) ?? 0) >= 20, 30_000, 'load on both');
    victim.child.kill('SIGTERM');
    expect(await victim.exited).toBe(0);
    // Keep the load on a while after the exit, then let it end.
    stopAfter = n + 100;
    await load;

    expect(failed).toEqual([]);
    expect(n).toBeGreaterThan(140);
    expect(victim.output()).toContain('shutting down');
    // Each POST answered made one message, once.
    const { rows } = await c.db.query<{ body: string; n: number }>(
      `select body, count(*)::int as n from messages where ticket_id = $1 and body like 'carga %' group by body`,
      [ticketId],
    );
    expect(rows.filter((r) => r.n !== 1)).toEqual([]);
    expect(rows.map((r) => r.body).sort()).toEqual([...posted].sort());
  });
});
