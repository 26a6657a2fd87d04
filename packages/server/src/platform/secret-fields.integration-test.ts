import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Socket } from 'socket.io-client';
import { SECRET_FIELDS, type SecretField } from '@balcao/contracts';
import { startTestApp } from '../../test/support/app.js';
import { createPlan, createStaff, createTenant } from '../../test/support/factories.js';
import { populateTenant } from '../../test/support/tenant-fixture.js';
import { makeServiceAccount } from '../../test/support/fake-dialogflow.js';
import { connectSocket } from '../../test/support/socket.js';
import type { Api } from '../../test/support/client.js';
import { sendWire, toWire, validInput } from '../../test/support/route-requests.js';
import { routeTable } from './route-table.js';

/**
 * The generated secrets suite. Every secret the contracts list (`SECRET_FIELDS`) is planted with a
 * known value through the API, as an admin would; then every GET route of the route table is
 * called as the company's admin and as a plain user, and every socket event both received is
 * read: a `masked` secret appears in none of them, an `admins` one in nothing the user gets. A
 * secret added to the list needs a planter here, and is then checked everywhere.
 */
const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env.SECRET_RUNS ?? 2);

const t = await startTestApp();
afterAll(() => t.stop());
const planId = (await createPlan(t, { users: 100, connections: 100, queues: 100, useOpenAi: true })).id;
const populated = await populateTenant(t, await createTenant(t, { planId }), planId, 'secrets-suite');
const { tenant, ids } = populated;
const admin = tenant.admin.api;
const staff = await createStaff(t, tenant, { name: 'Plain user' });

/** Everything each of them received on a socket, as JSON text. */
const heard: Record<'admin' | 'staff', string[]> = { admin: [], staff: [] };
const sockets: Socket[] = [];
for (const [who, token] of [
  ['admin', tenant.admin.token],
  ['staff', staff.token],
] as const) {
  const socket = await connectSocket(t.url, token);
  socket.onAny((event: string, ...args: unknown[]) => heard[who].push(`${event} ${JSON.stringify(args)}`));
  socket.emit('joinNotification');
  for (const status of ['open', 'pending', 'closed']) socket.emit('joinTickets', status);
  sockets.push(socket);
}
afterAll(() => sockets.forEach((s) => s.disconnect()));

/** A secret no other text holds by chance. */
const secret = (prefix: string) => `${prefix}-${randomBytes(12).toString('hex')}-SECRET`;
/** Answers of the writes that planted the secrets (a save answers as a read does). */
const plantAnswers: string[] = [];
async function ok(res: Promise<{ status: number; body: unknown }>, what: string) {
  const r = await res;
  expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
  plantAnswers.push(JSON.stringify(r.body));
  return r.body as any;
}

/** Each secret field's planter: stores a known value through the API, answers it. */
async function plant(api: Api): Promise<Record<SecretField, string>> {
  const promptId = ids.prompts![0]!;
  const apiKey = secret('sk-prompt');
  const voiceKey = secret('voice-prompt');
  await ok(
    api.put(`/api/prompt/${promptId}`, {
      apiKey,
      voice: 'pt-BR-FranciscaNeural',
      voiceKey,
      voiceRegion: 'brazilsouth',
    }),
    'prompt keys',
  );

  const flowKey = secret('sk-flow');
  const flowVoice = secret('voice-flow');
  const aiNode = {
    id: 'ai',
    type: 'openai',
    position: { x: 540, y: 100 },
    data: {
      typebotIntegration: {
        name: 'IA',
        prompt: 'Seja breve',
        apiKey: flowKey,
        voice: 'pt-BR-FranciscaNeural',
        voiceKey: flowVoice,
        queueId: ids.queues![0],
      },
    },
  };
  await ok(
    api.post('/api/flowbuilder/flow', {
      idFlow: ids.flows![0],
      nodes: [{ id: '1', type: 'start', position: { x: 250, y: 100 }, data: {} }, aiNode],
      connections: [{ source: '1', target: 'ai' }],
    }),
    'flow keys',
  );

  const account = makeServiceAccount('https://oauth2.example.com');
  await ok(
    api.post('/api/queueIntegration', {
      type: 'dialogflow',
      name: 'Agente',
      projectName: account.keyFile.project_id,
      jsonContent: JSON.stringify(account.keyFile),
      language: 'pt-BR',
    }),
    'dialogflow key',
  );
  // A PEM line of the key's body: what any copy of the key, escaped or not, holds.
  const pemLine = account.keyFile.private_key.split('\n')[5]!;

  const { rows } = await t.running.deps.pools.owner.query<{ signing_secret: string }>(
    'select signing_secret from queue_integrations where id = $1',
    [ids.queueIntegrations![0]],
  );

  const accessToken = secret('EAAG');
  const appSecret = secret('app');
  const verifyToken = secret('verify');
  await ok(
    api.post('/api/whatsapp', {
      name: 'Cloud',
      provider: 'cloud',
      phoneNumberId: '1234567890',
      accessToken,
      appSecret,
      verifyToken,
    }),
    'cloud connection',
  );
  const token = secret('api-token');
  await ok(api.put(`/api/whatsapp/${ids.whatsapps![0]}`, { token }), 'connection token');

  const asaas = secret('asaas');
  // The operator's key, kept on the platform's company: no route shows it to a company.
  await ok(t.api.as(await t.superToken()).put('/api/settings/asaas', { value: asaas }), 'asaas token');

  return {
    'prompts.apiKey': apiKey,
    'prompts.voiceKey': voiceKey,
    'flows.nodes.openai.apiKey': flowKey,
    'flows.nodes.openai.voiceKey': flowVoice,
    'queueIntegrations.jsonContent.private_key': pemLine,
    'queueIntegrations.signingSecret': rows[0]!.signing_secret,
    'whatsapps.accessToken': accessToken,
    'whatsapps.appSecret': appSecret,
    'whatsapps.token': token,
    'whatsapps.verifyToken': verifyToken,
    'settings.asaas': asaas,
  };
}

const planted = await plant(admin);
// Events of the writes arrive after their answers.
await new Promise((r) => setTimeout(r, 500));
await t.running.deps.sessions.stop();

const fields = Object.entries(SECRET_FIELDS) as Array<[SecretField, (typeof SECRET_FIELDS)[SecretField]]>;
/** The secrets a viewer must never get in full. */
const hiddenFrom = (who: 'admin' | 'staff') =>
  fields
    .filter(([, shown]) => who === 'staff' || shown === 'masked')
    .map(([field]) => [field, planted[field]] as const);
const leaks = (text: string, who: 'admin' | 'staff') =>
  hiddenFrom(who)
    .filter(([, value]) => text.includes(value))
    .map(([field]) => field);

const routes = routeTable(t.running.app).filter((r) => r.method === 'GET' && r.url.startsWith('/api/') && !r.public);
let requests = 0;

describe('secrets the API stores', () => {
  it('each listed secret has a planter (a new secret field is checked, not skipped)', async () => {
    for (const [field] of fields) expect(planted[field], field).toMatch(/.{8}/);
    // Planted where the suite looks: the admin reads an admin-only one in full.
    expect((await admin.get(`/api/whatsapp/${ids.whatsapps![0]}`)).body.token).toBe(planted['whatsapps.token']);
  });

  it('no answer of a write that stored them carries a masked one', () => {
    for (const text of plantAnswers) expect(leaks(text, 'admin')).toEqual([]);
  });

  it.each(routes.map((r) => [`${r.method} ${r.url}`, r] as const))('%s answers none of them', async (_, route) => {
    const inputs = fc.sample(validInput(route, ids), { numRuns: RUNS, seed });
    for (const input of inputs)
      for (const [who, token] of [
        ['admin', tenant.admin.token],
        ['staff', staff.token],
      ] as const) {
        const res = await sendWire(t.url, route.method, toWire(route, input), { authorization: `Bearer ${token}` });
        requests++;
        expect(leaks(res.text, who), `${who} ${toWire(route, input).path} → ${res.status}`).toEqual([]);
      }
  });

  it('no socket event carries them (the admin got events, the user none of the admin-only ones)', () => {
    expect(heard.admin.length).toBeGreaterThan(0);
    for (const who of ['admin', 'staff'] as const)
      for (const event of heard[who]) expect(leaks(event, who), `${who}: ${event.slice(0, 200)}`).toEqual([]);
  });

  it('sent what it says (figures for the notes)', () => {
    console.log(`secrets suite: ${fields.length} secrets, ${routes.length} GET routes, ${requests} requests`);
    expect(requests).toBeGreaterThanOrEqual(routes.length * 2);
  });
});
