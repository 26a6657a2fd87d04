/**
 * Editing or deleting a tag publishes only `company-{id}-tag` (not one event per ticket that
 * carries it): the tickets held here are patched from it (pure, unit-tested).
 */
import type { EventPayload, Ticket, TicketTag } from '@balcao/contracts';
import type { TicketPages } from './ticketCache';

/** A ticket's tags after the event; the very same array when the event does not touch them. */
export function retag(tags: TicketTag[], event: EventPayload<'tag'>): TicketTag[] {
  if (tags.length === 0) return tags;
  if (event.action === 'delete') {
    const id = event.tagId;
    return tags.some((t) => t.id === id) ? tags.filter((t) => t.id !== id) : tags;
  }
  const edited = event.action === 'update' ? event.tag : undefined;
  if (!edited || !tags.some((t) => t.id === edited.id)) return tags;
  const { id, name, color, kanban } = edited;
  return tags.map((t) => (t.id === id ? { id, name, color, kanban } : t));
}

export function retagTicket<T extends Pick<Ticket, 'tags'>>(ticket: T, event: EventPayload<'tag'>): T {
  const tags = retag(ticket.tags, event);
  return tags === ticket.tags ? ticket : { ...ticket, tags };
}

/** A cached list with its tickets patched; the same object when nothing changed. */
export function retagPages(data: TicketPages, event: EventPayload<'tag'>): TicketPages {
  let changed = false;
  const pages = data.pages.map((page) => {
    const tickets = page.tickets.map((t) => retagTicket(t, event));
    if (tickets.every((t, i) => t === page.tickets[i])) return page;
    changed = true;
    return { ...page, tickets };
  });
  return changed ? { ...data, pages } : data;
}
