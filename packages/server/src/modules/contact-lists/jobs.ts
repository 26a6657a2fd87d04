import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { contactListItems, whatsapps } from '../../db/schema/index.js';
import { type Deps, runTenant } from '../../platform/context.js';
import { defineJob, handleJob } from '../../platform/jobs.js';
import { contactListItemEvents } from './contact-list-events.js';
import { contactListItemColumns } from './contact-list-view.js';

/** Numbers looked up per job run; a list with more queues the next run. */
const CHECKS_PER_RUN = 50;
/** The pause between two lookups: WhatsApp Web limits them (about 4 a second here). */
export const CHECK_PACE_MS = 250;

/**
 * Whether a list's numbers have WhatsApp (`isWhatsappValid`), asked of the company's default
 * connection after an import, never holding it. WhatsApp Web (beta) answers through its
 * on-WhatsApp lookup, paced; the Cloud API and the sandbox cannot tell, so the items stay null
 * (a Cloud API send that fails with "not on WhatsApp" is where such a number would become false:
 * that is the campaigns' part). One queued check per list at a time (policy `short`).
 */
export const checkListNumbersJob = defineJob({
  name: 'contact-list-check-numbers',
  version: 1,
  schema: z.object({ companyId: z.number().int(), contactListId: z.number().int() }),
  policy: 'short',
  retryLimit: 5,
  retryDelaySeconds: 60,
});

/** Queues the list's check in the caller's transaction (it exists once the import committed). */
export async function queueValidityCheck(deps: Deps, tx: Tx, companyId: number, contactListId: number) {
  await deps.jobs.insertWithin(tx, checkListNumbersJob, [
    { id: randomUUID(), payload: { companyId, contactListId }, singletonKey: `contact-list-${contactListId}` },
  ]);
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One run: up to CHECKS_PER_RUN unchecked numbers of the list, each asked of the default
 * connection's session and stored with a `update` event on the list's channel. When this process
 * does not hold the session, the run fails and pg-boss retries it (possibly on the holder).
 */
export async function checkListNumbers(deps: Deps, companyId: number, contactListId: number, paceMs = CHECK_PACE_MS) {
  const { conn, items } = await runTenant(deps, companyId, async (tx) => {
    const [conn] = await tx
      .select({ id: whatsapps.id, provider: whatsapps.provider })
      .from(whatsapps)
      .where(sql`${whatsapps.isDefault}`);
    const items = await tx
      .select({ id: contactListItems.id, number: contactListItems.number })
      .from(contactListItems)
      .where(and(eq(contactListItems.contactListId, contactListId), isNull(contactListItems.isWhatsappValid)))
      .orderBy(asc(contactListItems.id))
      .limit(CHECKS_PER_RUN + 1);
    return { conn, items };
  });
  // Only WhatsApp Web has an on-WhatsApp lookup: with another provider the items stay null,
  // whichever process holds its session.
  if (!conn || conn.provider !== 'beta' || items.length === 0) return { checked: 0, more: false };
  let checked = 0;
  for (const item of items.slice(0, CHECKS_PER_RUN)) {
    const answer = deps.sessions.onWhatsApp(conn.id, item.number);
    if (answer === null) return { checked, more: false }; // the provider cannot tell: they stay null
    if (answer === undefined) throw new Error('the connection is held by another process');
    const valid = await answer;
    await runTenant(deps, companyId, async (tx, events) => {
      const [row] = await tx
        .update(contactListItems)
        .set({ isWhatsappValid: valid, updatedAt: new Date() })
        .where(and(eq(contactListItems.id, item.id), eq(contactListItems.number, item.number)))
        .returning(contactListItemColumns);
      if (row) events.push(...contactListItemEvents.saved(companyId, 'update', row));
    });
    checked++;
    await pause(paceMs);
  }
  return { checked, more: items.length > CHECKS_PER_RUN };
}

export const contactListJobs = [
  handleJob<Deps, typeof checkListNumbersJob.schema>({
    spec: checkListNumbersJob,
    handle: async ({ companyId, contactListId }, { deps }) => {
      const { more } = await checkListNumbers(deps, companyId, contactListId);
      if (more) await deps.jobs.send(checkListNumbersJob, { companyId, contactListId });
    },
  }),
];
