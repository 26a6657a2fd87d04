import { describe, expect, it } from 'vitest';
import type { Ticket } from '@balcao/contracts';
import { isNotified, mergeTicket, shouldAlert, withoutTicket } from './notificationRules';

const me = { id: 7, allTicket: 'disable', profile: 'user' } as const;
const allTickets = { id: 7, allTicket: 'enable', profile: 'user' } as const;
const ticket = (patch: Partial<Ticket> = {}): Ticket => ({
  id: 1,
  uuid: 'u-1',
  status: 'open',
  contactId: 3,
  queueId: null,
  userId: 7,
  whatsappId: 1,
  unreadMessages: 2,
  lastMessage: 'Oi',
  lastMessageAt: '2031-03-10T12:00:00Z',
  isGroup: false,
  chatbot: false,
  useIntegration: false,
  integrationId: null,
  promptId: null,
  ratingPending: false,
  windowExpiresAt: null,
  waitingSince: null,
  createdAt: '2031-03-10T11:00:00Z',
  updatedAt: '2031-03-10T12:00:00Z',
  contact: { id: 3, name: 'Ana', number: '5511911110001', profilePicUrl: '', isGroup: false },
  queue: null,
  user: { id: 7, name: 'Bia' },
  whatsapp: { id: 1, name: 'Loja', status: 'CONNECTED', provider: 'beta' },
  tags: [],
  ...patch,
});

describe('notification rules', () => {
  it('lists the user’s own tickets with unread messages; pending ones only with allTicket', () => {
    expect(isNotified(ticket(), me)).toBe(true);
    expect(isNotified(ticket({ unreadMessages: 0 }), me)).toBe(false);
    expect(isNotified(ticket({ userId: 8 }), me)).toBe(false);
    expect(isNotified(ticket({ status: 'closed' }), me)).toBe(false);
    expect(isNotified(ticket({ status: 'pending', userId: null }), me)).toBe(false);
    expect(isNotified(ticket({ status: 'pending', userId: null }), allTickets)).toBe(true);
  });

  it('an admin works every pending ticket: listed and rung for, queueless or in any queue', () => {
    const admin = { id: 7, allTicket: 'disable', profile: 'admin' } as const;
    const waiting = ticket({ status: 'pending', userId: null });
    expect(isNotified(waiting, admin)).toBe(true);
    expect(shouldAlert({ fromMe: false, read: false }, waiting, admin, undefined, true)).toBe(true);
    // Someone else's open ticket is not theirs to answer.
    expect(isNotified(ticket({ userId: 8 }), admin)).toBe(false);
  });

  it('merges a changed ticket newest first, drops it once read, ignores an older version', () => {
    const a = ticket({ id: 1, updatedAt: '2031-03-10T12:00:00Z' });
    const b = ticket({ id: 2, uuid: 'u-2', updatedAt: '2031-03-10T12:05:00Z' });
    let list = mergeTicket([], a, me);
    list = mergeTicket(list, b, me);
    expect(list.map((t) => t.id)).toEqual([2, 1]);
    // A newer version replaces the one held, and moves up.
    const renamed = { ...a.contact, name: 'Ana Souza' };
    list = mergeTicket(list, { ...a, contact: renamed, unreadMessages: 3, updatedAt: '2031-03-10T12:10:00Z' }, me);
    expect(list.map((t) => [t.id, t.unreadMessages, t.contact.name])).toEqual([
      [1, 3, 'Ana Souza'],
      [2, 2, 'Ana'],
    ]);
    expect(mergeTicket(list, { ...a, unreadMessages: 0, updatedAt: '2031-03-10T11:00:00Z' }, me)).toEqual(list);
    expect(
      mergeTicket(list, { ...a, unreadMessages: 0, updatedAt: '2031-03-10T12:20:00Z' }, me).map((t) => t.id),
    ).toEqual([2]);
    expect(withoutTicket(list, 2).map((t) => t.id)).toEqual([1]);
  });

  it('rings for a customer’s unread message unless its ticket is open in a visible tab', () => {
    const incoming = { fromMe: false, read: false };
    expect(shouldAlert(incoming, ticket(), me, undefined, true)).toBe(true);
    expect(shouldAlert(incoming, ticket(), me, 'u-1', true)).toBe(false);
    expect(shouldAlert(incoming, ticket(), me, 'u-1', false)).toBe(true);
    expect(shouldAlert({ fromMe: true, read: false }, ticket(), me, undefined, true)).toBe(false);
    expect(shouldAlert(incoming, ticket({ isGroup: true }), me, undefined, true)).toBe(false);
    expect(shouldAlert(incoming, ticket({ userId: 8 }), me, undefined, true)).toBe(false);
  });
});
