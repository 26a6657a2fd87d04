import { z } from 'zod';

/**
 * The first-day checklist, in the order a new company does it: a number (or the sandbox phone),
 * a queue, a teammate, a first answer by a person, a first campaign.
 */
export const ONBOARDING_STEPS = ['connection', 'queue', 'teammate', 'firstAnswer', 'campaign'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** `GET /onboarding`: each step ticked from the company's rows; `dismissed` once an admin closed it. */
export interface Onboarding {
  items: Array<{ key: OnboardingStep; done: boolean }>;
  dismissed: boolean;
}

/** `PUT /onboarding` (admins): close the checklist, or bring it back. */
export const onboardingBody = z.object({ dismissed: z.boolean() });
export type OnboardingBody = z.infer<typeof onboardingBody>;
