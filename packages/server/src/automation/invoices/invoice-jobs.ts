import type { Logger } from 'pino';
import { z } from 'zod';
import { defineJob, handleJob } from '../../platform/jobs.js';
import type { Deps } from '../../platform/context.js';
import { issueDueInvoices } from '../../modules/invoices/issue-invoices.js';

/**
 * Once a day (06:00 UTC, 03:00 in São Paulo), one job whatever the number of processes: the next
 * invoice of every company whose due date is near. Missing a day is harmless: the rule looks at
 * due dates, not at days passed, so the next run issues what the missed one would have.
 */
export const issueInvoicesJobDef = defineJob({
  name: 'invoices-issue',
  version: 1,
  schema: z.object({ companyId: z.null() }),
  retryLimit: 3,
  cron: { expression: '0 6 * * *', payload: { companyId: null } },
});

export const invoiceJobs = [
  handleJob({
    spec: issueInvoicesJobDef,
    concurrency: 1,
    handle: async (_payload, { log, deps }: { log: Logger; deps: Deps }) => {
      const issued = await issueDueInvoices(deps);
      if (issued.length > 0) log.info({ issued: issued.length }, 'invoices issued');
    },
  }),
];
