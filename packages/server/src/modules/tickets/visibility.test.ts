import { describe, expect, it } from 'vitest';
import { canSee, inMyScope, type Viewer } from './visibility.js';
import { stepFor } from './update-ticket.js';

const viewer = (patch: Partial<Viewer> = {}): Viewer => ({
  userId: 7,
  admin: false,
  queueIds: [1, 2],
  allTicket: false,
  ...patch,
});

describe('who sees a ticket', () => {
  it('a user sees the tickets of their queues, and not of other queues', () => {
    expect(canSee(viewer(), { queueId: 1, userId: null })).toBe(true);
    expect(canSee(viewer(), { queueId: 2, userId: 99 })).toBe(true);
    expect(canSee(viewer(), { queueId: 3, userId: null })).toBe(false);
    expect(canSee(viewer(), { queueId: 3, userId: 99 })).toBe(false);
  });

  it('a ticket assigned to the user is theirs to see, whatever its queue', () => {
    expect(canSee(viewer(), { queueId: 3, userId: 7 })).toBe(true);
    expect(canSee(viewer({ queueIds: [] }), { queueId: null, userId: 7 })).toBe(true);
  });

  it('queueless tickets only with allTicket enabled', () => {
    expect(canSee(viewer(), { queueId: null, userId: null })).toBe(false);
    expect(canSee(viewer({ allTicket: true }), { queueId: null, userId: null })).toBe(true);
  });

  it('admins see every ticket; their own scope (the list without showAll) is the same rule as anyone', () => {
    const admin = viewer({ admin: true, queueIds: [] });
    expect(canSee(admin, { queueId: 3, userId: 99 })).toBe(true);
    expect(canSee(admin, { queueId: null, userId: null })).toBe(true);
    expect(inMyScope(admin, { queueId: 3, userId: 99 })).toBe(false);
    expect(inMyScope(admin, { queueId: 3, userId: 7 })).toBe(true);
  });
});

describe('the transition a PUT asks for', () => {
  it('derives accept, return, close, reopen and transfer from the body and the current status', () => {
    expect(stepFor('pending', { status: 'open' })).toBe('accept');
    expect(stepFor('open', { status: 'pending' })).toBe('return');
    expect(stepFor('open', { status: 'closed' })).toBe('close');
    expect(stepFor('pending', { status: 'closed' })).toBe('close');
    expect(stepFor('closed', { status: 'open' })).toBe('reopen');
    expect(stepFor('open', { queueId: 3 })).toBe('transfer');
    expect(stepFor('pending', { queueId: 3, status: 'open' })).toBe('transfer');
  });

  it("closing and reopening go by the status, whatever queue the body names (the spec's client names one)", () => {
    expect(stepFor('open', { status: 'closed', queueId: 3 })).toBe('close');
    expect(stepFor('closed', { status: 'open', queueId: 3 })).toBe('reopen');
    expect(stepFor('closed', { status: 'closed', queueId: 3 })).toBe('none');
    expect(stepFor('closed', { queueId: 3 })).toBe('transfer');
  });

  it('the current status changes nothing; closed cannot go back to pending', () => {
    expect(stepFor('open', { status: 'open' })).toBe('none');
    expect(stepFor('closed', {})).toBe('none');
    expect(() => stepFor('closed', { status: 'pending' })).toThrow(/cannot become pending/);
  });
});
