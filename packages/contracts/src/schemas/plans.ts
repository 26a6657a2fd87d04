import { z } from 'zod';
import { editOf, name2to50, numeric } from './common.js';
import type { PlanFeature } from '../plans.js';

const count = numeric(z.number().int().min(0).max(100_000));
const flag = z.boolean();

/** A price in pt-BR, as the spec's plan form sends back what it showed: `1.234,5`, `49,90`. */
const PT_BR_PRICE = /^(?:[1-9]\d{0,2}(?:\.\d{3})+|0|[1-9]\d{0,15})(?:,\d{1,2})?$/;

/**
 * The price: a number, or text in canonical form (`29.9`) or in pt-BR (`1.234,5`: the form fills
 * itself with `value.toLocaleString('pt-br')`). A price has two decimals at most, so `1.234` can
 * only be pt-BR's thousands. Read into a number; what was sent is never stored.
 */
const price = z.preprocess(
  (v) => (typeof v === 'string' && PT_BR_PRICE.test(v) ? v.replaceAll('.', '').replace(',', '.') : v),
  numeric(z.number().min(0).max(1_000_000)),
);

export const planBody = z.object({
  name: name2to50,
  users: count.default(0),
  connections: count.default(0),
  queues: count.default(0),
  value: price.default(0),
  useCampaigns: flag.default(true),
  useKanban: flag.default(true),
  useOpenAi: flag.default(true),
  useIntegrations: flag.default(true),
  useSchedules: flag.default(true),
  useInternalChat: flag.default(true),
  useExternalApi: flag.default(true),
});
export type PlanBody = z.infer<typeof planBody>;
export const planUpdateBody = editOf(planBody);
export type PlanUpdateBody = z.infer<typeof planUpdateBody>;

/** A plan as `GET /plans` and the session's company show it. */
export interface Plan extends Record<PlanFeature, boolean> {
  id: number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  value: number;
  createdAt: string;
  updatedAt: string;
}
