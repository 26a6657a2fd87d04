import type { Audience } from '../../platform/domain-event.js';
import { domainEvent } from '../../platform/domain-event.js';
import type { QuickMessageView } from './quick-message-view.js';

type Shared = Pick<QuickMessageView, 'geral' | 'userId'>;

/** Who hears about an answer: the company when it is shared, else its owner and the admins. */
const audienceOf = (r: Shared): Audience =>
  r.geral
    ? { to: 'company' }
    : r.userId === null
      ? { to: 'admins' }
      : { to: 'user', userId: r.userId, alsoAdmins: true };

/** The `quickmessage` topic: `company-{id}-quickmessage {action, record}`. */
export const quickMessageEvents = {
  /**
   * An answer that stopped being shared is first removed from everyone's view
   * (`{action:'delete', id, updatedAt}`); its owner and the admins hear both and keep the version
   * that is as new as `updatedAt`, whatever order they arrive in.
   */
  saved(companyId: number, action: 'create' | 'update', record: QuickMessageView, before?: Pick<Shared, 'geral'>) {
    const update = domainEvent(companyId, 'quickmessage', { action, record }, audienceOf(record));
    if (!before?.geral || record.geral) return [update];
    return [quickMessageEvents.deleted(companyId, { ...record, geral: true }), update];
  },
  deleted: (companyId: number, record: Pick<QuickMessageView, 'id' | 'geral' | 'userId' | 'updatedAt'>) =>
    domainEvent(
      companyId,
      'quickmessage',
      { action: 'delete', id: record.id, updatedAt: record.updatedAt },
      audienceOf(record),
    ),
};
