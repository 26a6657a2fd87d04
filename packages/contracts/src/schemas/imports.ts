import { z } from 'zod';
import { text } from './common.js';

/**
 * `POST /imports/atendechat`: the source database of an Atendechat (Whaticket SaaS) installation,
 * read only. `mediaDir` is a folder on the server holding the source's `public/` files.
 */
export const atendechatImportBody = z.object({
  databaseUrl: text()
    .trim()
    .min(1)
    .max(2000)
    .regex(/^postgres(ql)?:\/\//, 'notPostgresUrl'),
  dryRun: z.boolean().default(false),
  mediaDir: text().trim().min(1).max(1000).optional(),
});
export type AtendechatImportBody = z.infer<typeof atendechatImportBody>;

/** `/imports/:id`: an import's id. */
export const importParams = z.object({ id: z.uuid() });

/** What was (or in a dry run would be) imported, counted per entity. */
export const IMPORT_COUNTS = [
  'companies',
  'plans',
  'users',
  'queues',
  'userQueues',
  'connections',
  'contacts',
  'tickets',
  'ticketTags',
  'messages',
  'tags',
  'quickMessages',
  'schedules',
  'contactLists',
  'contactListItems',
  'settings',
  'queueOptions',
  'queueIntegrations',
  'prompts',
  'fileLists',
  'fileListOptions',
  'campaigns',
  'ticketNotes',
  'chats',
  'chatUsers',
  'chatMessages',
  'invoices',
  'announcements',
  'helps',
] as const;
export type ImportCount = (typeof IMPORT_COUNTS)[number];
export type ImportCounts = Record<ImportCount, number>;

/** One thing that could not be imported, and why (the import goes on). */
export interface ImportProblem {
  /** The source company's id, when the problem is inside one. */
  companyId: number | null;
  entity: string;
  sourceId: string | null;
  reason: string;
}

export interface ImportCompanyReport {
  sourceId: number;
  name: string;
  status: 'done' | 'failed';
  counts: ImportCounts;
}

export type ImportReport = ImportCounts & { perCompany: ImportCompanyReport[] };

export interface ImportView {
  id: string;
  kind: 'atendechat';
  status: 'running' | 'done' | 'failed';
  dryRun: boolean;
  report: ImportReport;
  errors: ImportProblem[];
  startedAt: string;
  finishedAt: string | null;
}
