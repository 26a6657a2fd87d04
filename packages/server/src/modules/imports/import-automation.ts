import { and, eq, isNull } from 'drizzle-orm';
import { PROMPT_DEFAULTS, QUEUE_INTEGRATION_TYPES, type ImportCounts } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import {
  campaigns,
  fileListOptions,
  fileLists,
  prompts,
  queueIntegrations,
  queueOptions,
  queues,
  whatsapps,
} from '../../db/schema/index.js';
import { runPlatform } from '../../platform/context.js';
import type { AtendechatSource } from './atendechat-source.js';
import { eachRow, needed, stamps } from './each-row.js';
import type { CompanyIds, ImportRun } from './import-run.js';
import type { StaffMaps } from './import-staff.js';
import { copyMedia } from './media-files.js';
import { int, oneOf, ref, str, time } from './source-values.js';

/** Campaigns that were going out are imported stopped: Balcão does not know whom they reached. */
const CAMPAIGN_STATUS: Record<string, 'INATIVA' | 'CANCELADA' | 'FINALIZADA'> = {
  INATIVA: 'INATIVA',
  PROGRAMADA: 'INATIVA',
  EM_ANDAMENTO: 'INATIVA',
  CANCELADA: 'CANCELADA',
  FINALIZADA: 'FINALIZADA',
};

/**
 * The company's automation: queue integrations, AI prompts, the chatbot's queue options (their
 * tree kept), file lists and their options, campaigns (those going out imported stopped); queues
 * and connections point at their prompt and integration again. Atendechat's flow builder
 * (`FlowBuilders`) draws graphs Balcão's flows do not read: reported, not imported.
 */
export async function importAutomation(
  run: ImportRun,
  source: AtendechatSource,
  ids: CompanyIds,
  maps: StaffMaps,
  counts: ImportCounts,
) {
  const optional = { optional: true };
  const integrationMap = await eachRow(
    run,
    source,
    ids,
    'QueueIntegrations',
    'queueIntegrations',
    counts,
    async (tx, q, companyId) => {
      const type = oneOf(q.type, QUEUE_INTEGRATION_TYPES);
      if (!type) throw new Error(`type "${str(q.type)}" is not one Balcão has`);
      const [row] = await tx
        .insert(queueIntegrations)
        .values({
          companyId,
          type,
          name: str(q.name).trim() || `Integração ${str(q.id)}`,
          projectName: str(q.projectName),
          jsonContent: str(q.jsonContent),
          language: str(q.language, 'pt-BR') || 'pt-BR',
          urlN8N: str(q.urlN8N),
          typebotSlug: str(q.typebotSlug),
          typebotExpires: int(q.typebotExpires) ?? 1,
          typebotKeywordFinish: str(q.typebotKeywordFinish),
          typebotKeywordRestart: str(q.typebotKeywordRestart),
          typebotRestartMessage: str(q.typebotRestartMessage),
          typebotUnknownMessage: str(q.typebotUnknownMessage),
          typebotDelayMessage: int(q.typebotDelayMessage) ?? 1000,
          ...stamps(q),
        })
        .returning({ id: queueIntegrations.id });
      return row!.id;
    },
    optional,
  );

  const promptMap = await eachRow(
    run,
    source,
    ids,
    'Prompts',
    'prompts',
    counts,
    async (tx, p, companyId) => {
      const [row] = await tx
        .insert(prompts)
        .values({
          companyId,
          name: str(p.name).trim() || `Prompt ${str(p.id)}`,
          prompt: str(p.prompt),
          model: str(p.model).trim() || PROMPT_DEFAULTS.model,
          maxTokens: int(p.maxTokens) ?? PROMPT_DEFAULTS.maxTokens,
          temperature: Number(p.temperature ?? PROMPT_DEFAULTS.temperature) || 0,
          apiKey: str(p.apiKey),
          queueId: ref(maps.queues, p.queueId),
          maxMessages: int(p.maxMessages) ?? PROMPT_DEFAULTS.maxMessages,
          voice: str(p.voice).trim() || PROMPT_DEFAULTS.voice,
          voiceKey: str(p.voiceKey),
          voiceRegion: str(p.voiceRegion),
          ...stamps(p),
        })
        .returning({ id: prompts.id });
      return row!.id;
    },
    optional,
  );
  if (ids.target !== null) await linkBots(run, source, ids, maps, promptMap, integrationMap);

  // Parents come before their children (lower ids), so a child finds its parent's new id.
  await eachRow(
    run,
    source,
    ids,
    'QueueOptions',
    'queueOptions',
    counts,
    async (tx, o, companyId, optionMap) => {
      if (o.mediaPath)
        run.problem(ids.source, 'queueOptions', o.id, `attachment "${str(o.mediaName ?? o.mediaPath)}" not imported`);
      const [row] = await tx
        .insert(queueOptions)
        .values({
          companyId,
          queueId: needed(maps.queues, o.queueId, 'queue'),
          parentId: o.parentId == null ? null : needed(optionMap, o.parentId, 'parent option'),
          title: str(o.title).trim() || `Opção ${str(o.id)}`,
          message: str(o.message),
          option: str(o.option).trim() || '1',
          ...stamps(o),
        })
        .returning({ id: queueOptions.id });
      return row!.id;
    },
    { optional: true, via: { table: 'Queues', column: 'queueId' } },
  );

  const fileListMap = await eachRow(
    run,
    source,
    ids,
    'Files',
    'fileLists',
    counts,
    async (tx, f, companyId) => {
      const [row] = await tx
        .insert(fileLists)
        .values({
          companyId,
          name: str(f.name).trim() || `Arquivos ${str(f.id)}`,
          message: str(f.message),
          ...stamps(f),
        })
        .returning({ id: fileLists.id });
      return row!.id;
    },
    optional,
  );
  await eachRow(
    run,
    source,
    ids,
    'FilesOptions',
    'fileListOptions',
    counts,
    async (tx, o, companyId) => {
      const file = str(o.path).trim();
      const key = file ? await copyMedia(run, file, companyId) : null;
      if (file && !key)
        run.problem(ids.source, 'fileListOptions', o.id, `file "${file}" not found: the option has no file`);
      const [row] = await tx
        .insert(fileListOptions)
        .values({
          companyId,
          fileListId: needed(fileListMap, o.fileId, 'file list'),
          position: int(o.id) ?? 0,
          name: str(o.name).trim() || file || `Opção ${str(o.id)}`,
          path: key,
          mediaType: key ? str(o.mediaType) || null : null,
          fileName: key ? file.split('/').pop()! : null,
          ...stamps(o),
        })
        .returning({ id: fileListOptions.id });
      return row!.id;
    },
    { optional: true, via: { table: 'Files', column: 'fileId' } },
  );

  const lists = ids.target === null ? new Map<string, number>() : await run.mappedIn('contactLists', ids.target);
  await eachRow(
    run,
    source,
    ids,
    'Campaigns',
    'campaigns',
    counts,
    async (tx, c, companyId) => {
      const was = str(c.status).toUpperCase();
      const status = CAMPAIGN_STATUS[was] ?? 'INATIVA';
      if (status === 'INATIVA' && was !== 'INATIVA')
        run.problem(ids.source, 'campaigns', c.id, `was ${was || 'without a status'}: imported stopped`);
      if (c.mediaPath)
        run.problem(ids.source, 'campaigns', c.id, `attachment "${str(c.mediaName ?? c.mediaPath)}" not imported`);
      const [row] = await tx
        .insert(campaigns)
        .values({
          companyId,
          name: str(c.name).trim() || `Campanha ${str(c.id)}`,
          message1: str(c.message1),
          message2: str(c.message2),
          message3: str(c.message3),
          message4: str(c.message4),
          message5: str(c.message5),
          status,
          scheduledAt: time(c.scheduledAt),
          completedAt: time(c.completedAt),
          whatsappId: ref(maps.connections, c.whatsappId),
          contactListId: ref(lists, c.contactListId),
          tagId: ref(maps.tags, c.tagListId ?? c.tagId),
          fileListId: ref(fileListMap, c.fileListId),
          ...stamps(c),
        })
        .returning({ id: campaigns.id });
      return row!.id;
    },
    optional,
  );

  if (source.has('FlowBuilders')) {
    const n = await source.count(`select 1 from "FlowBuilders" where company_id = $1`, [ids.source]).catch(() => 0);
    if (n > 0) {
      run.problem(
        ids.source,
        'flows',
        null,
        `${n} flows of the flow builder not imported: draw them again in Balcão's flows`,
      );
    }
  }
}

/** Queues and connections point at their prompt and integration, as in the source. */
async function linkBots(
  run: ImportRun,
  source: AtendechatSource,
  ids: CompanyIds,
  maps: StaffMaps,
  promptMap: Map<string, number>,
  integrationMap: Map<string, number>,
) {
  if (promptMap.size === 0 && integrationMap.size === 0) return;
  const companyId = ids.target!;
  for (const [table, map, target] of [
    ['Queues', maps.queues, queues],
    ['Whatsapps', maps.connections, whatsapps],
  ] as const) {
    const rows = await source.all(`select * from "${table}" where "companyId" = $1`, [ids.source]);
    await runPlatform(run.deps, async (tx: Tx) => {
      for (const r of rows) {
        const id = ref(map, r.id);
        const promptId = ref(promptMap, r.promptId);
        const integrationId = ref(integrationMap, r.integrationId);
        if (id === null || (promptId === null && integrationId === null)) continue;
        // Only where nothing was set in Balcão since an earlier run.
        await tx
          .update(target)
          .set({ promptId, integrationId })
          .where(
            and(
              eq(target.id, id),
              eq(target.companyId, companyId),
              isNull(target.promptId),
              isNull(target.integrationId),
            ),
          );
      }
    });
  }
}
