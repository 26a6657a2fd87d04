import type { ImportView } from '@balcao/contracts';
import { imports } from '../../db/schema/index.js';
import { runPlatform, type Deps } from '../../platform/context.js';
import { sourceKey, type AtendechatSource } from './atendechat-source.js';
import { importAutomation } from './import-automation.js';
import { importCompany } from './import-company.js';
import { importContactLists, importContacts } from './import-contacts.js';
import { importMessages } from './import-messages.js';
import { importPlatform } from './import-platform.js';
import { emptyCounts, ImportRun, refusal } from './import-run.js';
import { importSchedules } from './import-schedules.js';
import { importStaff } from './import-staff.js';
import { importTeam } from './import-team.js';
import { importTickets } from './import-tickets.js';

export interface ImportRequest {
  databaseUrl: string;
  dryRun: boolean;
  mediaDir?: string;
  startedBy?: number;
  operatorCompanyId?: number;
  onProgress?: (view: ImportView) => void;
}

/** Records the import (status running) and answers the run that will fill it. */
export async function beginImport(deps: Deps, req: ImportRequest): Promise<ImportRun> {
  const source = sourceKey(req.databaseUrl);
  const run0 = { ...emptyCounts(), perCompany: [] };
  const [row] = await runPlatform(deps, (tx) =>
    tx
      .insert(imports)
      .values({ kind: 'atendechat', source, dryRun: req.dryRun, report: run0, startedBy: req.startedBy ?? null })
      .returning({ id: imports.id }),
  );
  return new ImportRun(deps, {
    id: row!.id,
    source,
    dryRun: req.dryRun,
    mediaDir: req.mediaDir,
    operatorCompanyId: req.operatorCompanyId,
    onProgress: req.onProgress,
  });
}

/**
 * Every company of the source, one after another, each in its own transactions: a company that
 * fails is reported and the others go on (what it had written stays, and a rerun completes it).
 */
export async function runAtendechatImport(run: ImportRun, source: AtendechatSource): Promise<ImportView> {
  try {
    await importPlatform(run, source);
    const companies = await source.all(`select * from "Companies" order by id`);
    for (const c of companies) {
      const counts = emptyCounts();
      const entry = { sourceId: Number(c.id), name: String(c.name ?? ''), status: 'done' as 'done' | 'failed', counts };
      run.report.perCompany.push(entry);
      try {
        await source.mark();
        const target = await importCompany(run, source, c, counts);
        const ids = { source: Number(c.id), target };
        const maps = await importStaff(run, source, ids, counts);
        await importContacts(run, source, ids, maps, counts);
        await importTickets(run, source, ids, maps, counts);
        await importMessages(run, source, ids, counts);
        await importSchedules(run, source, ids, maps, counts);
        await importContactLists(run, source, ids, counts);
        await importAutomation(run, source, ids, maps, counts);
        await importTeam(run, source, ids, maps, counts);
      } catch (err) {
        entry.status = 'failed';
        run.problem(Number(c.id), 'companies', c.id, `the company's import stopped: ${refusal(err)}`);
        await source.recover();
      }
      await run.progress('running', true);
    }
    await run.progress('done', true);
    return run.view('done');
  } catch (err) {
    run.problem(null, 'import', null, refusal(err));
    await run.progress('failed', true);
    return run.view('failed');
  } finally {
    await source.close();
  }
}
