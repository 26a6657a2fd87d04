import { isSettingKey, settingValueOf, SETTING_FORMATS, SETTING_VALUES, type Setting } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { settings } from '../../db/schema/index.js';
import { AppError, invalid } from '../../platform/errors.js';
import { settingEvents } from './setting-events.js';
import { isPlatformSetting } from './visible-settings.js';

/**
 * `PUT /settings/{key}`: a known key, one of its allowed values (free text where the contracts
 * allow any); the platform's own settings (the gateway's key) only from a super user, else 404.
 * The change is heard by the company, a secret one by its admins only.
 */
export async function updateSetting(ctx: Ctx, key: string, sent: string) {
  if (!isSettingKey(key) || (isPlatformSetting(key) && !ctx.actor.super)) throw new AppError('ERR_NO_SETTING_FOUND', `Unknown setting ${key}`);
  const value = settingValueOf(key, sent);
  const allowed = SETTING_VALUES[key];
  if (allowed && !allowed.includes(value)) throw invalid({ value: `oneOf:${allowed.join('|')}` });
  const format = SETTING_FORMATS[key];
  if (format && !format.test(value)) throw invalid({ value: 'invalidNumber' });
  const { companyId } = ctx.actor;
  return ctx.tenant(async (tx, events) => {
    const [row] = await tx
      .insert(settings)
      .values({ companyId, key, value })
      .onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value, updatedAt: new Date() } })
      .returning({ key: settings.key, value: settings.value });
    events.push(settingEvents.updated(companyId, row!));
    return row!;
  });
}

wireMatches<Answer<typeof updateSetting>, Setting>(true);
