/**
 * How live ticket events change a cached list (pure functions, unit-tested). Each list of the
 * manager is one infinite query; an event updates, inserts or removes one ticket in it, following
 * the server's rules: the list scope (contracts' `inListScope`: own queues, queueless with
 * allTicket, own tickets, every pending one for an admin — or everything with showAll), the
 * status and queue filters, and newest `updatedAt` first. Ticket events reach admins for every
 * ticket, so the scope is checked here too.
 */
import type { InfiniteData } from '@tanstack/react-query';
import {
  inListScope,
  type Ticket,
  type TicketListOrder,
  type TicketPage,
  type TicketStatus,
  type TicketViewer,
} from '@balcao/contracts';

export type Viewer = TicketViewer;

export type TicketPages = InfiniteData<TicketPage, number>;

/** The filters of one list of the manager; each list is its own cached query. */
export interface TicketFilters {
  status?: TicketStatus;
  searchParam?: string;
  queueIds: number[];
  tags?: number[];
  users?: number[];
  whatsappIds?: number[];
  withUnread?: boolean;
  orderBy?: TicketListOrder;
  showAll: boolean;
}

const time = (value: string) => Date.parse(value);

/**
 * Whether a list with these filters shows the ticket (the server's list-conditions.ts). Search
 * lists (text, or no status) are not decided here: they only keep the tickets they already hold
 * up to date.
 */
export function listShows(filters: TicketFilters, viewer: Viewer, t: Ticket): boolean {
  if (filters.status && t.status !== filters.status) return false;
  if (!filters.showAll && !inListScope(viewer, t)) return false;
  if (filters.queueIds.length > 0 && t.queueId !== null && !filters.queueIds.includes(t.queueId)) return false;
  if (filters.whatsappIds?.length && (t.whatsappId === null || !filters.whatsappIds.includes(t.whatsappId)))
    return false;
  if (filters.tags?.length && !filters.tags.every((id) => t.tags.some((tag) => tag.id === id))) return false;
  // The attendant filter is an admin's; the server ignores it for anyone else.
  if (filters.users?.length && viewer.admin && (t.userId === null || !filters.users.includes(t.userId))) return false;
  if (filters.withUnread && !(t.unreadMessages > 0)) return false;
  return true;
}

export const isSearchList = (f: TicketFilters) => Boolean(f.searchParam) || !f.status;

const never = Number.POSITIVE_INFINITY;

/**
 * Whether `a` comes before `b` in the list's order: newest `updatedAt` first (the id breaking
 * ties), or with `waitingLongest` the oldest `waitingSince` first, those nobody waits on last,
 * the oldest id first (the server's list-conditions.ts).
 */
export function comesBefore(a: Ticket, b: Ticket, orderBy: TicketListOrder = 'recent'): boolean {
  if (orderBy === 'waitingLongest') {
    const wa = a.waitingSince ? time(a.waitingSince) : never;
    const wb = b.waitingSince ? time(b.waitingSince) : never;
    return wa < wb || (wa === wb && a.id < b.id);
  }
  return time(a.updatedAt) > time(b.updatedAt) || (time(a.updatedAt) === time(b.updatedAt) && a.id > b.id);
}

/** Every ticket of the cached pages once (a page loaded after an insert may repeat one). */
export function flattenTickets(data: TicketPages | undefined): Ticket[] {
  if (!data) return [];
  const seen = new Set<number>();
  const out: Ticket[] = [];
  for (const page of data.pages) {
    for (const t of page.tickets) {
      if (seen.has(t.id)) continue;
      seen.add(t.id);
      out.push(t);
    }
  }
  return out;
}

export function findTicket(data: TicketPages | undefined, id: number): Ticket | undefined {
  for (const page of data?.pages ?? []) {
    const hit = page.tickets.find((t) => t.id === id);
    if (hit) return hit;
  }
  return undefined;
}

function withPages(data: TicketPages, pages: TicketPage[]): TicketPages {
  return { ...data, pages };
}

/** The list without the ticket (count adjusted when it was there). */
export function removeTicket(data: TicketPages, id: number): TicketPages {
  if (!findTicket(data, id)) return data;
  const pages = data.pages.map((p, i) => ({
    ...p,
    tickets: p.tickets.filter((t) => t.id !== id),
    count: i === 0 ? Math.max(0, p.count - 1) : p.count,
  }));
  return withPages(data, pages);
}

/**
 * The list with the ticket put where the list's order puts it (`comesBefore`), replacing the held
 * version. A ticket after every loaded one stays out while more pages remain (it will come
 * with its page).
 */
export function upsertTicket(data: TicketPages, ticket: Ticket, orderBy: TicketListOrder = 'recent'): TicketPages {
  const had = Boolean(findTicket(data, ticket.id));
  const without = data.pages.map((p) => ({ ...p, tickets: p.tickets.filter((t) => t.id !== ticket.id) }));
  let placed = false;
  const pages = without.map((p) => {
    if (placed) return p;
    const index = p.tickets.findIndex((t) => comesBefore(ticket, t, orderBy));
    if (index === -1) return p;
    placed = true;
    return { ...p, tickets: [...p.tickets.slice(0, index), ticket, ...p.tickets.slice(index)] };
  });
  const last = pages.at(-1);
  if (!placed && last && !last.hasMore) {
    pages[pages.length - 1] = { ...last, tickets: [...last.tickets, ticket] };
    placed = true;
  }
  if (!placed && !had) return data;
  // A held ticket that moved past the loaded pages is still in the list: the count stays.
  if (!had) pages[0] = { ...pages[0]!, count: pages[0]!.count + 1 };
  return withPages(data, pages);
}

/**
 * One list after a ticket update: the merged ticket goes in (or moves) when the list shows it,
 * leaves when it no longer does. Search lists only refresh what they hold.
 */
export function applyUpdate(data: TicketPages, filters: TicketFilters, viewer: Viewer, ticket: Ticket): TicketPages {
  const held = findTicket(data, ticket.id);
  if (isSearchList(filters)) {
    if (!held) return data;
    return withPages(
      data,
      data.pages.map((p) => ({ ...p, tickets: p.tickets.map((t) => (t.id === ticket.id ? ticket : t)) })),
    );
  }
  if (!listShows(filters, viewer, ticket)) return removeTicket(data, ticket.id);
  return upsertTicket(data, ticket, filters.orderBy);
}

/**
 * A delete event. `updatedAt` (sent when the ticket only left someone's view) is the version
 * that left: a list holding that version or a newer one keeps it — the update that brought it
 * may have arrived first.
 */
export function applyDelete(data: TicketPages, id: number, updatedAt?: string): TicketPages {
  const held = findTicket(data, id);
  if (!held) return data;
  if (updatedAt && time(held.updatedAt) >= time(updatedAt)) return data;
  return removeTicket(data, id);
}

/** `updateUnread`: the ticket was read. */
export function applyRead(data: TicketPages, id: number): TicketPages {
  if (!findTicket(data, id)) return data;
  return withPages(
    data,
    data.pages.map((p) => ({
      ...p,
      tickets: p.tickets.map((t) => (t.id === id ? { ...t, unreadMessages: 0 } : t)),
    })),
  );
}
