import type { Company, SignupBody } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Deps } from '../../platform/context.js';
import { runPlatform } from '../../platform/context.js';
import { takeAttempt } from '../../platform/rate-events.js';
import { setUpCompany } from './set-up-company.js';
import { loadCompanies } from './serialize-company.js';
import { issueInvoices } from '../invoices/issue-invoices.js';
import { parsePhone } from '../contacts/phone-number.js';
import { invalid } from '../../platform/errors.js';

/** A typed phone as stored (E.164 digits), blank kept blank; "123" is a 400 naming `phone`. */
function signupPhone(typed: string | undefined): string {
  if (!typed) return '';
  const parsed = parsePhone(typed);
  if (!parsed.ok) throw invalid({ phone: parsed.reason }, 'This is not a phone number');
  return parsed.number;
}

/**
 * `POST /companies/cadastro` (public): a new company on a trial, its first admin the person
 * signing up (named after the company when the spec's clients send no `userName`), and its first
 * invoice.
 */
export async function signUp(deps: Deps, ip: string, input: SignupBody) {
  const phone = signupPhone(input.phone);
  // Every attempt that passed the schema counts, before the work: a refused one (the email is
  // taken, the plan unknown) too, so concurrent signups cannot all pass one count. On doubt, deny.
  await takeAttempt(deps.pools.platformDb, [{ kind: 'signup', key: `ip:${ip}`, max: 10, windowMinutes: 60 }]);
  const { company } = await runPlatform(deps, async (tx) => {
    const made = await setUpCompany(tx, {
      name: input.name,
      email: input.email,
      phone,
      planId: input.planId,
      admin: { name: input.userName ?? input.name, password: input.password },
    });
    // The first invoice: the plan's value, due when the trial ends (in the same transaction).
    await issueInvoices(tx, made.company.id);
    return made;
  });
  const [view] = await runPlatform(deps, (tx) => loadCompanies(tx, company.id, null));
  return view!;
}

wireMatches<Answer<typeof signUp>, Company>(true);
