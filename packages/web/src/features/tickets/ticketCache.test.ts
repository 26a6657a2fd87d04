import { describe, expect, it } from 'vitest';
import { applyDelete, applyRead, applyUpdate, flattenTickets, type TicketPages, type Viewer } from './ticketCache';
import type { Ticket } from '@balcao/contracts';
import type { TicketFilters } from './ticketCache';

const viewer: Viewer = { userId: 7, admin: false, queueIds: [1], allTicket: false };

const ticket = (id: number, over: Partial<Ticket> = {}): Ticket => ({
  id,
  uuid: `uuid-${id}`,
  status: 'pending',
  contactId: id,
  queueId: 1,
  userId: null,
  whatsappId: 1,
  unreadMessages: 1,
  lastMessage: 'oi',
  lastMessageAt: null,
  isGroup: false,
  chatbot: false,
  useIntegration: false,
  integrationId: null,
  promptId: null,
  ratingPending: false,
  windowExpiresAt: null,
  waitingSince: null,
  createdAt: '2025-01-01T09:00:00.000Z',
  updatedAt: `2025-01-01T10:00:${String(id).padStart(2, '0')}.000Z`,
  contact: { id, name: `C${id}`, number: '5511999990000', profilePicUrl: '', isGroup: false },
  queue: { id: 1, name: 'Vendas', color: '#f00' },
  user: null,
  whatsapp: { id: 1, name: 'Loja', status: 'CONNECTED', provider: 'beta' },
  tags: [],
  ...over,
});

const pages = (tickets: Ticket[][], hasMoreLast = false): TicketPages => ({
  pageParams: tickets.map((_, i) => i + 1),
  pages: tickets.map((list, i) => ({
    tickets: list,
    count: tickets.flat().length,
    hasMore: i < tickets.length - 1 || hasMoreLast,
  })),
});

const pending: TicketFilters = { status: 'pending', queueIds: [], showAll: false };
const ids = (d: TicketPages) => flattenTickets(d).map((t) => t.id);

describe('ticket cache', () => {
  it("an admin's lists take every pending ticket live (queueless, any queue), not someone else's open one", () => {
    const admin: Viewer = { userId: 7, admin: true, queueIds: [], allTicket: false };
    const queueless = ticket(4, { queueId: null, queue: null });
    const otherQueue = ticket(5, { queueId: 2, queue: { id: 2, name: 'Suporte', color: '#00f' } });
    expect(ids(applyUpdate(pages([[]]), pending, admin, queueless))).toEqual([4]);
    expect(ids(applyUpdate(pages([[]]), pending, admin, otherQueue))).toEqual([5]);
    const theirs = ticket(6, { status: 'open', userId: 9, user: { id: 9, name: 'Bia' } });
    const open = { ...pending, status: 'open' as const };
    expect(ids(applyUpdate(pages([[]]), open, admin, theirs))).toEqual([]);
    expect(ids(applyUpdate(pages([[]]), { ...open, showAll: true }, admin, theirs))).toEqual([6]);
    // A plain user of queue 1 does not take queue 2's pending ticket.
    expect(ids(applyUpdate(pages([[]]), pending, viewer, otherQueue))).toEqual([]);
  });

  it('a new pending ticket goes on top and counts', () => {
    const data = pages([[ticket(3), ticket(2)]]);
    const next = applyUpdate(data, pending, viewer, ticket(9));
    expect(ids(next)).toEqual([9, 3, 2]);
    expect(next.pages[0]!.count).toBe(3);
  });

  it('an accepted ticket leaves pending and joins open', () => {
    const accepted = ticket(3, { status: 'open', userId: 7, user: { id: 7, name: 'Ana' } });
    const p = applyUpdate(pages([[ticket(3), ticket(2)]]), pending, viewer, accepted);
    expect(ids(p)).toEqual([2]);
    expect(p.pages[0]!.count).toBe(1);
    const o = applyUpdate(pages([[]]), { ...pending, status: 'open' }, viewer, accepted);
    expect(ids(o)).toEqual([3]);
  });

  it('a ticket of another queue is not shown without showAll, and is with it', () => {
    const other = ticket(5, { queueId: 2, queue: { id: 2, name: 'Suporte', color: '#00f' } });
    expect(ids(applyUpdate(pages([[ticket(1)]]), pending, viewer, other))).toEqual([1]);
    expect(ids(applyUpdate(pages([[ticket(1)]]), { ...pending, showAll: true }, viewer, other))).toEqual([5, 1]);
  });

  it('the queue filter keeps queueless tickets (they wait for the chatbot)', () => {
    const f = { ...pending, queueIds: [3], showAll: true };
    expect(ids(applyUpdate(pages([[]]), f, viewer, ticket(1)))).toEqual([]);
    expect(ids(applyUpdate(pages([[]]), f, viewer, ticket(2, { queueId: null, queue: null })))).toEqual([2]);
  });

  it('an older ticket waits for its page while more pages remain', () => {
    const data = pages([[ticket(30), ticket(20)]], true);
    expect(ids(applyUpdate(data, pending, viewer, ticket(10)))).toEqual([30, 20]);
    expect(ids(applyUpdate(pages([[ticket(30), ticket(20)]]), pending, viewer, ticket(10)))).toEqual([30, 20, 10]);
  });

  it('a delete keeps a newer held version, removes an older one', () => {
    const held = pages([[ticket(5)]]);
    expect(ids(applyDelete(held, 5, '2025-01-01T10:00:05.000Z'))).toEqual([5]);
    expect(ids(applyDelete(held, 5, '2025-01-01T11:00:00.000Z'))).toEqual([]);
    expect(ids(applyDelete(held, 5))).toEqual([]);
  });

  it('search lists only refresh what they hold', () => {
    const search: TicketFilters = { searchParam: 'ana', queueIds: [], showAll: false };
    const data = pages([[ticket(1)]]);
    expect(ids(applyUpdate(data, search, viewer, ticket(2)))).toEqual([1]);
    const changed = applyUpdate(data, search, viewer, ticket(1, { lastMessage: 'novo' }));
    expect(flattenTickets(changed)[0]!.lastMessage).toBe('novo');
  });

  it('read: the unread count drops to 0', () => {
    expect(flattenTickets(applyRead(pages([[ticket(1)]]), 1))[0]!.unreadMessages).toBe(0);
  });
});
