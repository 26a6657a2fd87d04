/** Plan feature flags (foundation §3). The server enforces them; the web only hides. */
export const PLAN_FEATURES = [
  'useCampaigns',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

/** Plan count limits; `ERR_PLAN_LIMIT` names the limit when one is reached. */
export const PLAN_LIMITS = ['users', 'connections', 'queues'] as const;
export type PlanLimit = (typeof PLAN_LIMITS)[number];

export const RECURRENCES = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const;
export type Recurrence = (typeof RECURRENCES)[number];

/** Months a due date moves by when a company's period is renewed. */
export const RECURRENCE_MONTHS: Record<Recurrence, number> = {
  MENSAL: 1,
  BIMESTRAL: 2,
  TRIMESTRAL: 3,
  SEMESTRAL: 6,
  ANUAL: 12,
};

export const TRIAL_DAYS = 3;
export const EXPIRY_WARNING_DAYS = 5;
