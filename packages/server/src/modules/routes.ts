import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../platform/context.js';
import type { EventsFor } from '../channels/channel.js';
import { authRoutes } from './auth/routes.js';
import { passwordRoutes } from './auth/password-routes.js';
import { planRoutes } from './plans/routes.js';
import { companyRoutes } from './companies/routes.js';
import { userRoutes } from './users/routes.js';
import { settingRoutes } from './settings/routes.js';
import { helpRoutes } from './helps/routes.js';
import { cloudWebhookRoutes } from '../channels/cloud/webhook-routes.js';
import { connectionRoutes, connectionSessionRoutes } from './connections/routes.js';
import { externalApiRoutes } from './external-api/routes.js';
import { ticketRoutes } from './tickets/routes.js';
import { messageRoutes } from './messages/routes.js';
import { contactRoutes } from './contacts/routes.js';
import { sandboxRoutes } from '../channels/sandbox/routes.js';
import { tagRoutes, ticketTagRoutes } from './tags/routes.js';
import { kanbanRoutes } from './kanban/routes.js';
import { quickMessageRoutes } from './quick-messages/routes.js';
import { ticketNoteRoutes } from './ticket-notes/routes.js';
import { scheduleRoutes } from './schedules/routes.js';
import { contactListItemRoutes, contactListRoutes } from './contact-lists/routes.js';
import { queueRoutes } from './queues/routes.js';
import { queueOptionRoutes } from './queue-options/routes.js';
import { campaignRoutes, campaignSettingRoutes } from './campaigns/routes.js';
import { fileListRoutes } from './file-lists/routes.js';
import { flowRoutes } from './flows/routes.js';
import { flowCampaignRoutes } from './flow-campaigns/routes.js';
import { chatRoutes } from './chats/routes.js';
import { announcementRoutes } from './announcements/routes.js';
import { dashboardRoutes } from './dashboard/routes.js';
import { reportsRoutes } from './reports/routes.js';
import { invoiceRoutes, subscriptionRoutes } from './invoices/routes.js';
import { asaasWebhookRoutes } from './invoices/webhook-routes.js';
import { queueIntegrationRoutes } from './queue-integrations/routes.js';
import { promptRoutes } from './prompts/routes.js';
import { importRoutes } from './imports/routes.js';
import { onboardingRoutes } from './onboarding/routes.js';

/**
 * Every API module and the prefix it answers under /api. Provider routes that receive reports
 * (the Cloud API webhook, the sandbox simulator) get the door into the pipeline, `eventsFor`.
 */
export const apiRoutes =
  (deps: Deps, eventsFor: EventsFor): FastifyPluginAsync =>
  async (api) => {
    await api.register(authRoutes(deps), { prefix: '/auth' });
    await api.register(passwordRoutes(deps));
    await api.register(planRoutes(deps), { prefix: '/plans' });
    await api.register(companyRoutes(deps), { prefix: '/companies' });
    await api.register(importRoutes(deps), { prefix: '/imports' });
    await api.register(onboardingRoutes(deps), { prefix: '/onboarding' });
    await api.register(userRoutes(deps), { prefix: '/users' });
    await api.register(settingRoutes(deps), { prefix: '/settings' });
    await api.register(helpRoutes(deps), { prefix: '/helps' });
    await api.register(cloudWebhookRoutes(deps, eventsFor), { prefix: '/webhooks/whatsapp' });
    await api.register(connectionRoutes(deps), { prefix: '/whatsapp' });
    await api.register(connectionSessionRoutes(deps), { prefix: '/whatsappsession' });
    await api.register(externalApiRoutes(deps), { prefix: '/messages' });
    await api.register(ticketRoutes(deps), { prefix: '/tickets' });
    await api.register(messageRoutes(deps), { prefix: '/messages' });
    await api.register(contactRoutes(deps), { prefix: '/contacts' });
    await api.register(sandboxRoutes(deps, eventsFor), { prefix: '/sandbox' });
    await api.register(tagRoutes(deps), { prefix: '/tags' });
    await api.register(ticketTagRoutes(deps), { prefix: '/ticket-tags' });
    await api.register(kanbanRoutes(deps), { prefix: '/ticket' });
    await api.register(quickMessageRoutes(deps), { prefix: '/quick-messages' });
    await api.register(ticketNoteRoutes(deps), { prefix: '/ticket-notes' });
    await api.register(scheduleRoutes(deps), { prefix: '/schedules' });
    await api.register(contactListRoutes(deps), { prefix: '/contact-lists' });
    await api.register(contactListItemRoutes(deps), { prefix: '/contact-list-items' });
    await api.register(queueRoutes(deps), { prefix: '/queue' });
    await api.register(queueOptionRoutes(deps), { prefix: '/queue-options' });
    await api.register(campaignRoutes(deps), { prefix: '/campaigns' });
    await api.register(campaignSettingRoutes(deps), { prefix: '/campaign-settings' });
    await api.register(fileListRoutes(deps), { prefix: '/files' });
    await api.register(flowRoutes(deps), { prefix: '/flowbuilder' });
    await api.register(flowCampaignRoutes(deps), { prefix: '/flowcampaign' });
    await api.register(chatRoutes(deps), { prefix: '/chats' });
    await api.register(announcementRoutes(deps), { prefix: '/announcements' });
    await api.register(dashboardRoutes(deps), { prefix: '/dashboard' });
    await api.register(reportsRoutes(deps), { prefix: '/reports' });
    await api.register(invoiceRoutes(deps), { prefix: '/invoices' });
    await api.register(subscriptionRoutes(deps), { prefix: '/subscription' });
    await api.register(asaasWebhookRoutes(deps), { prefix: '/webhooks/asaas' });
    await api.register(queueIntegrationRoutes(deps), { prefix: '/queueIntegration' });
    await api.register(promptRoutes(deps), { prefix: '/prompt' });
  };
