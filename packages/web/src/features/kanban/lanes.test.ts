import { describe, expect, it } from 'vitest';
import type { TicketTag } from '@balcao/contracts';
import { groupByLane, laneOf, moveTags, OPEN_LANE } from './lanes';

const lanes: TicketTag[] = [
  { id: 10, name: 'Orçamento', color: '#2196F3', kanban: 1 },
  { id: 11, name: 'Produção', color: '#4CAF50', kanban: 1 },
];
const vip: TicketTag = { id: 3, name: 'VIP', color: '#FFC107', kanban: 0 };
const ticket = (id: number, tags: TicketTag[]) => ({ id, tags });

describe('kanban lanes', () => {
  it('puts a ticket in its first lane tag, in lane order, else in the open lane', () => {
    expect(laneOf(ticket(1, []), lanes)).toBe(OPEN_LANE);
    expect(laneOf(ticket(2, [vip]), lanes)).toBe(OPEN_LANE);
    expect(laneOf(ticket(3, [vip, lanes[1]!]), lanes)).toBe(11);
    expect(laneOf(ticket(4, [lanes[1]!, lanes[0]!]), lanes)).toBe(10);
  });

  it('groups every lane, empty ones included, keeping the order of the tickets', () => {
    const grouped = groupByLane([ticket(1, []), ticket(2, [lanes[0]!]), ticket(3, [])], lanes);
    expect([...grouped.keys()]).toEqual([OPEN_LANE, 10, 11]);
    expect(grouped.get(OPEN_LANE)!.map((t) => t.id)).toEqual([1, 3]);
    expect(grouped.get(10)!.map((t) => t.id)).toEqual([2]);
    expect(grouped.get(11)).toEqual([]);
  });

  it('a move drops the lane tags, keeps the others and adds the target lane', () => {
    const t = ticket(1, [vip, lanes[0]!]);
    expect(moveTags(t, lanes, 11).map((x) => x.id)).toEqual([3, 11]);
    expect(moveTags(t, lanes, OPEN_LANE).map((x) => x.id)).toEqual([3]);
  });
});
