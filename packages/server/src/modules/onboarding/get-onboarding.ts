import { sql } from 'drizzle-orm';
import { ONBOARDING_STEPS, type Onboarding, type OnboardingStep } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import type { Tx } from '../../db/client.js';

type Row = Record<OnboardingStep | 'dismissed', boolean>;

/**
 * Each step from the company's own rows, in one statement of `exists` (each stops at its first
 * row): a connection that is connected (the sandbox phone counts), a queue, a second user, a
 * message a person sent (a user's, not a bot's or a campaign's), a campaign.
 */
export async function readOnboarding(tx: Tx, companyId: number): Promise<Onboarding> {
  const [row] = (
    await tx.execute<Row>(sql`
      select
        exists (select 1 from whatsapps where company_id = ${companyId} and status = 'CONNECTED') as "connection",
        exists (select 1 from queues where company_id = ${companyId}) as "queue",
        exists (select 1 from users where company_id = ${companyId} offset 1) as "teammate",
        exists (select 1 from messages where company_id = ${companyId} and from_me and user_id is not null)
          as "firstAnswer",
        exists (select 1 from campaigns where company_id = ${companyId}) as "campaign",
        coalesce((select onboarding_dismissed_at is not null from companies where id = ${companyId}), false)
          as "dismissed"`)
  ).rows;
  return {
    items: ONBOARDING_STEPS.map((key) => ({ key, done: row![key] })),
    dismissed: row!.dismissed,
  };
}

/** `GET /onboarding`: the signed-in user's company's checklist. */
export function getOnboarding(ctx: Ctx) {
  return ctx.tenant((tx) => readOnboarding(tx, ctx.actor.companyId));
}

wireMatches<Answer<typeof getOnboarding>, Onboarding>(true);
