/**
 * What the ticket header's tag picker decides (pure, unit-tested): the ticket's tags after a
 * pick, and whether the typed text may become a new tag.
 */
import { tagName, type TicketTag } from '@balcao/contracts';

export const isLane = (tag: Pick<TicketTag, 'kanban'>) => tag.kanban === 1;

/**
 * The tags once `tag` is added. A kanban tag is a lane and a ticket sits in one lane, as when
 * its card is dragged on the board: the other lane tags go.
 */
export function withTag(current: TicketTag[], tag: TicketTag): TicketTag[] {
  if (current.some((t) => t.id === tag.id)) return current;
  const kept = isLane(tag) ? current.filter((t) => !isLane(t)) : current;
  return [...kept, tag];
}

export const withoutTag = (current: TicketTag[], id: number) => current.filter((t) => t.id !== id);

/**
 * The name a new tag would get from the typed text, or null: it must be a valid tag name (the
 * contracts' rule) that no tag of the company already has (names compare without case).
 */
export function newTagName(input: string, existing: Pick<TicketTag, 'name'>[]): string | null {
  const parsed = tagName.safeParse(input);
  if (!parsed.success) return null;
  const name = parsed.data;
  const lower = name.toLocaleLowerCase();
  return existing.some((t) => t.name.trim().toLocaleLowerCase() === lower) ? null : name;
}
