import type { OnboardingStep, SessionUser } from '@balcao/contracts';
import { access } from '../../app/routing/access';

/** Where each step is done; a step whose page the plan does not open is left out. */
export const STEP_PAGES: Record<OnboardingStep, { to: string; shown: (u: SessionUser) => boolean }> = {
  connection: { to: '/connections', shown: access.admin },
  queue: { to: '/queues', shown: access.admin },
  teammate: { to: '/users', shown: access.users },
  firstAnswer: { to: '/tickets', shown: access.everyone },
  campaign: { to: '/campaigns', shown: access.campaigns },
};
