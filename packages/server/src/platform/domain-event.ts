import type { EventPayload, Topic } from '@balcao/contracts';
import type { SentAs } from './wire.js';

/** Who may hear an event; the realtime hub turns this into Socket.IO rooms. */
export type Audience =
  /** `exceptUser`: not that user's own sockets (their own presence is no news to them). */
  | { to: 'company'; exceptUser?: number }
  | { to: 'admins' }
  | { to: 'user'; userId: number; alsoAdmins?: boolean }
  | { to: 'sessions'; sessionIds: readonly string[] }
  /** A ticket's events: admins, the queue's members (or allTicket users when queueless), its user. */
  | { to: 'ticket'; queueId: number | null; userId: number | null }
  | { to: 'super' }
  /** Some users of the company, each through their own room (a chat's members). */
  | { to: 'users'; userIds: readonly number[] }
  /**
   * Every company's users, each socket hearing `company-{its own company}-{topic}` (platform data:
   * announcements); `only` narrows it to super users, or to everyone but them.
   */
  | { to: 'everyone'; only?: 'super' | 'others' };

/** The ticket rooms a user's sockets belong in: the admins' room, their queues, queueless tickets. */
export interface RoomScope {
  admin: boolean;
  queueIds: number[];
  allTicket: boolean;
}

/** Only the builders below make events: a hand-built one does not compile. */
declare const built: unique symbol;

/** `company-{companyId}-{topic}` with its payload, to the audience's sockets. */
export interface TopicEvent<T extends Topic> {
  readonly companyId: number;
  readonly topic: T;
  /** Sent as JSON, the contracts' payload for the topic (`domainEvent` checks it where it is built). */
  readonly payload: { readonly action: EventPayload<T>['action'] };
  readonly audience: Audience;
  /** The audience's sockets are closed shortly after hearing it (their sessions ended). */
  readonly thenClose?: true;
  /** Heard as `company-{id}-{topic}-{channel}`: one record's own channel (the spec's per-list reload). */
  readonly channel?: string;
  readonly [built]: true;
}

/** Heard by no one: the hub moves the user's open sockets to the rooms the scope allows. */
export interface RoomsChanged {
  readonly companyId: number;
  readonly control: 'roomsChanged';
  readonly userId: number;
  readonly scope: RoomScope;
  readonly [built]: true;
}

/** Heard by no one: the company's subscription no longer runs; its users' open sockets are closed. */
export interface SubscriptionEnded {
  readonly companyId: number;
  readonly control: 'subscriptionEnded';
  readonly [built]: true;
}

/**
 * What use cases record in the transaction's sink and the hub publishes after commit: an event of
 * the contracts' catalogue (typed by topic), a change of the rooms a user's sockets are in, or the
 * end of a company's subscription.
 */
export type DomainEvent = { [T in Topic]: TopicEvent<T> }[Topic] | RoomsChanged | SubscriptionEnded;

/**
 * The one way to make a topic's event: `payload`, once sent as JSON (dates as ISO text), must be
 * one of the catalogue's payloads for `topic` (`EventPayloads` in the contracts), or this does not
 * compile. Each domain calls it from its `<domain>-events.ts`, one builder per event.
 */
export function domainEvent<T extends Topic, P extends { action: EventPayload<T>['action'] }>(
  companyId: number,
  topic: T,
  payload: P & SentAs<P, EventPayload<T>>,
  audience: Audience,
  opts: { thenClose?: true; channel?: string | number } = {},
): TopicEvent<T> {
  const event = {
    companyId,
    topic,
    payload,
    audience,
    ...(opts.thenClose ? { thenClose: true } : {}),
    ...(opts.channel === undefined ? {} : { channel: String(opts.channel) }),
  };
  return event as unknown as TopicEvent<T>;
}

/** A user's profile, queues or allTicket changed: their open sockets move to the rooms now allowed. */
export function roomsChangedEvent(companyId: number, userId: number, scope: RoomScope): RoomsChanged {
  return { companyId, control: 'roomsChanged', userId, scope } as unknown as RoomsChanged;
}

/** The company's subscription stopped running (subscription.ts): its users' sockets (not super users') close. */
export function subscriptionEndedEvent(companyId: number): SubscriptionEnded {
  return { companyId, control: 'subscriptionEnded' } as unknown as SubscriptionEnded;
}
