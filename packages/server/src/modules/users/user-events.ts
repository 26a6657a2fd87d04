import { can, type Presence } from '@balcao/contracts';
import { domainEvent, roomsChangedEvent, type RoomScope } from '../../platform/domain-event.js';
import type { UserView } from './user-view.js';

/**
 * The rooms a user's open sockets belong in after a change: the permission table decides the
 * admins' room, as it does when the socket connects.
 */
export function roomScope(user: Pick<UserView, 'profile' | 'queueIds' | 'allTicket'>): RoomScope {
  return { admin: can(user, 'realtime:admins'), queueIds: user.queueIds, allTicket: user.allTicket === 'enable' };
}

/** The `user` topic, and the move of a user's sockets when their scope changes. */
export const userEvents = {
  /** A new user: the admins' lists hear it. */
  created: (companyId: number, user: UserView) =>
    domainEvent(companyId, 'user', { action: 'update', user }, { to: 'admins' }),
  /** A changed user: the user and the admins. */
  updated: (companyId: number, user: UserView) =>
    domainEvent(companyId, 'user', { action: 'update', user }, { to: 'user', userId: user.id, alsoAdmins: true }),
  /** Someone's presence changed (modules/users/presence.ts): the company's other users (pickers, lists, dashboard). */
  presence: (companyId: number, userId: number, presence: Presence) =>
    domainEvent(companyId, 'user', { action: 'presence', userId, presence }, { to: 'company', exceptUser: userId }),
  deleted: (companyId: number, userId: number) =>
    domainEvent(companyId, 'user', { action: 'delete', userId }, { to: 'company' }),
  /** Their profile, queues or allTicket changed: open sockets hear only what the new scope allows, at once. */
  roomsChanged: (companyId: number, user: UserView) => roomsChangedEvent(companyId, user.id, roomScope(user)),
};
