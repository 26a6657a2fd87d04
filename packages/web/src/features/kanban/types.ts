import type { TicketTag } from '@balcao/contracts';

/** A tag as a ticket or a lane carries it. */
export type TagRef = TicketTag;

/** A ticket as `GET /ticket/kanban` answers it (operations §3 kanban ticket). */
export interface KanbanTicket {
  id: number;
  uuid: string;
  status?: string;
  tags: TagRef[];
  contact: { name: string; number: string };
  lastMessage?: string | null;
  updatedAt?: string;
}

/** The lane of tickets without a lane tag. */
export const OPEN_LANE = 'open' as const;
export type LaneId = typeof OPEN_LANE | number;
