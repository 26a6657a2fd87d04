import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  CONTACT_LIST_COLUMNS,
  CONTACT_LIST_FILE_FIELD,
  CONTACT_LIST_REFUSALS_LISTED,
  type ContactListRefusal,
  type ContactListUploadResult,
} from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { invalid, notFound } from '../../platform/errors.js';
import { spoolMultipartFile } from '../../platform/uploads.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { readContactRow } from '../contacts/read-contact-row.js';
import { holdContactList, loadContactList, loadFirstPage } from './contact-list-view.js';
import { contactListItemEvents } from './contact-list-events.js';
import { sheetRows, type Cell } from './read-sheet.js';
import { queueValidityCheck } from './jobs.js';
import { CONTACT_LIST_SHEET } from './sheet-limits.js';

/** Rows inserted per statement (and per transaction): 5 parameters each, well under PostgreSQL's 65,535. */
export const IMPORT_BATCH = 2_000;

type Column = keyof typeof CONTACT_LIST_COLUMNS;
const plain = (title: Cell) =>
  String(title ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .trim()
    .toLowerCase();

/** Which cell holds which field, from the titles of the first row. */
function columnsOf(titles: Cell[]): Partial<Record<Column, number>> {
  const found: Partial<Record<Column, number>> = {};
  titles.forEach((title, i) => {
    const t = plain(title);
    for (const [column, names] of Object.entries(CONTACT_LIST_COLUMNS) as Array<[Column, readonly string[]]>) {
      if (found[column] === undefined && names.includes(t)) found[column] = i;
    }
  });
  return found;
}

/**
 * `POST /contact-lists/{id}/upload` (multipart `file`): an .xls/.xlsx sheet whose first row names
 * its columns (name/nome, number/numero, email; any case). The file is spooled to disk and read
 * row by row; each row is checked as a contact's (name 2–50, a phone number read in the company's
 * country, a valid email or none) and refused with its row and reason, or inserted in batches of
 * IMPORT_BATCH with `on conflict do nothing` on (company, list, number): a number the list has
 * (or an earlier row of the sheet had) counts as a duplicate, never doubled. Each batch commits on
 * its own and tells its `progress` on the list's channel; `reload` follows the last. The numbers'
 * WhatsApp check runs afterwards as a job, never holding the import.
 */
export async function uploadContactList(ctx: Ctx, id: number, req: FastifyRequest) {
  const { actor } = ctx;
  const field = CONTACT_LIST_FILE_FIELD;
  if (!(await ctx.tenant((tx) => loadContactList(tx, id)))) throw notFound('contact list');
  if (!req.isMultipart()) throw invalid({ [field]: 'required' }, 'Send the sheet as multipart');
  const file = await spoolMultipartFile(req, field);
  if (!file) throw invalid({ [field]: 'required' }, 'No sheet in');
  try {
    if (!/\.xlsx?$/i.test(file.name)) throw invalid({ [field]: 'unsupportedType' }, 'Send an .xls or .xlsx sheet in');
    const result: ContactListUploadResult = { rows: 0, added: 0, duplicates: 0, refusedCount: 0, refused: [] };
    const refuse = (r: ContactListRefusal) => {
      result.refusedCount++;
      if (result.refused.length < CONTACT_LIST_REFUSALS_LISTED) result.refused.push(r);
    };
    let columns: Partial<Record<Column, number>> | undefined;
    let batch: Array<{ name: string; number: string; email: string }> = [];
    const inBatch = new Set<string>();
    let inFlight: Promise<void> = Promise.resolve();

    const flush = async () => {
      if (batch.length === 0) return;
      const values = batch;
      batch = [];
      inBatch.clear();
      await ctx.tenant(async (tx, events) => {
        await holdContactList(tx, id);
        // One statement of five parameters (arrays unnested), whatever the batch's size: binding
        // thousands of parameters costs more than the insert itself.
        const { rowCount } = await tx.execute(sql`
          insert into contact_list_items (company_id, contact_list_id, name, number, email)
          select ${actor.companyId}, ${id}, r.name, r.number, r.email
          from unnest(${sql.param(values.map((v) => v.name))}::text[], ${sql.param(values.map((v) => v.number))}::text[],
                      ${sql.param(values.map((v) => v.email))}::text[]) as r(name, number, email)
          on conflict (company_id, contact_list_id, number) do nothing`);
        const added = rowCount ?? 0;
        result.added += added;
        result.duplicates += values.length - added;
        events.push(
          contactListItemEvents.progress(actor.companyId, id, result.rows, result.added, result.refusedCount),
        );
      });
    };

    for await (const { row, cells } of sheetRows(file.path, field, CONTACT_LIST_SHEET)) {
      if (cells.every((c) => c === null || String(c).trim() === '')) continue;
      if (!columns) {
        columns = columnsOf(cells);
        if (columns.name === undefined || columns.number === undefined)
          throw invalid({ [field]: 'missingColumns' }, 'The first row names no name and number columns in');
        continue;
      }
      result.rows++;
      const at = (c: Column) => (columns![c] === undefined ? null : (cells[columns![c]!] ?? null));
      const read = readContactRow({ name: at('name'), number: at('number'), email: at('email') });
      if (!read.ok) {
        refuse({ row, ...read.shown, error: read.error });
        continue;
      }
      if (inBatch.has(read.contact.number)) {
        result.duplicates++;
        continue;
      }
      inBatch.add(read.contact.number);
      batch.push(read.contact);
      if (batch.length >= IMPORT_BATCH) {
        // One batch in flight while the next is read and checked: the sheet's parsing and the
        // database overlap, and the batches still commit in order.
        await inFlight;
        inFlight = flush();
        inFlight.catch(() => {}); // awaited (and thrown) at the next batch or the end
      }
    }
    await inFlight;
    if (!columns) throw invalid({ [field]: 'missingColumns' }, 'The sheet is empty:');
    await flush();
    await ctx.tenant(async (tx, events) => {
      events.push(...contactListItemEvents.reload(actor.companyId, id, await loadFirstPage(tx, id)));
      if (result.added > 0) await queueValidityCheck(ctx.deps, tx, actor.companyId, id);
    });
    return result;
  } finally {
    await file.remove();
  }
}

wireMatches<Answer<typeof uploadContactList>, ContactListUploadResult>(true);
