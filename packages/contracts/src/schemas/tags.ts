import { z } from 'zod';
import { editOf, idList, orDefault, pageNumber, ref, text } from './common.js';

/** Tickets per page of `GET /ticket/kanban` (the board spreads them over its lanes). */
export const KANBAN_PAGE_SIZE = 100;
/** Tags one ticket may carry (a sync naming more is refused). */
export const MAX_TICKET_TAGS = 50;

export const tagName = text().trim().min(3, 'tooShort').max(50, 'tooLong');
/** A hex colour as the colour picker gives it: #rgb, #rrggbb or #rrggbbaa. */
export const tagColor = text()
  .max(20)
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'invalidColor');
/** A tag's colour when its dialog leaves the picker untouched. */
export const DEFAULT_TAG_COLOR = '#A4CCCC';
/** `kanban` is 0 or 1 (true/false accepted): 1 makes the tag a lane of the kanban board. */
export const kanbanFlag = z.preprocess(
  (v) => (typeof v === 'boolean' ? Number(v) : v),
  z.union([z.literal(0), z.literal(1)]),
);

/**
 * `POST /tags`. `color` blank (`""` or null: the spec's dialog sends `""` when no colour was
 * picked) or absent is the default colour; in an edit it changes nothing. Only holders of
 * `tag-modal:editKanban` (admins) may set `kanban` to 1 or change it; a plain user sending back
 * the value a tag already has is fine. `userId` (who the tag is for; it grants nothing) defaults
 * to the creator and must name a user of the company.
 */
export const tagBody = z.object({
  name: tagName,
  color: orDefault(tagColor, DEFAULT_TAG_COLOR),
  kanban: kanbanFlag.default(0),
  userId: ref('users').nullable().optional(),
});
export type TagBody = z.infer<typeof tagBody>;
export const tagUpdateBody = editOf(tagBody);
export type TagUpdateBody = z.infer<typeof tagUpdateBody>;

/** `POST /tags/sync`: the ticket's tags become exactly these (extra keys of each tag are ignored). */
export const tagSyncBody = z.object({
  ticketId: ref('tickets'),
  tags: z.array(z.object({ id: ref('tags') })).max(MAX_TICKET_TAGS, 'tooMany'),
});
export type TagSyncBody = z.infer<typeof tagSyncBody>;

export const ticketTagParams = z.object({ ticketId: ref('tickets') });
export const ticketTagAddParams = z.object({ ticketId: ref('tickets'), tagId: ref('tags') });

/** `GET /ticket/kanban`: queueIds as a JSON array, like `GET /tickets`; showAll for admins. */
export const kanbanQuery = z.object({
  queueIds: idList('queues'),
  showAll: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  pageNumber,
});
export type KanbanQuery = z.infer<typeof kanbanQuery>;

/** A tag as a ticket carries it. */
export interface TicketTag {
  id: number;
  name: string;
  color: string;
  kanban: number;
}

export interface Tag extends TicketTag {
  userId: number | null;
  ticketsCount: number;
  createdAt: string;
  updatedAt: string;
}

/** `GET /tags` (20 a page, by name). */
export interface TagPage {
  tags: Tag[];
  hasMore: boolean;
}

/** `GET /tags/list` (every tag, by name: pickers) and the lanes of `GET /tags/kanban`. */
export interface TagOption extends TicketTag {
  userId: number | null;
}

/** `GET /tags/kanban`: the kanban tags (`kanban` 1), the board's lanes, by name. */
export interface KanbanLanes {
  lista: TagOption[];
}
