import { describe, expect, it } from 'vitest';
import { inListScope, type TicketViewer } from './ticket-scope.js';

const viewer = (over: Partial<TicketViewer> = {}): TicketViewer => ({
  userId: 7,
  admin: false,
  queueIds: [1],
  allTicket: false,
  ...over,
});

describe('inListScope', () => {
  it("holds a user's queues, their own tickets and queueless ones with allTicket — never another queue's", () => {
    expect(inListScope(viewer(), { queueId: 1, userId: null, status: 'pending' })).toBe(true);
    expect(inListScope(viewer(), { queueId: 2, userId: 7, status: 'open' })).toBe(true);
    expect(inListScope(viewer(), { queueId: 2, userId: null, status: 'pending' })).toBe(false);
    expect(inListScope(viewer(), { queueId: null, userId: null, status: 'pending' })).toBe(false);
    expect(inListScope(viewer({ allTicket: true }), { queueId: null, userId: null, status: 'pending' })).toBe(true);
  });

  it('an admin (no queues, allTicket off) also holds every pending ticket, not the others\' open or closed ones', () => {
    const admin = viewer({ admin: true, queueIds: [] });
    expect(inListScope(admin, { queueId: null, userId: null, status: 'pending' })).toBe(true);
    expect(inListScope(admin, { queueId: 2, userId: null, status: 'pending' })).toBe(true);
    expect(inListScope(admin, { queueId: 2, userId: 9, status: 'open' })).toBe(false);
    expect(inListScope(admin, { queueId: null, userId: 9, status: 'closed' })).toBe(false);
    expect(inListScope(admin, { queueId: 2, userId: 7, status: 'open' })).toBe(true);
  });
});
