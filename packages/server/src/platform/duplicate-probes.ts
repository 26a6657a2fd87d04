import type { Ctx } from './context.js';
import { limitFailures } from './rate-events.js';

/**
 * Values unique across companies (connection tokens, users' emails) answer "duplicated" when
 * another company holds them: an answer that tells whether a value exists elsewhere. Those answers
 * count per company (whoever of it asks, whichever company holds the value): past `max` in the
 * window the company's writes carrying such a value answer 429 until the window moves on. A write
 * that succeeds, or fails for another reason, does not count.
 */
export const DUPLICATE_ANSWER_LIMIT = { max: 10, windowMinutes: 60 } as const;

export type UniqueAcrossCompanies = 'token' | 'email';

/** Runs the write `work` carrying a value unique across companies; `isDuplicate` recognises its refusal. */
export function limitDuplicateAnswers<T>(
  ctx: Ctx,
  what: UniqueAcrossCompanies,
  work: () => Promise<T>,
  isDuplicate: (error: unknown) => boolean,
): Promise<T> {
  const rule = { kind: `duplicate-${what}`, key: `company:${ctx.actor.companyId}`, ...DUPLICATE_ANSWER_LIMIT };
  return limitFailures(ctx.deps.pools.platformDb, [rule], work, isDuplicate);
}
