import type { Ticket, TicketTag } from '@balcao/contracts';

/** The lane of tickets without a lane tag. */
export const OPEN_LANE = 'open' as const;
/** A lane: the open lane, or a kanban tag's id. */
export type LaneId = typeof OPEN_LANE | number;

/**
 * The lane a ticket sits in: its first tag that is a lane, in the board's lane order, or the
 * open lane when it has none.
 */
export function laneOf(ticket: Pick<Ticket, 'tags'>, laneTags: TicketTag[]): LaneId {
  const own = new Set(ticket.tags.map((t) => t.id));
  return laneTags.find((l) => own.has(l.id))?.id ?? OPEN_LANE;
}

/** Tickets per lane (every lane present, possibly empty), keeping the tickets' order. */
export function groupByLane<T extends Pick<Ticket, 'tags'>>(tickets: T[], laneTags: TicketTag[]): Map<LaneId, T[]> {
  const lanes = new Map<LaneId, T[]>([[OPEN_LANE, []], ...laneTags.map((l) => [l.id, []] as [LaneId, T[]])]);
  for (const t of tickets) lanes.get(laneOf(t, laneTags))!.push(t);
  return lanes;
}

/**
 * The ticket's tags once moved: lane tags removed (what `DELETE /ticket-tags/{id}` does), the
 * target lane's tag added; other tags stay.
 */
export function moveTags(ticket: Pick<Ticket, 'tags'>, laneTags: TicketTag[], to: LaneId): TicketTag[] {
  const laneIds = new Set(laneTags.map((l) => l.id));
  const kept = ticket.tags.filter((t) => !laneIds.has(t.id) && t.kanban !== 1);
  const target = to === OPEN_LANE ? undefined : laneTags.find((l) => l.id === to);
  return target ? [...kept, target] : kept;
}
