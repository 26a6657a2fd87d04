import type { ImportCounts } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import { announcements, helps } from '../../db/schema/index.js';
import { runPlatform } from '../../platform/context.js';
import type { AtendechatSource, SourceRow } from './atendechat-source.js';
import { stamps } from './each-row.js';
import { emptyCounts, refusal, type ImportRun } from './import-run.js';
import { bool, int, str } from './source-values.js';

/** One platform table (no company in Balcão): each row not imported yet, in its own transaction. */
async function platformRows(
  run: ImportRun,
  source: AtendechatSource,
  table: string,
  what: keyof ImportCounts,
  write: (tx: Tx, row: SourceRow) => Promise<number>,
) {
  if (!source.has(table)) return;
  // Platform tables are small (tens of rows): read at once.
  const rows = await source.all(`select * from "${table}" order by id`);
  const done = await run.mapped(
    what,
    rows.map((r) => r.id),
  );
  const counts = emptyCounts();
  for (const row of rows) {
    if (done.has(String(row.id))) continue;
    if (run.dryRun) {
      run.count(counts, what);
      continue;
    }
    try {
      await runPlatform(run.deps, async (tx) => {
        const id = await write(tx, row);
        await run.remember(tx, what, null, [[row.id, id]]);
      });
      run.count(counts, what);
    } catch (err) {
      run.problem(null, what, row.id, refusal(err));
    }
  }
}

/**
 * The platform's own content, once per source, not per company: announcements (Atendechat keeps
 * them on the operator's company; Balcão shows them to every company, as Atendechat did) and help
 * videos. Counted in the report's totals only.
 */
export async function importPlatform(run: ImportRun, source: AtendechatSource) {
  await platformRows(run, source, 'Announcements', 'announcements', async (tx, a) => {
    if (a.mediaPath)
      run.problem(null, 'announcements', a.id, `attachment "${str(a.mediaName ?? a.mediaPath)}" not imported`);
    const [row] = await tx
      .insert(announcements)
      .values({
        title: str(a.title).trim() || `Informativo ${str(a.id)}`,
        text: str(a.text),
        priority: Math.min(3, Math.max(1, int(a.priority) ?? 3)),
        status: a.status == null ? true : bool(a.status),
        ...stamps(a),
      })
      .returning({ id: announcements.id });
    return row!.id;
  });
  await platformRows(run, source, 'Helps', 'helps', async (tx, h) => {
    const [row] = await tx
      .insert(helps)
      .values({
        title: str(h.title).trim() || `Ajuda ${str(h.id)}`,
        video: str(h.video ?? h.link),
        description: str(h.description),
        ...stamps(h),
      })
      .returning({ id: helps.id });
    return row!.id;
  });
}
