import { eq } from 'drizzle-orm';
import type { Schedule } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import { contacts, schedules } from '../../db/schema/index.js';
import { AppError, notFound } from '../../platform/errors.js';
import { wireMatches } from '../../platform/wire.js';

/** A schedule as the API shows it: its fields and its contact. */
export const scheduleColumns = {
  id: schedules.id,
  body: schedules.body,
  sendAt: schedules.sendAt,
  sentAt: schedules.sentAt,
  status: schedules.status,
  error: schedules.error,
  contactId: schedules.contactId,
  contact: {
    id: contacts.id,
    name: contacts.name,
    number: contacts.number,
    profilePicUrl: contacts.profilePicUrl,
  },
  userId: schedules.userId,
  whatsappId: schedules.whatsappId,
  ticketId: schedules.ticketId,
  mediaPath: schedules.mediaPath,
  mediaName: schedules.mediaName,
  templateName: schedules.templateName,
  templateLanguage: schedules.templateLanguage,
  templateVariables: schedules.templateVariables,
  createdAt: schedules.createdAt,
  updatedAt: schedules.updatedAt,
};

/** The select of schedules with their contact (row-level security keeps it to the caller's company). */
export const selectSchedules = (tx: Tx) =>
  tx.select(scheduleColumns).from(schedules).innerJoin(contacts, eq(contacts.id, schedules.contactId));

type Row = Awaited<ReturnType<ReturnType<typeof selectSchedules>['execute']>>[number];

/** `mediaUrl`: the authenticated route the web fetches the attachment from (with its access token). */
export const toView = (row: Row) => ({
  ...row,
  mediaUrl: row.mediaPath === null ? null : `/api/schedules/${row.id}/media`,
});
export type ScheduleView = ReturnType<typeof toView>;

/** One schedule of the company as the API shows it, else 404. */
export async function loadSchedule(tx: Tx, id: number): Promise<ScheduleView> {
  const [row] = await selectSchedules(tx).where(eq(schedules.id, id));
  if (!row) throw notFound('schedule');
  return toView(row);
}

/** The schedule's row, locked for a change, else 404. */
export async function lockSchedule(tx: Tx, id: number) {
  const [row] = await tx.select().from(schedules).where(eq(schedules.id, id)).for('update');
  if (!row) throw notFound('schedule');
  return row;
}

/**
 * A schedule is changed (text, contact, time, attachment) only while it waits: once its message
 * was handed to the outbox it is on its way or sent (409 ERR_SCHEDULE_SENT). One that failed
 * (ERRO) may be changed, and is then sent again at its time.
 */
export function ensureEditable(row: Pick<typeof schedules.$inferSelect, 'status' | 'dispatchedAt'>): void {
  if (row.status === 'ENVIADA' || (row.status === 'PENDENTE' && row.dispatchedAt !== null))
    throw new AppError('ERR_SCHEDULE_SENT', 'This schedule was already sent');
}

/**
 * What a change resets on a failed schedule: it waits for its time again. `messageId` stays until
 * the next send: the failed message may share the attachment's file (see `fileInUse`).
 */
export const backToPending = {
  status: 'PENDENTE',
  error: null,
  dispatchedAt: null,
  sentAt: null,
  whatsappId: null,
  ticketId: null,
} as const;

/** A message stored from the schedule shares its attachment's file: the file stays in storage. */
export const fileInUse = (row: Pick<typeof schedules.$inferSelect, 'messageId'>) => row.messageId !== null;

wireMatches<ScheduleView, Schedule>(true);
