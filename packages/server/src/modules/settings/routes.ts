import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import { isSettingKey, SETTING_VALUES, settingBody, settingParams } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import type { Tx } from '../../db/client.js';
import { isAdminOnlySetting, visibleSettings } from './visible-settings.js';
import { settings } from '../../db/schema/index.js';
import { AppError, invalid } from '../../platform/errors.js';

export const settingRoutes =
  (_deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/', {}, async (req) => {
      const rows = await req.ctx.tenant((tx) =>
        tx.select({ key: settings.key, value: settings.value }).from(settings).orderBy(asc(settings.key)),
      );
      return visibleSettings(rows, req.ctx.actor);
    });

    app.put(
      '/:key',
      { schema: { params: settingParams, body: settingBody }, config: { permission: 'settings:manage' } },
      async (req) => {
        const { key } = req.params;
        const { value } = req.body;
        if (!isSettingKey(key)) throw new AppError('ERR_NO_SETTING_FOUND', `Unknown setting ${key}`);
        const allowed = SETTING_VALUES[key];
        if (allowed && !allowed.includes(value)) throw invalid({ value: `oneOf:${allowed.join('|')}` });
        const companyId = req.ctx.actor.companyId;
        return req.ctx.tenant(async (tx, events) => {
          const [row] = await tx
            .insert(settings)
            .values({ companyId, key, value })
            .onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value, updatedAt: new Date() } })
            .returning({ key: settings.key, value: settings.value });
          events.push({
            companyId,
            topic: 'settings',
            payload: { action: 'update', setting: row },
            audience: { to: isAdminOnlySetting(key) ? 'admins' : 'company' },
          });
          return row;
        });
      },
    );
  };

/** A company's value for one key (defaults are stored at signup, so a row always exists). */
export async function readSetting(tx: Tx, key: string) {
  const [row] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value;
}
