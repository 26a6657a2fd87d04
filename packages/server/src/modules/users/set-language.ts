import { eq } from 'drizzle-orm';
import type { Language, LanguageAnswer } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { users } from '../../db/schema/index.js';

/** `POST /users/set-language/{lang}`: the caller's own language (reachable while expired). */
export async function setLanguage(ctx: Ctx, language: Language) {
  await ctx.tenant((tx) =>
    tx.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, ctx.actor.userId)),
  );
  return { language };
}

wireMatches<Answer<typeof setLanguage>, LanguageAnswer>(true);
