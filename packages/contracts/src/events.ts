import type { Connection, ConnectionSession } from './schemas/connections.js';
import type { Contact } from './schemas/contacts.js';
import type { CampaignDetail } from './schemas/campaigns.js';
import type { ContactList, ContactListItem } from './schemas/contact-lists.js';
import type { FileList } from './schemas/file-lists.js';
import type { Message, MessageFields } from './schemas/messages.js';
import type { Queue } from './schemas/queues.js';
import type { QueueIntegration } from './schemas/queue-integrations.js';
import type { Prompt } from './schemas/prompts.js';
import type { QuickMessage } from './schemas/quick-messages.js';
import type { Schedule } from './schemas/schedules.js';
import type { Setting } from './schemas/settings.js';
import type { Tag } from './schemas/tags.js';
import type { Ticket } from './schemas/tickets.js';
import type { User } from './schemas/users.js';
import type { PresenceEvent } from './schemas/busy-day.js';
import type { Chat, ChatMessage } from './schemas/chats.js';
import type { Announcement } from './schemas/announcements.js';
import type { Company } from './schemas/companies.js';
import type { ImportView } from './schemas/imports.js';

/** Realtime event names: `company-{companyId}-{topic}` with `{action, …}` payloads. */
export const TOPICS = [
  'ticket',
  'appMessage',
  'contact',
  'whatsapp',
  'whatsappSession',
  'user',
  'chat',
  'campaign',
  'schedule',
  'contactList',
  'contactListItem',
  // The spec's client's names for the two above (its pages listen to these, with its payloads).
  'ContactList',
  'ContactListItem',
  'file',
  'queue',
  'queueIntegration',
  'prompt',
  'tag',
  'quickmessage',
  'payment',
  'announcement',
  'auth',
  'settings',
  'company',
  // An Atendechat import's progress, to super users only.
  'import',
] as const;
export type Topic = (typeof TOPICS)[number];

export const eventName = (companyId: number, topic: Topic) => `company-${companyId}-${topic}`;

/**
 * The second name a topic's events also go out under, for the spec's web client, which listens
 * to two topics under names of its own: its schedules page to `company{id}-schedule` (no hyphen
 * after "company"), its announcements page and pop-over to `company-announcement` (one name for
 * every company). Undefined for every other topic.
 */
export function legacyEventName(companyId: number, topic: Topic): string | undefined {
  if (topic === 'schedule') return `company${companyId}-schedule`;
  if (topic === 'announcement') return 'company-announcement';
  return undefined;
}

/** Events the client emits. */
export const CLIENT_EVENTS = {
  joinChatBox: 'joinChatBox',
  leaveChatBox: 'leaveChatBox',
  joinNotification: 'joinNotification',
  joinTickets: 'joinTickets',
  leaveTickets: 'leaveTickets',
  userStatus: 'userStatus',
} as const;

/** Why a session ended; the web says "Sua conta foi acessada em outro computador." for 'replaced'. */
export const SESSION_END_REASONS = [
  'replaced',
  'logout',
  'refresh-token-reuse',
  'password-changed',
  'password-reset',
  'account-removed',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/**
 * A message as an event carries it: its own fields, with the joined ones (author, bot mark,
 * quoted message) when its sender had them; the web lays it over the message it holds.
 */
export type MessageChange = MessageFields & Partial<Pick<Message, 'fromBot' | 'contact' | 'quotedMsg'>>;

/**
 * The catalogue: every topic's payloads, each `{action, …}`. The server builds them in one
 * function per domain (`<domain>-events.ts`) and the web's `useCompanyEvent(topic, …)` reads them
 * typed. Dates travel as ISO 8601 text. A topic whose domain is not built yet has no payload
 * (`never`): its domain adds them here.
 */
export interface EventPayloads {
  ticket:
    /** Always the whole ticket (contact, queue, user, connection, tags): clients replace theirs with it. */
    | { action: 'update'; ticket: Ticket }
    /**
     * Gone from the hearer's view, or from a list: a change of status, queue or user sends it to
     * the old audience before the update. `updatedAt`: the version after such a change.
     */
    | { action: 'delete'; ticketId: number; updatedAt?: string }
    | { action: 'updateUnread'; ticketId: number };
  appMessage:
    | { action: 'create'; message: MessageChange; ticket: Ticket; contact?: Contact }
    | { action: 'update'; message: MessageChange };
  contact:
    | { action: 'update'; contact: Contact }
    | { action: 'delete'; contactId: number }
    /** An import added `count` contacts: lists read again. */
    | { action: 'reload'; count: number };
  whatsapp: { action: 'update'; whatsapp: Connection } | { action: 'delete'; whatsappId: number };
  whatsappSession: { action: 'update'; session: ConnectionSession };
  user:
    | { action: 'update'; user: User }
    | { action: 'delete'; userId: number }
    /** Issue 36: someone's presence changed (to the whole company). */
    | PresenceEvent;
  queue: { action: 'create' | 'update'; queue: Queue } | { action: 'delete'; queueId: number };
  /** Admins only (the records carry masked secrets, still not for every user). */
  queueIntegration:
    | { action: 'create' | 'update'; queueIntegration: QueueIntegration }
    | { action: 'delete'; integrationId: number };
  /** Admins only. */
  prompt: { action: 'create' | 'update'; prompt: Prompt } | { action: 'delete'; promptId: number };
  tag: { action: 'create' | 'update'; tag: Tag } | { action: 'delete'; tagId: number };
  quickmessage:
    | { action: 'create' | 'update'; record: QuickMessage }
    | { action: 'delete'; id: number; updatedAt: string };
  settings: { action: 'update'; setting: Setting };
  /** To the sessions that ended, just before their sockets close. */
  auth: { action: 'update'; user: { id: number }; reason: SessionEndReason };
  /**
   * To the chat's members only. `newMessage.chat` is the chat again (the spec's client's pop-over
   * reads `newMessage.chat.users`). Each member's own channel `company-{id}-chat-user-{userId}`
   * hears `create` when they join a chat (created, or added by an edit) and `update` when a chat
   * of theirs is edited, with the chat as `record` (the spec's chat page) and as `chat`.
   */
  chat:
    | { action: 'new-message'; newMessage: ChatMessage & { chat: Chat }; chat: Chat }
    | { action: 'update'; chat: Chat }
    | { action: 'create' | 'update'; record: Chat; chat: Chat }
    /** `id` as well: the spec's chat page reads the deleted chat's `id`, Balcão's web `chatId`. */
    | { action: 'delete'; chatId: number; id: number };
  /** A campaign with its progress: every state change, and its counts while it runs (at most once a second). */
  campaign: { action: 'create' | 'update'; record: CampaignDetail } | { action: 'delete'; id: number };
  /** File lists. */
  file:
    /** `files` and `fileId` are what the spec's client reads (the same list, the same id). */
    | { action: 'create' | 'update'; record: FileList; files: FileList }
    | { action: 'delete'; id: number; fileId: number };
  schedule: { action: 'create' | 'update'; schedule: Schedule } | { action: 'delete'; scheduleId: number };
  contactList: { action: 'create' | 'update'; contactList: ContactList } | { action: 'delete'; contactListId: number };
  /**
   * One topic for every list's items; each payload names its `contactListId` (the spec's per-list
   * channel): a page listens to the topic and keeps its own list's. An import tells its
   * `progress` (data rows read, added, refused so far), then `reload` once every row is settled.
   */
  contactListItem:
    | { action: 'create' | 'update'; contactListId: number; record: ContactListItem }
    | { action: 'delete'; contactListId: number; id: number }
    | { action: 'progress'; contactListId: number; rows: number; added: number; refused: number }
    | { action: 'reload'; contactListId: number };
  /** The spec's client's list events (`company-{id}-ContactList`), beside `contactList`. */
  ContactList: { action: 'create' | 'update'; record: ContactList } | { action: 'delete'; id: number };
  /**
   * The spec's client's item events, beside `contactListItem`: `company-{id}-ContactListItem` for an
   * item's change, and a list's own channel `company-{id}-ContactListItem-{listId}` for `reload`,
   * whose `records` (the list's first page) the page lays over the items it shows.
   */
  ContactListItem:
    | { action: 'create' | 'update'; record: ContactListItem }
    | { action: 'delete'; id: number }
    | { action: 'reload'; records: ContactListItem[] };
  /** An invoice was paid: the company with its new due date (the checkout shows it, then goes home). */
  payment: { action: 'CONCLUIDA'; company: Company };
  /** To every company's users (inactive ones reach super users only). */
  announcement: { action: 'create' | 'update'; record: Announcement } | { action: 'delete'; id: number };
  company: never;
  /** An import's state as `GET /imports/{id}` answers it, as it goes. */
  import: { action: 'progress' | 'done'; import: ImportView };
}

export type EventPayload<T extends Topic> = EventPayloads[T];

/** Compile-time: the catalogue names every topic (a topic added to TOPICS without payloads fails here). */
export type EventCatalogueCoversTopics = { [T in Topic]: EventPayloads[T] };
