/**
 * Shapes of the ticket answers and events the ticket area reads (operations §3; the server's
 * ticket view in modules/tickets/ticket-view.ts). Events may carry a bare ticket row (no
 * contact, queue or user): the cache merges them into the ticket it holds.
 */
import type { TicketStatus } from '@balcao/contracts';

export interface TagRef {
  id: number;
  name: string;
  color: string;
  kanban?: number | boolean;
}

export interface TicketContact {
  id: number;
  name: string;
  number: string;
  profilePicUrl?: string | null;
  isGroup?: boolean;
  email?: string;
  extraInfo?: Array<{ name: string; value: string }>;
}

export interface Ticket {
  id: number;
  uuid: string;
  status: TicketStatus;
  contactId: number;
  queueId: number | null;
  userId: number | null;
  whatsappId: number | null;
  unreadMessages: number;
  lastMessage: string;
  isGroup: boolean;
  chatbot?: boolean;
  ratingPending?: boolean;
  createdAt?: string;
  updatedAt: string;
  /** When the newest message was sent or received (updatedAt also moves on accept, transfer…). */
  lastMessageAt?: string | null;
  contact: TicketContact;
  queue: { id: number; name: string; color: string } | null;
  user: { id: number; name: string } | null;
  whatsapp?: { id: number; name: string; status: string } | null;
  /** Filled once tags exist on the server; absent or empty otherwise. */
  tags?: TagRef[];
  /** `GET /tickets/{id}` only: the customer's rating (1–3) or null. */
  rating?: number | null;
}

export interface TicketPage {
  tickets: Ticket[];
  count: number;
  hasMore: boolean;
}

/** `company-{id}-ticket` payloads. */
export type TicketEvent =
  | { action: 'update'; ticket: Partial<Ticket> & { id: number } }
  | { action: 'delete'; ticketId: number | string; updatedAt?: string }
  | { action: 'updateUnread'; ticketId: number | string };

/** The filters of one list of the manager; each list is its own cached query. */
export interface TicketFilters {
  status?: TicketStatus;
  searchParam?: string;
  queueIds: number[];
  tags?: number[];
  users?: number[];
  showAll: boolean;
}

export interface UserOption {
  id: number;
  name: string;
  profile?: string;
  queues?: Array<{ id: number; name: string; color: string }>;
}
