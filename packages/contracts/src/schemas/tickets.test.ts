import { describe, expect, it } from 'vitest';
import { ticketCreateBody, ticketListQuery, ticketUpdateBody } from './tickets.js';
import { messageBody, messageFormFields } from './messages.js';

describe('ticket and message schemas', () => {
  it('the list query reads JSON arrays of ids and true/false flags', () => {
    const q = ticketListQuery.parse({ queueIds: '[1,"2"]', users: '', showAll: 'true', withUnreadMessages: 'false' });
    expect(q).toMatchObject({
      queueIds: [1, 2],
      users: [],
      tags: [],
      showAll: true,
      withUnreadMessages: false,
      pageNumber: 1,
    });
    expect(ticketListQuery.safeParse({ queueIds: '[1,' }).success).toBe(false);
    expect(ticketListQuery.safeParse({ queueIds: '["x"]' }).success).toBe(false);
    expect(ticketListQuery.safeParse({ status: 'archived' }).success).toBe(false);
  });

  it('dates are real YYYY-MM-DD days', () => {
    expect(ticketListQuery.safeParse({ date: '2025-02-28' }).success).toBe(true);
    expect(ticketListQuery.safeParse({ date: '2025-02-30' }).success).toBe(false);
    expect(ticketListQuery.safeParse({ updatedAt: '28/02/2025' }).success).toBe(false);
  });

  it('a new ticket needs a contact and is created open', () => {
    expect(ticketCreateBody.parse({ contactId: 3 })).toMatchObject({ contactId: 3, status: 'open' });
    expect(ticketCreateBody.safeParse({}).success).toBe(false);
    expect(ticketCreateBody.safeParse({ contactId: 3, status: 'closed' }).success).toBe(false);
  });

  it('a transfer names a queue; a null queue is refused', () => {
    expect(ticketUpdateBody.safeParse({ queueId: 2, userId: null }).success).toBe(true);
    expect(ticketUpdateBody.safeParse({ queueId: null }).success).toBe(false);
  });

  it("the spec's client resolves with promptId and integrationId false (or ''): no AI, no integration", () => {
    const body = { status: 'closed', userId: 4, useIntegration: false, promptId: false, integrationId: '' };
    expect(ticketUpdateBody.parse(body)).toEqual({ ...body, promptId: null, integrationId: null });
    expect(ticketUpdateBody.parse({ status: 'open' })).toEqual({ status: 'open' });
    expect(ticketUpdateBody.parse({ promptId: '7' })).toEqual({ promptId: 7 });
    expect(ticketUpdateBody.safeParse({ promptId: true }).success).toBe(false);
    expect(ticketUpdateBody.safeParse({ integrationId: 'none' }).success).toBe(false);
  });

  it('a message needs text that is not blank; the form reads signOption as text', () => {
    expect(messageBody.safeParse({ body: 'oi' }).success).toBe(true);
    expect(messageBody.safeParse({ body: '  \n' }).success).toBe(false);
    expect(messageBody.safeParse({ body: 'x'.repeat(4097) }).success).toBe(false);
    expect(messageFormFields.parse({ signOption: 'true' })).toMatchObject({ body: '', signOption: true });
  });
});
