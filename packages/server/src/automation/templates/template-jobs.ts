import type { Logger } from 'pino';
import { z } from 'zod';
import { and, eq, isNotNull } from 'drizzle-orm';
import { defineJob, handleJob } from '../../platform/jobs.js';
import { runPlatform, type Deps } from '../../platform/context.js';
import { inTenant } from '../../db/client.js';
import { whatsapps } from '../../db/schema/index.js';
import { readTemplates, storeTemplates } from '../../modules/templates/sync-templates.js';

/**
 * Once a day (04:30 UTC), one job whatever the number of processes: every Cloud API connection
 * with a WABA id syncs its templates (new ones approved, others paused or deleted at Meta). One
 * connection at a time; a connection Meta refuses is logged and the others go on.
 */
export const syncTemplatesJobDef = defineJob({
  name: 'templates-sync',
  version: 1,
  schema: z.object({ companyId: z.null() }),
  retryLimit: 2,
  cron: { expression: '30 4 * * *', payload: { companyId: null } },
});

export async function syncAllTemplates(deps: Deps, log: Logger): Promise<number> {
  // Platform path: the connections of every company (their ids and credentials only).
  const conns = await runPlatform(deps, (tx) =>
    tx
      .select({
        id: whatsapps.id,
        companyId: whatsapps.companyId,
        wabaId: whatsapps.wabaId,
        accessToken: whatsapps.accessToken,
      })
      .from(whatsapps)
      .where(and(eq(whatsapps.provider, 'cloud'), isNotNull(whatsapps.wabaId), isNotNull(whatsapps.accessToken))),
  );
  let synced = 0;
  for (const conn of conns) {
    try {
      const read = await readTemplates(deps, { ...conn, wabaId: conn.wabaId!, accessToken: conn.accessToken! });
      await inTenant(deps.pools.db, conn.companyId, (tx) => storeTemplates(tx, conn, read));
      synced++;
    } catch (err) {
      log.warn({ whatsappId: conn.id, err: err instanceof Error ? err.message : String(err) }, 'templates sync failed');
    }
  }
  return synced;
}

export const templateJobs = [
  handleJob({
    spec: syncTemplatesJobDef,
    concurrency: 1,
    handle: async (_payload, { log, deps }: { log: Logger; deps: Deps }) => {
      const synced = await syncAllTemplates(deps, log);
      log.info({ synced }, 'templates synced');
    },
  }),
];
