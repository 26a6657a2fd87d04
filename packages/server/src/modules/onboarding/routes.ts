import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onboardingBody } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { getOnboarding } from './get-onboarding.js';
import { dismissOnboarding } from './dismiss-onboarding.js';

/** The first-day checklist: everyone reads it (the web shows it to admins), admins close it. */
export const onboardingRoutes =
  (_deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/', {}, (req) => getOnboarding(req.ctx));

    app.put('/', { schema: { body: onboardingBody }, config: { permission: 'settings:manage' } }, (req) =>
      dismissOnboarding(req.ctx, req.body),
    );
  };
