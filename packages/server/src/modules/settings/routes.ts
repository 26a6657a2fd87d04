import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { settingBody, settingParams } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { listSettings } from './list-settings.js';
import { updateSetting } from './update-setting.js';

/** `/settings`: every staff member reads the company's settings; admins change them. */
export const settingRoutes =
  (_deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/', {}, (req) => listSettings(req.ctx));

    app.put(
      '/:key',
      { schema: { params: settingParams, body: settingBody }, config: { permission: 'settings:manage' } },
      (req) => updateSetting(req.ctx, req.params.key, req.body.value),
    );
  };
