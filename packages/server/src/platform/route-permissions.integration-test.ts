import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPER_PERMISSIONS } from '@balcao/contracts';
import { startTestApp, type TestApp } from '../../test/support/app.js';
import { createStaff, createTenant, type Tenant } from '../../test/support/factories.js';
import { routeAccessTable } from './route-table.js';

/**
 * Who may call every route, as the guard reads it from the route's `config`. A change of access
 * must show in review: update this table on purpose, never to make the test pass.
 * Routes marked (*) also decide in their handler (own record or own company, else 404).
 */
const EXPECTED_ACCESS = {
  'DELETE /api/queue-options/:id': 'queues:manage',
  'DELETE /api/queue/:id': 'queues:manage',
  'DELETE /api/quick-messages/:id': 'signed-in', // (*) owner or admin (403); another user's private answer 404
  'DELETE /api/quick-messages/:id/media-upload': 'signed-in', // (*) owner or admin
  'DELETE /api/tags/:id': 'signed-in', // (*) a kanban tag (a lane) needs tag-modal:editKanban
  'DELETE /api/ticket-notes/:id': 'signed-in', // (*) author or admin (403)
  'DELETE /api/ticket-tags/:ticketId': 'signed-in feature:useKanban',
  'GET /api/messages/:id/media': 'signed-in', // (*) ticket visibility, else 404
  'GET /api/queue': 'signed-in',
  'GET /api/queue-options': 'signed-in',
  'GET /api/queue-options/:id': 'signed-in',
  'GET /api/queue/:id': 'signed-in',
  'GET /api/quick-messages': 'signed-in',
  'GET /api/quick-messages/:id': 'signed-in',
  'GET /api/quick-messages/:id/media': 'signed-in',
  'GET /api/quick-messages/list': 'signed-in',
  'GET /api/tags': 'signed-in',
  'GET /api/tags/:id': 'signed-in',
  'GET /api/tags/kanban': 'signed-in feature:useKanban',
  'GET /api/tags/list': 'signed-in',
  'GET /api/ticket-notes/list': 'signed-in', // (*) ticket visibility, else 404
  'GET /api/ticket/kanban': 'signed-in feature:useKanban', // (*) scope by visibility, like GET /tickets
  'POST /api/contacts/import': 'signed-in',
  'POST /api/queue': 'queues:manage',
  'POST /api/queue-options': 'queues:manage',
  'POST /api/quick-messages': 'signed-in',
  'POST /api/quick-messages/:id/media-upload': 'signed-in', // (*) owner or admin
  'POST /api/tags': 'signed-in', // (*) kanban needs tag-modal:editKanban
  'POST /api/tags/sync': 'signed-in', // (*) ticket visibility, else 404
  'POST /api/ticket-notes': 'signed-in', // (*) ticket visibility, else 404
  'PUT /api/queue-options/:id': 'queues:manage',
  'PUT /api/queue/:id': 'queues:manage',
  'PUT /api/quick-messages/:id': 'signed-in', // (*) owner or admin
  'PUT /api/tags/:id': 'signed-in', // (*) changing kanban needs tag-modal:editKanban
  'PUT /api/ticket-tags/:ticketId/:tagId': 'signed-in feature:useKanban',
  'DELETE /api/messages/:id': 'signed-in', // (*) only your own sent message (403); ticket visibility, else 404
  'DELETE /api/tickets/:id': 'ticket-options:deleteTicket',
  'GET /api/messages/:ticketId': 'signed-in', // (*) ticket visibility, else 404
  'GET /api/tickets': 'signed-in', // (*) scope by visibility; showAll needs tickets-manager:showall
  'GET /api/tickets/:id': 'signed-in', // (*)
  'GET /api/tickets/:id/activity': 'signed-in', // (*) a ticket the caller cannot see is 404
  'POST /api/tickets/bulk': 'signed-in', // (*) each ticket as its single route; unseen → not_found
  'GET /api/tickets/u/:uuid': 'signed-in', // (*)
  'POST /api/messages/:ticketId': 'signed-in', // (*)
  'POST /api/tickets': 'signed-in', // (*) queue required unless admin
  'PUT /api/tickets/:id': 'signed-in', // (*)
  'DELETE /api/auth/logout': 'public',
  'DELETE /api/companies/:id': 'companies:manage',
  'DELETE /api/contacts/:id': 'contacts-page:deleteContact',
  'DELETE /api/helps/:id': 'helps:manage',
  'DELETE /api/plans/:id': 'plans:manage',
  'DELETE /api/users/:id': 'users:manage',
  'DELETE /api/whatsapp/:id': 'connections-page:editOrDeleteConnection',
  'DELETE /api/whatsappsession/:id': 'connections-page:actionButtons',
  'GET /api/auth/me': 'signed-in allowExpired',
  'GET /api/companies': 'companies:manage',
  'GET /api/companies/:id': 'signed-in', // (*) super or the company itself
  'GET /api/companies/list': 'companies:manage',
  'GET /api/companies/listPlan/:id': 'signed-in', // (*) super or the company itself
  'GET /api/imports/:id': 'companies:manage',
  'GET /api/contacts': 'signed-in',
  'GET /api/contact-lists': 'signed-in feature:useCampaigns',
  'GET /api/contact-lists/list': 'signed-in feature:useCampaigns',
  'GET /api/contact-lists/:id': 'signed-in feature:useCampaigns',
  'POST /api/contact-lists': 'signed-in feature:useCampaigns',
  'PUT /api/contact-lists/:id': 'signed-in feature:useCampaigns',
  'DELETE /api/contact-lists/:id': 'signed-in feature:useCampaigns',
  'POST /api/contact-lists/:id/upload': 'signed-in feature:useCampaigns',
  'GET /api/contact-list-items': 'signed-in feature:useCampaigns',
  'GET /api/contact-list-items/:id': 'signed-in feature:useCampaigns',
  'POST /api/contact-list-items': 'signed-in feature:useCampaigns',
  'PUT /api/contact-list-items/:id': 'signed-in feature:useCampaigns',
  'DELETE /api/contact-list-items/:id': 'contacts-page:deleteContact feature:useCampaigns',
  'GET /api/campaigns': 'signed-in feature:useCampaigns',
  'GET /api/campaigns/:id': 'signed-in feature:useCampaigns',
  'GET /api/campaigns/:id/media': 'signed-in feature:useCampaigns',
  'GET /api/campaigns/:id/failures': 'signed-in feature:useCampaigns',
  'POST /api/campaigns': 'signed-in feature:useCampaigns',
  'PUT /api/campaigns/:id': 'signed-in feature:useCampaigns', // (*) editing rules by status (409)
  'DELETE /api/campaigns/:id': 'signed-in feature:useCampaigns',
  'POST /api/campaigns/:id/cancel': 'signed-in feature:useCampaigns', // (*) in progress only (409)
  'POST /api/campaigns/:id/restart': 'signed-in feature:useCampaigns', // (*) cancelled only (409)
  'POST /api/campaigns/:id/send-now': 'signed-in feature:useCampaigns', // (*) not started, connection up (409)
  'POST /api/campaigns/:id/test': 'signed-in feature:useCampaigns', // (*) connection up (409); 10 a user, 30 a company per 10 min (429)
  'POST /api/campaigns/:id/media-upload': 'signed-in feature:useCampaigns', // (*) editing rules (409)
  'DELETE /api/campaigns/:id/media-upload': 'signed-in feature:useCampaigns', // (*) editing rules (409)
  'GET /api/campaign-settings': 'signed-in feature:useCampaigns',
  'POST /api/campaign-settings': 'signed-in feature:useCampaigns',
  'GET /api/schedules': 'signed-in feature:useSchedules',
  'GET /api/schedules/:id': 'signed-in feature:useSchedules',
  'GET /api/schedules/connection': 'signed-in feature:useSchedules',
  'GET /api/schedules/:id/media': 'signed-in feature:useSchedules',
  'POST /api/schedules': 'signed-in feature:useSchedules',
  'PUT /api/schedules/:id': 'signed-in feature:useSchedules', // (*) refused once sent (409)
  'DELETE /api/schedules/:id': 'signed-in feature:useSchedules',
  'POST /api/schedules/:id/media-upload': 'signed-in feature:useSchedules', // (*) refused once sent (409)
  'DELETE /api/schedules/:id/media-upload': 'signed-in feature:useSchedules', // (*) refused once sent (409)
  'GET /api/files': 'signed-in',
  'GET /api/files/:id': 'signed-in',
  'GET /api/files/:id/options/:optionId/media': 'signed-in',
  'POST /api/files': 'signed-in',
  'PUT /api/files/:id': 'signed-in',
  'DELETE /api/files/:id': 'signed-in',
  'POST /api/files/uploadList/:id': 'signed-in',
  'GET /api/flowbuilder': 'signed-in',
  'POST /api/flowbuilder': 'signed-in',
  'PUT /api/flowbuilder': 'signed-in',
  'DELETE /api/flowbuilder/:id': 'signed-in',
  'POST /api/flowbuilder/duplicate': 'signed-in',
  'GET /api/flowbuilder/flow/:id': 'signed-in',
  'POST /api/flowbuilder/flow': 'signed-in',
  'POST /api/flowbuilder/img': 'signed-in',
  'POST /api/flowbuilder/audio': 'signed-in',
  'POST /api/flowbuilder/content': 'signed-in',
  'GET /api/flowbuilder/media': 'signed-in', // (*) files the flow API stored for the caller's company, else 404
  'GET /api/flowcampaign': 'signed-in',
  'GET /api/flowcampaign/:id': 'signed-in',
  'POST /api/flowcampaign': 'signed-in',
  'PUT /api/flowcampaign': 'signed-in',
  'DELETE /api/flowcampaign/:id': 'contacts-page:deleteContact',
  'GET /api/queueIntegration': 'queue-integrations:manage feature:useIntegrations',
  'GET /api/queueIntegration/:id': 'queue-integrations:manage feature:useIntegrations',
  'POST /api/queueIntegration': 'queue-integrations:manage feature:useIntegrations',
  'POST /api/queueIntegration/testSession': 'queue-integrations:manage feature:useIntegrations',
  'PUT /api/queueIntegration/:id': 'queue-integrations:manage feature:useIntegrations',
  'DELETE /api/queueIntegration/:id': 'queue-integrations:manage feature:useIntegrations',
  'GET /api/prompt': 'prompts:manage feature:useOpenAi',
  'GET /api/prompt/:id': 'prompts:manage feature:useOpenAi',
  'POST /api/prompt': 'prompts:manage feature:useOpenAi',
  'PUT /api/prompt/:id': 'prompts:manage feature:useOpenAi',
  'DELETE /api/prompt/:id': 'prompts:manage feature:useOpenAi',
  'GET /api/contacts/:id': 'signed-in',
  'GET /api/contacts/list': 'signed-in',
  'GET /api/dashboard': 'dashboard:view',
  'GET /api/dashboard/export': 'dashboard:view',
  'GET /api/dashboard/ticketsDay': 'dashboard:view',
  'GET /api/dashboard/ticketsUsers': 'dashboard:view',
  'GET /api/reports/attendance': 'dashboard:view',
  'GET /api/reports/attendance.csv': 'dashboard:view',
  'GET /api/helps': 'signed-in',
  'GET /api/onboarding': 'signed-in',
  'PUT /api/onboarding': 'settings:manage',
  'GET /api/helps/:id': 'signed-in',
  'GET /api/helps/list': 'signed-in',
  'GET /api/plans/:id': 'signed-in',
  'GET /api/plans/all': 'signed-in',
  'GET /api/plans/list': 'public',
  'GET /api/health': 'public', // the process answers (operations-routes.ts)
  'GET /api/ready': 'public', // database, migrations, not shutting down; 503 naming the failed check
  'GET /api/sandbox/:whatsappId': 'connections-page:editOrDeleteConnection',
  'GET /api/sandbox/:whatsappId/conversations/:number': 'connections-page:editOrDeleteConnection',
  'GET /api/sandbox/:whatsappId/customers': 'connections-page:editOrDeleteConnection',
  'GET /api/sandbox/:whatsappId/media/:messageId': 'connections-page:editOrDeleteConnection',
  'GET /api/settings': 'signed-in',
  'GET /api/users': 'users:manage',
  'GET /api/users/:id': 'signed-in', // (*) users:manage, or oneself
  'GET /api/users/list': 'signed-in',
  'GET /api/webhooks/whatsapp/:connectionId': 'public', // Meta's verification: the connection's verify token
  'GET /api/whatsapp': 'signed-in',
  'GET /api/whatsapp/:id': 'signed-in',
  'GET /api/whatsapp/:id/templates': 'signed-in',
  'POST /api/auth/login': 'public',
  'POST /api/auth/refresh_token': 'public',
  'POST /api/companies': 'companies:manage',
  'POST /api/companies/cadastro': 'public',
  'POST /api/imports/atendechat': 'companies:manage',
  'POST /api/contacts': 'signed-in',
  'POST /api/contacts/upload': 'signed-in',
  'POST /api/contacts/upload/preview': 'signed-in',
  'POST /api/contacts/:id/template': 'signed-in', // (*) a ticket another person attends: 409 ERR_OTHER_OPEN_TICKET
  'POST /api/forgetpassword/:email': 'public',
  'POST /api/helps': 'helps:manage',
  'POST /api/messages/send': 'public', // authenticates by the connection token (external API)
  'GET /api/messages/media/:id': 'public', // the connection token reads its conversations' files (webhook mediaUrl)
  'POST /api/plans': 'plans:manage',
  'POST /api/resetpasswords/:email/:token/:newPassword': 'public',
  'POST /api/sandbox/:whatsappId/conversations/:number/read': 'connections-page:editOrDeleteConnection',
  'POST /api/sandbox/:whatsappId/customers': 'connections-page:editOrDeleteConnection',
  'POST /api/sandbox/:whatsappId/messages': 'connections-page:editOrDeleteConnection',
  'POST /api/sandbox/:whatsappId/scan': 'connections-page:editOrDeleteConnection',
  'POST /api/users': 'users:manage',
  'POST /api/users/set-language/:lang': 'signed-in allowExpired',
  'POST /api/webhooks/whatsapp/:connectionId': 'public', // Meta's deliveries: X-Hub-Signature-256 with the app secret
  'POST /api/whatsapp': 'connections-page:addConnection',
  'POST /api/whatsapp/:id/token': 'connections-page:editOrDeleteConnection',
  'POST /api/whatsapp/:id/templates/sync': 'connections-page:editOrDeleteConnection',
  'POST /api/whatsappsession/:id': 'connections-page:actionButtons',
  'PUT /api/companies/:id': 'companies:manage',
  'PUT /api/companies/:id/schedules': 'signed-in', // (*) super, or settings:manage in the company itself
  'PUT /api/contacts/:id': 'signed-in',
  'PUT /api/helps/:id': 'helps:manage',
  'PUT /api/plans/:id': 'plans:manage',
  'PUT /api/settings/:key': 'settings:manage',
  'PUT /api/users/:id': 'signed-in', // (*) users:manage, or oneself without profile/queues/connection
  'PUT /api/whatsapp/:id': 'connections-page:editOrDeleteConnection',
  'PUT /api/whatsappsession/:id': 'connections-page:actionButtons',
  // Internal chat: (*) members only (anyone else 404); PUT and DELETE the owner only (403).
  'GET /api/chats': 'signed-in feature:useInternalChat', // (*) the caller's chats only
  'POST /api/chats': 'signed-in feature:useInternalChat',
  'GET /api/chats/:id': 'signed-in feature:useInternalChat', // (*)
  'PUT /api/chats/:id': 'signed-in feature:useInternalChat', // (*) owner
  'DELETE /api/chats/:id': 'signed-in feature:useInternalChat', // (*) owner
  'GET /api/chats/:id/messages': 'signed-in feature:useInternalChat', // (*)
  'POST /api/chats/:id/messages': 'signed-in feature:useInternalChat', // (*)
  'POST /api/chats/:id/read': 'signed-in feature:useInternalChat', // (*)
  // Announcements: everyone reads the active ones (*), super users all of them and write.
  'GET /api/announcements': 'signed-in', // (*)
  'GET /api/announcements/:id': 'signed-in', // (*) an inactive one 404 unless super
  'GET /api/announcements/:id/media': 'signed-in', // (*) as GET /announcements/:id
  'POST /api/announcements': 'announcements:manage',
  'PUT /api/announcements/:id': 'announcements:manage',
  'DELETE /api/announcements/:id': 'announcements:manage',
  'POST /api/announcements/:id/media-upload': 'announcements:manage',
  'DELETE /api/announcements/:id/media-upload': 'announcements:manage',
  // Billing: admins pay, expired or not; a refused login's billing token is taken here only.
  'GET /api/invoices/all': 'invoices:manage allowExpired billingToken', // (*) own company
  'GET /api/invoices/:id': 'invoices:manage allowExpired billingToken', // (*) own company, else 404
  'POST /api/subscription': 'invoices:manage allowExpired billingToken', // (*) an open invoice of its own
  'POST /api/webhooks/asaas': 'public', // Asaas' events: asaas-access-token = ASAAS_WEBHOOK_TOKEN, else 401
};

let t: TestApp;
let table: Record<string, string>;
let tenant: Tenant;
let staff: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await startTestApp();
  table = routeAccessTable(t.running.app);
  tenant = await createTenant(t);
  staff = await createStaff(t, tenant);
});
afterAll(() => t.stop());

/** A concrete URL for a route pattern. */
const SAMPLE_PARAMS: Record<string, string> = {
  id: '1',
  key: 'userRating',
  lang: 'en',
  email: 'someone@example.com',
  token: '123456',
  newPassword: 'Strong-pass-1',
};
const concrete = (path: string) => path.replace(/:(\w+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? '1');

/** Every route whose access matches, as [method, concrete path]. */
const routesWhere = (match: (access: string) => boolean) =>
  Object.entries(table)
    .filter(([, access]) => match(access))
    .map(([route]) => {
      const [method, path] = route.split(' ') as [string, string];
      return [method, concrete(path)] as const;
    });

const isSuperOnly = (access: string) => (SUPER_PERMISSIONS as readonly string[]).includes(access.split(' ')[0]!);

describe('route permissions', () => {
  it('match the reviewed table', () => {
    expect(table).toEqual(EXPECTED_ACCESS);
  });

  it('every route that is not public refuses an anonymous caller with 401', async () => {
    const refused = [];
    for (const [method, path] of routesWhere((a) => a !== 'public')) {
      const res = await t.api.request(method, path, method === 'GET' || method === 'DELETE' ? undefined : {});
      refused.push(`${method} ${path} ${res.status} ${res.body?.error}`);
    }
    expect(refused.filter((line) => !line.endsWith(' 401 ERR_SESSION_EXPIRED'))).toEqual([]);
  });

  it('every route that needs a permission refuses a plain user with 403', async () => {
    const answers = [];
    for (const [method, path] of routesWhere((a) => a !== 'public' && !a.startsWith('signed-in'))) {
      const res = await staff.api.request(method, path, method === 'GET' || method === 'DELETE' ? undefined : {});
      answers.push(`${method} ${path} ${res.status} ${res.body?.error}`);
    }
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.filter((line) => !line.endsWith(' 403 ERR_NO_PERMISSION'))).toEqual([]);
  });

  it('every super-only route refuses a company admin with 403', async () => {
    const answers = [];
    for (const [method, path] of routesWhere(isSuperOnly)) {
      const res = await tenant.admin.api.request(
        method,
        path,
        method === 'GET' || method === 'DELETE' ? undefined : {},
      );
      answers.push(`${method} ${path} ${res.status} ${res.body?.error}`);
    }
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.filter((line) => !line.endsWith(' 403 ERR_NO_PERMISSION'))).toEqual([]);
  });
});
