import { describe, expect, it } from 'vitest';
import { retag, retagPages } from './retag';
import type { TicketPages } from './ticketCache';
import type { TagRef, Ticket } from './types';

const urgent: TagRef = { id: 1, name: 'Urgente', color: '#c62828', kanban: 0 };
const vip: TagRef = { id: 2, name: 'VIP', color: '#6a1b9a', kanban: 0 };

describe('retag', () => {
  it('renames and recolours an edited tag, keeping the order', () => {
    const edited = {
      ...urgent,
      name: 'Muito urgente',
      color: '#000000',
      kanban: 1,
      userId: 3,
      ticketsCount: 9,
    } as TagRef;
    expect(retag([vip, urgent], { action: 'update', tag: edited })).toEqual([
      vip,
      { id: 1, name: 'Muito urgente', color: '#000000', kanban: 1 },
    ]);
  });

  it('drops a deleted tag (its id as a number or text)', () => {
    expect(retag([urgent, vip], { action: 'delete', tagId: 1 })).toEqual([vip]);
    expect(retag([urgent, vip], { action: 'delete', tagId: '2' })).toEqual([urgent]);
  });

  it('answers the same array when the event does not concern the ticket', () => {
    const tags = [urgent];
    expect(retag(tags, { action: 'delete', tagId: 7 })).toBe(tags);
    expect(retag(tags, { action: 'update', tag: { ...vip, name: 'x' } })).toBe(tags);
    expect(retag(tags, { action: 'create', tag: { ...urgent, name: 'x' } })).toBe(tags);
    expect(retag(undefined, { action: 'delete', tagId: 1 })).toBeUndefined();
  });
});

describe('retagPages', () => {
  const ticket = (id: number, tags: TagRef[]) => ({ id, tags }) as Ticket;
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
