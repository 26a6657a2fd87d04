import { sql } from 'drizzle-orm';
import type { Deps } from '../../platform/context.js';
import { runPlatform, runTenant } from '../../platform/context.js';
import { expiredCompanies } from '../../platform/subscription.js';
import type { SweepSpec } from '../../platform/sweeps.js';
import { loadCampaignDetail } from '../../modules/campaigns/campaign-view.js';
import { campaignEvents } from '../../modules/campaigns/campaign-events.js';
import { startDueCampaigns } from './start-due-campaigns.js';
import { settleCampaigns } from './settle-campaigns.js';
import { stepCampaign } from './step-campaign.js';
import { campaignSends } from '../../platform/metrics.js';

/** How long one campaign may keep a pass dispatching before the others (and the next pass) get theirs. */
const STEP_BUDGET_MS = 1_000;
/** A running campaign's counts go out at most this often (state changes go at once). */
const PROGRESS_EVERY_MS = 1_000;

/** When each campaign's counts last went out from this process. */
const progressSentAt = new Map<number, number>();

/**
 * One pass of the campaign runner: the companies with campaigns due to start, running, or
 * cancelled with sends still in flight (read on the platform path); then per company, each in its
 * own tenant transactions: start the due ones (start-due-campaigns.ts), settle the dispatched
 * rows (settle-campaigns.ts), and step each running campaign (step-campaign.ts) until it must
 * wait, its window is full or its time budget is spent; outboxes are kicked after each commit.
 * An expired company's campaigns only settle.
 */
export async function sweepCampaigns(
  deps: Deps,
): Promise<{ started: number; dispatched: number; settled: number; finished: number }> {
  const did = { started: 0, dispatched: 0, settled: 0, finished: 0 };
  const { companyIds, expired } = await runPlatform(deps, async (tx) => {
    const { rows } = await tx.execute<{ company_id: number }>(sql`
      select distinct company_id from campaigns c
      where c.status = 'EM_ANDAMENTO' or (c.status = 'PROGRAMADA' and c.scheduled_at <= now())
        or (c.status = 'CANCELADA' and exists (select 1 from campaign_shipping s where s.campaign_id = c.id
            and s.dispatched_at is not null and s.delivered_at is null and s.failed_at is null))`);
    const companyIds = rows.map((r) => r.company_id);
    return { companyIds, expired: await expiredCompanies(tx, companyIds) };
  });
  for (const companyId of companyIds) {
    // An expired company's campaigns wait (platform/subscription.ts): none starts, steps or
    // finishes until it pays; what already left still settles.
    const waiting = expired.has(companyId);
    let startedNow = 0;
    const { running, settled } = await runTenant(deps, companyId, async (tx, events) => {
      startedNow = waiting ? 0 : await startDueCampaigns(tx, events, companyId);
      did.started += startedNow;
      const { rows } = await tx.execute<{ id: number; status: string }>(
        sql`select id, status from campaigns where status in ('EM_ANDAMENTO', 'CANCELADA') order by id`,
      );
      const settled = await settleCampaigns(
        tx,
        events,
        companyId,
        rows.map((r) => r.id),
      );
      return { running: rows.filter((r) => r.status === 'EM_ANDAMENTO').map((r) => r.id), settled };
    });
    // A started campaign just wrote its shipping rows (100,000 for a large list) in one statement;
    // autovacuum's analyze may come a minute later. Meanwhile the planner took the table for the
    // handful of rows it last counted and hashed it whole for each dispatch of 500 (55 ms instead
    // of 3). Fresh statistics first, at once rather than at the growth sweep's next pass
    // (platform/table-statistics.ts); the owner may analyze, the tenant role may not.
    if (startedNow > 0) await deps.pools.owner.query('analyze campaign_shipping');
    for (const n of settled.values()) did.settled += n;
    const changed = new Set(settled.keys());
    for (const id of waiting ? [] : running) {
      const until = Date.now() + STEP_BUDGET_MS;
      while (Date.now() < until) {
        const step = await runTenant(deps, companyId, (_tx, _events, uow) => stepCampaign(uow, id));
        did.dispatched += step.dispatched;
        if (step.dispatched > 0) campaignSends.inc(step.dispatched);
        if (step.finished) {
          did.finished++;
          progressSentAt.delete(id);
        }
        if (step.dispatched > 0) changed.add(id);
        if (step.dispatched === 0) break;
      }
    }
    await sendProgress(
      deps,
      companyId,
      [...changed].filter((id) => running.includes(id)),
    );
  }
  return did;
}

/** The counts of campaigns that moved, each at most once a second. */
async function sendProgress(deps: Deps, companyId: number, ids: number[]) {
  const now = Date.now();
  const due = ids.filter((id) => now - (progressSentAt.get(id) ?? 0) >= PROGRESS_EVERY_MS);
  if (due.length === 0) return;
  await runTenant(deps, companyId, async (tx, events) => {
    for (const id of due) {
      const detail = await loadCampaignDetail(tx, id).catch(() => undefined);
      if (detail?.status === 'EM_ANDAMENTO') events.push(campaignEvents.saved(companyId, 'update', detail));
      progressSentAt.set(id, now);
    }
  });
}

/**
 * The campaign runner, in every process (platform/sweeps.ts), a pass every `CAMPAIGN_SWEEP_MS`
 * (500 ms: a send waits at most that beyond its interval); boot.ts stops it before the sessions.
 */
export const campaignSweeps = (everyMs: number): SweepSpec<Deps>[] => [
  { name: 'campaigns', everyMs, pass: sweepCampaigns },
];
