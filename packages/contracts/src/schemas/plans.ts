import { z } from 'zod';
import { editOf, name2to50, numeric } from './common.js';
import type { PlanFeature } from '../plans.js';

const count = numeric(z.number().int().min(0).max(100_000));
const flag = z.boolean();

export const planBody = z.object({
  name: name2to50,
  users: count.default(0),
  connections: count.default(0),
  queues: count.default(0),
  value: numeric(z.number().min(0).max(1_000_000)).default(0),
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
