import type { AtendechatImportBody } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { invalid } from '../../platform/errors.js';
import { AtendechatSource } from './atendechat-source.js';
import { beginImport, runAtendechatImport } from './import-atendechat.js';

/** The source, opened before anything is recorded: one that cannot be read is a 400 at once. */
async function openSource(databaseUrl: string): Promise<AtendechatSource> {
  try {
    return await AtendechatSource.open(databaseUrl);
  } catch (err) {
    throw invalid({ databaseUrl: 'unreadable' }, `The source database cannot be read: ${(err as Error).message}`);
  }
}

/**
 * `POST /imports/atendechat` (platform operator): answers the import's id at once; the import
 * runs in this process, its progress saved on its row and told to the operator's sockets. The
 * outbound policy is not applied to `databaseUrl`: the operator names their own database.
 */
export async function startImport(ctx: Ctx, input: AtendechatImportBody): Promise<{ id: string }> {
  const source = await openSource(input.databaseUrl);
  const run = await beginImport(ctx.deps, {
    databaseUrl: input.databaseUrl,
    dryRun: input.dryRun,
    mediaDir: input.mediaDir,
    startedBy: ctx.actor.userId,
    operatorCompanyId: ctx.actor.companyId,
  }).catch(async (err: unknown) => {
    await source.close();
    throw err;
  });
  runAtendechatImport(run, source).catch((err: unknown) =>
    ctx.deps.log.error({ err, importId: run.opts.id }, 'import stopped'),
  );
  return { id: run.opts.id };
}
