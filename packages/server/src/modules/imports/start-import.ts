import type { AtendechatImportBody } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { beginImport, runAtendechatImport } from './import-atendechat.js';

/**
 * `POST /imports/atendechat` (platform operator): answers the import's id at once; the import
 * runs in this process, its progress saved on its row and told to the operator's sockets. The
 * outbound policy is not applied to `databaseUrl`: the operator names their own database.
 */
export async function startImport(ctx: Ctx, input: AtendechatImportBody): Promise<{ id: string }> {
  const run = await beginImport(ctx.deps, {
    databaseUrl: input.databaseUrl,
    dryRun: input.dryRun,
    mediaDir: input.mediaDir,
    startedBy: ctx.actor.userId,
    operatorCompanyId: ctx.actor.companyId,
  });
  runAtendechatImport(run, input.databaseUrl).catch((err: unknown) =>
    ctx.deps.log.error({ err, importId: run.opts.id }, 'import stopped'),
  );
  return { id: run.opts.id };
}
