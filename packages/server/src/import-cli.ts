/**
 * `npm run import -- atendechat <databaseUrl> [--dry-run] [--media-dir DIR]`: the operator's
 * import from the command line, against the deployment's database (DATABASE_URL, or the embedded
 * one under DATA_DIR). Prints progress as it goes and the report at the end; exits 1 when the
 * import failed as a whole (a company's failure is in the report).
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './platform/logger.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.js';
import { createPools } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { createStorage } from './platform/create-storage.js';
import { loadSecrets } from './platform/secrets.js';
import type { Deps } from './platform/context.js';
import { beginImport, runAtendechatImport } from './modules/imports/import-atendechat.js';
import { AtendechatSource } from './modules/imports/atendechat-source.js';

const USAGE = 'usage: npm run import -- atendechat <postgres://…> [--dry-run] [--media-dir DIR]';

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { 'dry-run': { type: 'boolean', default: false }, 'media-dir': { type: 'string' } },
  });
  const [kind, databaseUrl] = positionals;
  if (kind !== 'atendechat' || !databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    process.stderr.write(`${USAGE}\n`);
    return 64;
  }
  const config = loadConfig();
  const log = createLogger({ ...config, LOG_LEVEL: 'warn' });
  let embedded: EmbeddedDatabase | undefined;
  const url = config.DATABASE_URL ?? (embedded = await startEmbeddedPostgres(config.DATA_DIR, log)).url;
  const pools = createPools(url, { max: 4 });
  try {
    await runMigrations(pools.owner);
    // Only what an import uses: the database, storage for media, no realtime, jobs or channels.
    const deps = {
      config,
      log,
      pools,
      secrets: loadSecrets(config),
      storage: await createStorage(config),
      realtime: { publish: () => undefined },
    } as unknown as Deps;
    const source = await AtendechatSource.open(databaseUrl);
    const run = await beginImport(deps, {
      databaseUrl,
      dryRun: values['dry-run'] ?? false,
      mediaDir: values['media-dir'],
      onProgress: (v) =>
        process.stdout.write(
          `${v.status}: ${v.report.companies} companies, ${v.report.contacts} contacts, ${v.report.tickets} tickets, ${v.report.messages} messages, ${v.errors.length} problems\n`,
        ),
    });
    process.stdout.write(`import ${run.opts.id}${run.dryRun ? ' (dry run: nothing is written)' : ''}\n`);
    const view = await runAtendechatImport(run, source);
    process.stdout.write(`${JSON.stringify({ report: view.report, errors: view.errors }, null, 2)}\n`);
    return view.status === 'done' ? 0 : 1;
  } finally {
    await pools.close();
    await embedded?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(
      `${err instanceof ConfigError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    process.exit(1);
  },
);
