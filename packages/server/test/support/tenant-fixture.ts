import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from './app.js';
import type { ApiResponse } from './client.js';
import { createStaff, type Tenant } from './factories.js';
import type { IdsByEntity } from './schema-arbitrary.js';
import { inTenant } from '../../src/db/client.js';
import { invoices } from '../../src/db/schema/index.js';

/**
 * One row of every entity a company owns, made through the API as an admin would, each carrying
 * `marker` in its text: the generated suites take their ids from here, and a response that shows
 * another company's marker has leaked its data.
 */
export interface Populated {
  tenant: Tenant;
  ids: IdsByEntity;
  /** The API token of the company's connection (the external API's bearer). */
  connectionToken: string;
  marker: string;
}

const created = <T = any>(res: ApiResponse<T>, what: string): T => {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
};

export async function populateTenant(t: TestApp, tenant: Tenant, planId: number, marker: string): Promise<Populated> {
  const api = tenant.admin.api;
  const hex = () => `#${randomBytes(3).toString('hex')}`;
  const staff = await createStaff(t, tenant, { name: `${marker} staff` });
  const queue = created(await api.post('/api/queue', { name: `${marker} fila`, color: hex() }), 'queue');
  const option = created(
    await api.post('/api/queue-options', { queueId: queue.id, title: `${marker} opção`, message: marker }),
    'queue option',
  );
  const connection = created(
    await api.post('/api/whatsapp', { name: `${marker} conexão`, provider: 'sandbox' }),
    'connection',
  );
  const contact = created(
    await api.post('/api/contacts', { name: `${marker} cliente`, number: `55119${String(Date.now()).slice(-8)}` }),
    'contact',
  );
  const ticket = created(
    await api.post('/api/tickets', { contactId: contact.id, queueId: queue.id, whatsappId: connection.id }),
    'ticket',
  );
  const message = created(await api.post(`/api/messages/${ticket.id}`, { body: `${marker} mensagem` }), 'message');
  const tag = created(await api.post('/api/tags', { name: `${marker} tag` }), 'tag');
  // What may hold the queue's tickets before an attendant: an outside service and an AI prompt.
  const integration = created(
    await api.post('/api/queueIntegration', {
      type: 'webhook',
      name: `${marker} integração`,
      urlN8N: 'https://hooks.example.com/balcao',
    }),
    'queue integration',
  );
  const prompt = created(
    await api.post('/api/prompt', {
      name: `${marker} assistente`,
      prompt: `${marker}: você é a assistente da empresa e responde com cordialidade.`,
      apiKey: `sk-${marker}`,
      queueId: queue.id,
    }),
    'prompt',
  );
  const quick = created(
    await api.post('/api/quick-messages', { shortcode: `${marker}-atalho`, message: marker }),
    'quick message',
  );
  const note = created(
    await api.post('/api/ticket-notes', { note: `${marker} nota`, ticketId: ticket.id, contactId: contact.id }),
    'ticket note',
  );
  const schedule = created(
    await api.post('/api/schedules', {
      body: `${marker} agendamento`,
      contactId: contact.id,
      sendAt: '2099-01-01T12:00:00Z',
    }),
    'schedule',
  );
  const contactList = created(await api.post('/api/contact-lists', { name: `${marker} lista` }), 'contact list');
  const contactListItem = created(
    await api.post('/api/contact-list-items', {
      name: `${marker} pessoa`,
      number: `55119${String(Date.now() + 1).slice(-8)}`,
      contactListId: contactList.id,
    }),
    'contact list item',
  );
  const fileList = created(
    await api.post('/api/files', {
      name: `${marker} arquivos`,
      message: marker,
      options: [{ name: `${marker} opção` }],
    }),
    'file list',
  );
  const campaign = created(
    await api.post('/api/campaigns', {
      name: `${marker} campanha`,
      contactListId: contactList.id,
      whatsappId: connection.id,
      message1: `${marker} olá {{firstName}}`,
    }),
    'campaign',
  );
  // A flow with a small saved graph: start → message → ticket (to the company's queue).
  const flow = created(await api.post('/api/flowbuilder', { name: `${marker} fluxo` }), 'flow');
  created(
    await api.post('/api/flowbuilder/flow', {
      idFlow: flow.id,
      nodes: [
        { id: '1', type: 'start', position: { x: 250, y: 100 }, data: { label: 'Inicio do fluxo' } },
        { id: 'msg', type: 'message', position: { x: 540, y: 100 }, data: { label: `${marker} olá` } },
        { id: 'tkt', type: 'ticket', position: { x: 830, y: 100 }, data: { data: { id: queue.id, name: queue.name } } },
      ],
      connections: [
        { source: '1', target: 'msg' },
        { source: 'msg', target: 'tkt' },
      ],
    }),
    'flow graph',
  );
  const flowCampaign = created(
    await api.post('/api/flowcampaign', {
      name: `${marker} gatilho`,
      flowId: flow.id,
      whatsappId: connection.id,
      phrase: `${marker} quero`,
    }),
    'flow campaign',
  );
  // An internal chat between the admin (its owner) and the staff member, with a message.
  const chat = created(await api.post('/api/chats', { title: `${marker} chat`, users: [{ id: staff.id }] }), 'chat');
  created(await api.post(`/api/chats/${chat.id}/messages`, { message: `${marker} recado` }), 'chat message');
  // Invoices are issued by signup and the daily job, not through the API: one written directly.
  const [invoice] = await inTenant(t.running.deps.pools.db, tenant.companyId, (tx) =>
    tx
      .insert(invoices)
      .values({ companyId: tenant.companyId, detail: `${marker} fatura`, value: 30, dueDate: '2099-01-01' })
      .returning({ id: invoices.id }),
  );
  const token = (await api.get(`/api/whatsapp/${connection.id}`)).body.token as string;
  expect(token).toBeTruthy();
  return {
    tenant,
    marker,
    connectionToken: token,
    ids: {
      companies: [tenant.companyId],
      plans: [planId],
      users: [staff.id],
      whatsapps: [connection.id],
      queues: [queue.id],
      queueOptions: [option.id],
      contacts: [contact.id],
      tickets: [ticket.id],
      'tickets.uuid': [ticket.uuid],
      messages: [message.messages[0].id],
      tags: [tag.id],
      quickMessages: [quick.id],
      ticketNotes: [note.id],
      schedules: [schedule.id],
      queueIntegrations: [integration.id],
      prompts: [prompt.id],
      contactLists: [contactList.id],
      contactListItems: [contactListItem.id],
      campaigns: [campaign.id],
      fileLists: [fileList.id],
      fileListOptions: [fileList.options[0].id],
      flows: [flow.id],
      flowCampaigns: [flowCampaign.id],
      invoices: [invoice!.id],
      chats: [chat.id],
    },
  };
}
