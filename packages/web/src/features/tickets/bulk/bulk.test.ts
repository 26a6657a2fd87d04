import { describe, expect, it } from 'vitest';
import type { Ticket } from '@balcao/contracts';
import { rangeIds } from './useBulkSelection';
import { changedIds, reverseTransfers } from './bulkRules';

const tk = (id: number, queueId: number | null, userId: number | null) => ({ id, queueId, userId }) as Ticket;

describe('bulk selection and undo', () => {
  it('a shift range covers the rows between the two clicks, whichever came first', () => {
    const ids = [10, 11, 12, 13, 14];
    expect(rangeIds(ids, 1, 3)).toEqual([11, 12, 13]);
    expect(rangeIds(ids, 3, 1)).toEqual([11, 12, 13]);
  });

  it('the changed tickets are the asked ones minus the skipped', () => {
    expect(changedIds([1, 2, 3], { updated: 2, skipped: [{ id: 2, reason: 'not_found' }] })).toEqual([1, 3]);
  });

  it("a transfer's undo sends each changed ticket back to its former queue and user, one call a place", () => {
    const before = [tk(1, 5, 7), tk(2, 5, 7), tk(3, 6, null), tk(4, 5, 7), tk(5, null, null)];
    expect(reverseTransfers(before, [1, 2, 3, 5])).toEqual([
      { action: 'transfer', ticketIds: [1, 2], queueId: 5, userId: 7 },
      { action: 'transfer', ticketIds: [3], queueId: 6, userId: null },
    ]);
  });
});
