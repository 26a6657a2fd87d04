import { domainEvent } from '../../platform/domain-event.js';
import type { CampaignDetailView } from './campaign-view.js';

/** The `campaign` topic: campaigns are the company's, everyone of it hears `company-{id}-campaign`. */
export const campaignEvents = {
  saved: (companyId: number, action: 'create' | 'update', record: CampaignDetailView) =>
    domainEvent(companyId, 'campaign', { action, record }, { to: 'company' }),
  deleted: (companyId: number, id: number) =>
    domainEvent(companyId, 'campaign', { action: 'delete', id }, { to: 'company' }),
};
