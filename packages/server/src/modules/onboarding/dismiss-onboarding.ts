import { eq } from 'drizzle-orm';
import type { Onboarding, OnboardingBody } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { companies } from '../../db/schema/index.js';
import { readOnboarding } from './get-onboarding.js';

/** `PUT /onboarding` (admins): closes the checklist for the whole company, or brings it back. */
export function dismissOnboarding(ctx: Ctx, { dismissed }: OnboardingBody) {
  const companyId = ctx.actor.companyId;
  return ctx.tenant(async (tx) => {
    await tx
      .update(companies)
      .set({ onboardingDismissedAt: dismissed ? new Date() : null })
      .where(eq(companies.id, companyId));
    return readOnboarding(tx, companyId);
  });
}

wireMatches<Answer<typeof dismissOnboarding>, Onboarding>(true);
