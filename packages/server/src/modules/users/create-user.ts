import { count, eq } from 'drizzle-orm';
import { can, type UserBody, type User } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { companies, plans, users, whatsapps } from '../../db/schema/index.js';
import { ownRows } from '../../platform/own-rows.js';
import { AppError, noPermission } from '../../platform/errors.js';
import { hashPassword } from '../../platform/passwords.js';
import { readSetting } from '../settings/read-setting.js';
import { loadUser } from './user-view.js';
import { replaceUserQueues } from './save-queues.js';
import { userEvents } from './user-events.js';
import { settingEmail } from './email-in-use.js';

export async function createUser(ctx: Ctx, input: UserBody) {
  const { actor } = ctx;
  if (input.profile !== 'user' && !can(actor, 'user-modal:editProfile')) throw noPermission();
  if (input.queueIds.length > 0 && !can(actor, 'user-modal:editQueues')) throw noPermission();
  const passwordHash = await hashPassword(input.password);
  return settingEmail(ctx, input.email, () =>
    ctx.tenant(async (tx, events) => {
      if ((await readSetting(tx, 'userCreation')) === 'disabled') {
        throw new AppError('ERR_USER_CREATION_DISABLED', 'User creation is disabled for this company');
      }
      // Lock the company row so two concurrent creations cannot both pass the plan limit.
      const [limit] = await tx
        .select({ users: plans.users })
        .from(companies)
        .innerJoin(plans, eq(plans.id, companies.planId))
        .for('update', { of: companies });
      const [current] = await tx.select({ n: count() }).from(users);
      if (limit && limit.users > 0 && (current?.n ?? 0) >= limit.users) {
        throw new AppError('ERR_PLAN_LIMIT', `Your plan allows ${limit.users} users`, {
          extra: { limit: limit.users },
        });
      }
      await ownRows(tx, whatsapps, [input.whatsappId], 'whatsappId');
      const [row] = await tx
        .insert(users)
        .values({
          companyId: actor.companyId,
          name: input.name,
          email: input.email,
          passwordHash,
          profile: input.profile,
          whatsappId: input.whatsappId ?? null,
          allTicket: input.allTicket,
        })
        .returning({ id: users.id });
      await replaceUserQueues(tx, actor.companyId, row!.id, input.queueIds);
      const user = (await loadUser(tx, row!.id))!;
      events.push(userEvents.created(actor.companyId, user));
      return user;
    }),
  );
}

wireMatches<Answer<typeof createUser>, User>(true);
