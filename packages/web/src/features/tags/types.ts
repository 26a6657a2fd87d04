/** A tag as the tags list shows it (operations §3); `kanban` 1 makes it a lane of the board. */
export type { Tag } from '@balcao/contracts';
