import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Deps } from '../../platform/context.js';
import { runPlatform } from '../../platform/context.js';
import { plans, users } from '../../db/schema/index.js';
import { setUpCompany } from './set-up-company.js';

/**
 * First start: the platform company, its super user and a default plan. With ADMIN_PASSWORD
 * unset a random password is generated and printed once; no fixed default exists.
 */
export async function seedPlatform(deps: Deps): Promise<void> {
  const { config } = deps;
  const created = await runPlatform(deps, async (tx) => {
    // One starting process seeds; the others wait here and then find the super user.
    await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.super, true)).limit(1);
    if (existing) return null;
    let [plan] = await tx.select().from(plans).limit(1);
    plan ??= (
      await tx.insert(plans).values({ name: 'Plano Padrão', users: 10, connections: 10, queues: 10, value: 0 }).returning()
    )[0]!;
    const password = config.ADMIN_PASSWORD ?? randomBytes(9).toString('base64url');
    await setUpCompany(tx, {
      name: 'Balcão',
      email: config.ADMIN_EMAIL,
      planId: plan.id,
      dueDate: '2099-12-31',
      recurrence: 'ANUAL',
      admin: { name: 'Admin', password, super: true },
    });
    return { password, generated: config.ADMIN_PASSWORD === undefined };
  });
  if (created?.generated) {
    // Printed once, to the terminal, not only to the structured log.
    process.stdout.write(
      `\n  Balcão is ready. Sign in as the platform operator:\n` +
        `    email:    ${config.ADMIN_EMAIL}\n    password: ${created.password}\n` +
        `  (shown only now; set ADMIN_PASSWORD to choose it)\n\n`,
    );
  }
}
