import { z } from 'zod';
import { PROFILES, type Profile } from '../permissions.js';
import { LANGUAGES, type Language } from '../constants.js';
import { editOf, email, name2to50, password5to50, ref, refOrNone } from './common.js';
import type { Presence } from './busy-day.js';

/** Whether a user also sees tickets without a queue. */
export const ALL_TICKET = ['enable', 'disable'] as const;
export type AllTicket = (typeof ALL_TICKET)[number];

/**
 * The other spellings of allTicket in use: the spec's client sends "enabled" / "desabled" (the
 * spec writes "enable or desabled"), and "disabled" is the obvious one. Read as Balcão's value;
 * what is stored and answered is always `enable` / `disable`.
 */
const ALL_TICKET_SPELLINGS = new Map<unknown, AllTicket>([
  ['enabled', 'enable'],
  ['disabled', 'disable'],
  ['desabled', 'disable'],
]);
const allTicketField = z.preprocess((v) => ALL_TICKET_SPELLINGS.get(v) ?? v, z.enum(ALL_TICKET));

export const userBody = z.object({
  name: name2to50,
  email,
  password: password5to50,
  profile: z.enum(PROFILES).default('user'),
  queueIds: z.array(ref('queues')).max(500).default([]),
  /** The user's connection; the client's empty option (`''`, or `false` before one is picked) is none. */
  whatsappId: refOrNone('whatsapps'),
  allTicket: allTicketField.default('disable'),
});
export type UserBody = z.infer<typeof userBody>;

/**
 * On edit the password is optional (operations §5); an empty one means "keep". A user changing
 * their own password also gives their current one (`currentPassword`).
 */
export const userUpdateBody = editOf(userBody.extend({ password: password5to50.or(z.literal('')) })).extend({
  currentPassword: z.string().max(200).optional(),
});
export type UserUpdateBody = z.infer<typeof userUpdateBody>;

export const languageParams = z.object({ lang: z.enum(LANGUAGES) });

/** A queue as users, connections and the session carry it. */
export interface QueueRef {
  id: number;
  name: string;
  color: string;
}

/**
 * A user's queue as every answer naming a user carries it: the queue, and the link under
 * `UserQueue` as the spec names it ("queues (each with UserQueue.queueId)"; the spec's client
 * reads `user.queues[].UserQueue.queueId`, its kanban and queue filters among others).
 */
export interface UserQueueRef extends QueueRef {
  UserQueue: { userId: number; queueId: number };
}

/** A user as `GET /users`, `GET /users/{id}` and the `user` event show it (never the password). */
export interface User {
  id: number;
  companyId: number;
  name: string;
  email: string;
  profile: Profile;
  super: boolean;
  whatsappId: number | null;
  allTicket: AllTicket;
  language: Language | null;
  online: boolean;
  /** Issue 36: online / away (idle) / offline, from the user's sockets (additive). */
  presence?: Presence;
  createdAt: string;
  updatedAt: string;
  queues: UserQueueRef[];
  queueIds: number[];
}

export interface UserPage {
  users: User[];
  hasMore: boolean;
}

/** `GET /users/list`: the pickers' entries (every colleague, names and queues only). */
export interface UserOption {
  id: number;
  name: string;
  profile: Profile;
  online: boolean;
  /** Issue 36 (additive). */
  presence?: Presence;
  queues: UserQueueRef[];
  queueIds: number[];
}

/** `POST /users/set-language/{lang}`: the language now stored for the caller. */
export interface LanguageAnswer {
  language: Language;
}
