import type { SessionEndReason } from '@balcao/contracts';
import { domainEvent, type DomainEvent } from '../../platform/domain-event.js';

/** The `auth` topic: sessions that ended (a newer login, logout, reuse, reset, removal). */
export const authEvents = {
  /**
   * `company-{id}-auth {action:'update', user:{id}, reason}` to the ended sessions' sockets, which
   * the hub then closes (~300 ms later, so the message leaves first). None when no session ended.
   */
  sessionsEnded(
    companyId: number,
    userId: number,
    sessionIds: readonly string[],
    reason: SessionEndReason,
  ): DomainEvent[] {
    if (sessionIds.length === 0) return [];
    return [
      domainEvent(
        companyId,
        'auth',
        { action: 'update', user: { id: userId }, reason },
        { to: 'sessions', sessionIds },
        { thenClose: true },
      ),
    ];
  },
};
