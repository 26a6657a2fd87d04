import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Deps } from '../../platform/context.js';
import { runPlatform } from '../../platform/context.js';
import { plans, users } from '../../db/schema/index.js';
import { setUpCompany } from './set-up-company.js';

/** What the first start tells the terminal once it listens (main.ts prints it last). */
let firstStartNote: string | null = null;

/** The generated operator's credentials, once: null on any later call or start. */
export function takeFirstStartNote(): string | null {
  const note = firstStartNote;
  firstStartNote = null;
  return note;
}

/**
 * First start: the platform company, its super user and a default plan. With ADMIN_PASSWORD
 * unset a random password is generated and printed once (after the address, by main.ts); no
 * fixed default exists.
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
    // For the terminal, not the structured log: shown once, never stored.
    firstStartNote =
      `  Sign in as the platform operator:\n` +
      `    email:    ${config.ADMIN_EMAIL}\n    password: ${created.password}\n` +
      `  (shown only now; set ADMIN_PASSWORD to choose it)\n`;
  }
}
