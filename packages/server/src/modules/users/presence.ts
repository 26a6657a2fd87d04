import { sql } from 'drizzle-orm';
import { PRESENCE_AWAY_MINUTES, presenceActivityPayload, type Presence } from '@balcao/contracts';
import type { Deps, Uow } from '../../platform/context.js';
import { runTenant } from '../../platform/context.js';
import { assignWaitingAndTell, autoAssignQueuesOf } from '../tickets/auto-assign.js';
import { userEvents } from './user-events.js';

/**
 * Presence (issue 36; docs/busy-day.md): `online` while a tab of the user holds a socket and they
 * used it in the last PRESENCE_AWAY_MINUTES, `away` with a socket but idle longer, `offline`
 * without one. Stored in `users.presence` (and `online`, the spec's, = not offline), so every
 * process and every list reads the same; each change is told to the company (`user` topic,
 * `{action:'presence'}`). Idle time comes from the web's `userActivity` event (its last real
 * input); a connection from offline counts as activity; `automation/presence-sweep.ts` turns the
 * idle ones away. Coming online offers the user's autoAssign queues' waiting tickets.
 */

/** `presence` as stored, and whether it changed. */
type Change = {
  before: Presence;
  after: Presence;
};

const awayBefore = sql`now() - make_interval(mins => ${PRESENCE_AWAY_MINUTES})`;

/** Tells the company, and when the user became online, gives them what waits for them. */
async function changed(uow: Uow, companyId: number, userId: number, change: Change | undefined) {
  if (!change || change.before === change.after) return;
  uow.events.push(userEvents.presence(companyId, userId, change.after));
  if (change.after !== 'online') return;
  const queueIds = await autoAssignQueuesOf(uow.tx, userId);
  if (queueIds.length > 0) await assignWaitingAndTell(uow, companyId, queueIds);
}

/**
 * A socket of the user connected (or its heartbeat: `online` true again), or their last one left
 * (`online` false). From offline the user is online and active now; an open tab's heartbeat only
 * marks them seen.
 */
export async function setPresence(deps: Deps, companyId: number, userId: number, online: boolean): Promise<void> {
  await runTenant(deps, companyId, async (tx, _events, uow) => {
    const { rows } = await tx.execute<Change>(
      online
        ? sql`
          with old as (select id, presence from users where id = ${userId} for no key update)
          update users u set online = true, last_seen_at = now(),
            presence = case when old.presence = 'offline' then 'online' else u.presence end,
            last_activity_at = case when old.presence = 'offline' then now() else u.last_activity_at end
          from old where u.id = old.id
          returning old.presence as before, u.presence as after`
        : sql`
          with old as (select id, presence from users where id = ${userId} for no key update)
          update users u set online = false, presence = 'offline', last_seen_at = now()
          from old where u.id = old.id
          returning old.presence as before, u.presence as after`,
    );
    await changed(uow, companyId, userId, rows[0]);
  });
}

/**
 * The web's `userActivity` `{lastActivityAt}`: the user's last input, as the tab saw it (a time
 * ahead of the server's clock counts as now). Online or away follows from it at once.
 * It comes from a connected socket, so the user is connected (which also mends the rare
 * disconnect whose "last tab?" check ran after a new tab's connect). A malformed payload is ignored.
 */
export async function recordUserActivity(deps: Deps, companyId: number, userId: number, payload: unknown) {
  const parsed = presenceActivityPayload.safeParse(payload);
  if (!parsed.success) return;
  const at = new Date(parsed.data.lastActivityAt);
  await runTenant(deps, companyId, async (tx, _events, uow) => {
    const { rows } = await tx.execute<Change>(sql`
      with old as (select id, presence from users where id = ${userId} for no key update),
      seen as (select least(${at.toISOString()}::timestamptz, now()) as at)
      update users u set last_activity_at = seen.at, online = true,
        presence = case when seen.at < ${awayBefore} then 'away' else 'online' end
      from old, seen where u.id = old.id
      returning old.presence as before, u.presence as after`);
    await changed(uow, companyId, userId, rows[0]);
  });
}

/**
 * The idle ones go away (every company, the platform path): online users whose last activity is
 * older than the threshold. Answers them, for their companies' events.
 */
export async function markIdleAway(uow: Uow): Promise<number> {
  const { rows } = await uow.tx.execute<{ id: number; company_id: number }>(sql`
    update users set presence = 'away'
    where presence = 'online' and last_activity_at < ${awayBefore}
    returning id, company_id`);
  for (const r of rows) uow.events.push(userEvents.presence(r.company_id, r.id, 'away'));
  return rows.length;
}
