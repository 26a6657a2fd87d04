import { OPEN_LANE, type KanbanTicket, type LaneId, type TagRef } from './types';

/**
 * The lane a ticket sits in: its first tag that is a lane, in the board's lane order, or the
 * open lane when it has none.
 */
export function laneOf(ticket: Pick<KanbanTicket, 'tags'>, laneTags: TagRef[]): LaneId {
  const own = new Set((ticket.tags ?? []).map((t) => t.id));
  return laneTags.find((l) => own.has(l.id))?.id ?? OPEN_LANE;
}

/** Tickets per lane (every lane present, possibly empty), keeping the tickets' order. */
export function groupByLane(tickets: KanbanTicket[], laneTags: TagRef[]): Map<LaneId, KanbanTicket[]> {
  const lanes = new Map<LaneId, KanbanTicket[]>([
    [OPEN_LANE, []],
    ...laneTags.map((l) => [l.id, []] as [LaneId, KanbanTicket[]]),
  ]);
  for (const t of tickets) lanes.get(laneOf(t, laneTags))!.push(t);
  return lanes;
}

/**
 * The ticket's tags once moved: lane tags removed (what `DELETE /ticket-tags/{id}` does), the
 * target lane's tag added; other tags stay.
 */
export function moveTags(ticket: Pick<KanbanTicket, 'tags'>, laneTags: TagRef[], to: LaneId): TagRef[] {
  const laneIds = new Set(laneTags.map((l) => l.id));
  const kept = (ticket.tags ?? []).filter((t) => !laneIds.has(t.id) && t.kanban !== 1);
  const target = to === OPEN_LANE ? undefined : laneTags.find((l) => l.id === to);
  return target ? [...kept, target] : kept;
}
