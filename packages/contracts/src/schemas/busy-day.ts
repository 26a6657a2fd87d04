import { z } from 'zod';
import { ref } from './common.js';
import { isoDay } from './common.js';

/**
 * The busy day (issue 36; ARCHITECTURE.md "The busy day"): bulk actions on tickets, each ticket's
 * activity trail, attendants' presence, auto-assignment and the attendance report.
 */

/** Most tickets one `POST /tickets/bulk` acts on. */
export const TICKETS_BULK_MAX = 500;

export const BULK_ACTIONS = ['accept', 'close', 'reopen', 'transfer', 'tag'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/**
 * `POST /tickets/bulk`: each ticket goes through its single route's rules and events. `transfer`
 * needs `queueId` (`userId` optional); `tag` needs `tagIds` (the tickets' tags become these, as
 * `PUT /tags/sync` does); `reopen` takes an optional `queueId`.
 */
export const ticketBulkBody = z
  .object({
    ticketIds: z.array(ref('tickets')).min(1, 'required').max(TICKETS_BULK_MAX, 'tooMany'),
    action: z.enum(BULK_ACTIONS),
    queueId: ref('queues').optional(),
    userId: ref('users').nullable().optional(),
    tagIds: z.array(ref('tags')).max(100, 'tooMany').optional(),
  })
  .superRefine((b, ctx) => {
    if (b.action === 'transfer' && b.queueId === undefined)
      ctx.addIssue({ code: 'custom', path: ['queueId'], message: 'required' });
    if (b.action === 'tag' && b.tagIds === undefined)
      ctx.addIssue({ code: 'custom', path: ['tagIds'], message: 'required' });
  });
export type TicketBulkBody = z.infer<typeof ticketBulkBody>;

/**
 * Why a ticket was left as it was: `not_found` (not the caller's to see, whatever the cause), or
 * the single route's refusal as its error code (`ERR_OTHER_OPEN_TICKET`, `ERR_NO_PERMISSION` …),
 * or `unchanged` (already in the asked state).
 */
export type BulkSkipReason = 'not_found' | 'unchanged' | (string & {});

export interface TicketBulkAnswer {
  /** How many tickets changed. */
  updated: number;
  skipped: Array<{ id: number; reason: BulkSkipReason }>;
}

export const ACTIVITY_ACTIONS = [
  'created',
  'accepted',
  'transferred',
  'closed',
  'reopened',
  'tagged',
  'untagged',
  'assigned',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** One change of a ticket, written in the change's own transaction. */
export interface TicketActivityRecord {
  action: ActivityAction;
  at: string;
  /** Who did it; null for the system (bot, flow, auto-assign, expiry). */
  userId: number | null;
  /** The ticket's queue when it happened. */
  queueId: number | null;
  toQueueId?: number | null;
  toUserId?: number | null;
  /** `tagged`/`untagged`: which tag. */
  tagId?: number | null;
}

/** `GET /tickets/{id}/activity`: oldest first. */
export interface TicketActivityPage {
  records: TicketActivityRecord[];
}

/** An attendant's presence: a socket connected (online), idle past `PRESENCE_AWAY_MINUTES` (away). */
export const PRESENCES = ['online', 'away', 'offline'] as const;
export type Presence = (typeof PRESENCES)[number];
export const PRESENCE_AWAY_MINUTES = 5;

/** Socket event the client emits with its user's last activity (`{lastActivityAt}` ISO time). */
export const PRESENCE_CLIENT_EVENT = 'userActivity';

/** `company-{id}-user` `{action: 'presence', userId, presence}` when someone's presence changes. */
export interface PresenceEvent {
  action: 'presence';
  userId: number;
  presence: Presence;
}

/** Most open tickets auto-assignment gives one attendant (company setting `autoAssignMaxOpen`, "" = no cap). */
export const AUTO_ASSIGN_MAX_OPEN_SETTING = 'autoAssignMaxOpen';

/** Longest range of one attendance report. */
export const ATTENDANCE_MAX_RANGE_DAYS = 366;

/**
 * `GET /reports/attendance?from&to&queueId?&userId?` (company calendar days, both included) and
 * `GET /reports/attendance.csv` (the same figures as CSV, one row per user then per queue).
 */
export const attendanceReportQuery = z
  .object({
    from: isoDay,
    to: isoDay,
    queueId: ref('queues').optional(),
    userId: ref('users').optional(),
  })
  .superRefine((q, ctx) => {
    const span = (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000;
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'beforeStart' });
    else if (span >= ATTENDANCE_MAX_RANGE_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: 'tooLong' });
  })
  .meta({ examples: [{ from: '2025-01-01', to: '2025-01-31' }] });
export type AttendanceReportQuery = z.infer<typeof attendanceReportQuery>;

export interface DurationFigures {
  count: number;
  /** null when count is 0. */
  p50Seconds: number | null;
  p90Seconds: number | null;
}

export interface AttendanceByUser {
  userId: number;
  name: string;
  tickets: number;
  firstResponseP50Seconds: number | null;
  resolutionP50Seconds: number | null;
  csatAverage: number | null;
}

export interface AttendanceByQueue {
  queueId: number;
  name: string;
  tickets: number;
  firstResponseP50Seconds: number | null;
  resolutionP50Seconds: number | null;
  csatAverage: number | null;
}

/**
 * First response: the customer's first message of the ticket to the first message a person sent
 * (not bot, flow or campaign), counted on the day of the customer's message. Resolution: the
 * customer's first message to the close, counted on the close's day. CSAT: ratings 1–3 given that
 * period.
 */
export interface AttendanceReport {
  firstResponse: DurationFigures;
  resolution: DurationFigures;
  csat: { count: number; average: number | null };
  byUser: AttendanceByUser[];
  byQueue: AttendanceByQueue[];
}

export const presenceActivityPayload = z.object({
  /** The client's last user activity (input, focus), ISO time. */
  lastActivityAt: z.string().max(40).pipe(z.iso.datetime({ offset: true })),
});
export type PresenceActivityPayload = z.infer<typeof presenceActivityPayload>;
