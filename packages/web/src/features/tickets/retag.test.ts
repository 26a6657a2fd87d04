import { describe, expect, it } from 'vitest';
import type { Tag, Ticket, TicketTag } from '@balcao/contracts';
import { retag, retagPages } from './retag';
import type { TicketPages } from './ticketCache';

const urgent: TicketTag = { id: 1, name: 'Urgente', color: '#c62828', kanban: 0 };
const vip: TicketTag = { id: 2, name: 'VIP', color: '#6a1b9a', kanban: 0 };
/** The tag as its event carries it. */
const tagOf = (t: TicketTag): Tag => ({ ...t, userId: null, ticketsCount: 0, createdAt: '', updatedAt: '' });

describe('retag', () => {
  it('renames and recolours an edited tag, keeping the order', () => {
    const edited: Tag = {
      ...urgent,
      name: 'Muito urgente',
      color: '#000000',
      kanban: 1,
      userId: 3,
      ticketsCount: 9,
      createdAt: '2031-03-10T12:00:00Z',
      updatedAt: '2031-03-10T12:00:00Z',
    };
    expect(retag([vip, urgent], { action: 'update', tag: edited })).toEqual([
      vip,
      { id: 1, name: 'Muito urgente', color: '#000000', kanban: 1 },
    ]);
  });

  it('drops a deleted tag', () => {
    expect(retag([urgent, vip], { action: 'delete', tagId: 1 })).toEqual([vip]);
    expect(retag([urgent, vip], { action: 'delete', tagId: 2 })).toEqual([urgent]);
  });

  it('answers the same array when the event does not concern the ticket', () => {
    const tags = [urgent];
    expect(retag(tags, { action: 'delete', tagId: 7 })).toBe(tags);
    expect(retag(tags, { action: 'update', tag: { ...tagOf(vip), name: 'x' } })).toBe(tags);
    expect(retag(tags, { action: 'create', tag: { ...tagOf(urgent), name: 'x' } })).toBe(tags);
    expect(retag([], { action: 'delete', tagId: 1 })).toEqual([]);
  });
});

describe('retagPages', () => {
  const ticket = (id: number, tags: TicketTag[]) => ({ id, tags }) as Ticket;
  const data: TicketPages = {
    pageParams: [1, 2],
    pages: [
      { tickets: [ticket(1, [urgent]), ticket(2, [vip])], count: 3, hasMore: true },
      { tickets: [ticket(3, [])], count: 3, hasMore: false },
    ],
  };

  it('patches the tickets carrying the tag and keeps the untouched pages and tickets', () => {
    const next = retagPages(data, { action: 'delete', tagId: 1 });
    expect(next.pages[0]!.tickets[0]!.tags).toEqual([]);
    expect(next.pages[0]!.tickets[1]).toBe(data.pages[0]!.tickets[1]);
    expect(next.pages[1]).toBe(data.pages[1]);
  });

  it('answers the same data when no ticket carries the tag', () => {
    expect(retagPages(data, { action: 'delete', tagId: 9 })).toBe(data);
  });
});
