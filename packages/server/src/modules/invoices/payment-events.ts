import { domainEvent } from '../../platform/domain-event.js';
import type { CompanyView } from '../companies/serialize-company.js';

/** The `payment` topic: `company-{id}-payment`, heard by the company's admins (who pay its invoices). */
export const paymentEvents = {
  concluded: (company: CompanyView) =>
    domainEvent(company.id, 'payment', { action: 'CONCLUIDA', company }, { to: 'admins' }),
};
