import type { Company, CompanyBody } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { invalid } from '../../platform/errors.js';
import { setUpCompany } from './set-up-company.js';
import { loadCompanies } from './serialize-company.js';

/** `POST /companies` (super users): a company, with a first admin when a password is given. */
export async function createCompany(ctx: Ctx, input: CompanyBody) {
  if (input.password && !input.email) throw invalid({ email: 'required' }, 'The first admin needs an email');
  const { company } = await ctx.platform((tx) =>
    setUpCompany(tx, {
      name: input.name,
      email: input.email ?? '',
      phone: input.phone,
      planId: input.planId,
      status: input.status,
      dueDate: input.dueDate,
      recurrence: input.recurrence,
      campaignsEnabled: input.campaignsEnabled,
      admin: input.password ? { name: input.name, password: input.password } : undefined,
    }),
  );
  const [view] = await ctx.platform((tx) => loadCompanies(tx, company.id, ctx.actor));
  return view!;
}

wireMatches<Answer<typeof createCompany>, Company>(true);
