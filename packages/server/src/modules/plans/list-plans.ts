import { asc } from 'drizzle-orm';
import type { Deps } from '../../platform/context.js';
import { plans } from '../../db/schema/index.js';
import type { Plan } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';

/** `GET /plans/list` (public: signup offers them) and `/plans/all`: every plan, cheapest first. */
export function listPlans(deps: Deps) {
  return deps.pools.platformDb.select().from(plans).orderBy(asc(plans.value), asc(plans.id));
}

wireMatches<Answer<typeof listPlans>, Plan[]>(true);
