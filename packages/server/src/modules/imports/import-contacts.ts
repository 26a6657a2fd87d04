import { sql } from 'drizzle-orm';
import type { ImportCounts } from '@balcao/contracts';
import { contactListItems, contactLists, contacts } from '../../db/schema/index.js';
import { runPlatform } from '../../platform/context.js';
import { insertFromArrays } from './array-insert.js';
import type { AtendechatSource, SourceRow } from './atendechat-source.js';
import type { CompanyIds, ImportRun } from './import-run.js';
import type { StaffMaps } from './import-staff.js';
import { bool, importedNumber, ref, str, time } from './source-values.js';

const BATCH = 1000;

/** The columns a contact row sets (insertFromArrays). */
const CONTACT_ARRAYS = {
  companyId: 'int',
  number: 'text',
  name: 'text',
  email: 'text',
  profilePicUrl: 'text',
  isGroup: 'boolean',
  whatsappId: 'int',
  createdAt: 'timestamptz',
  updatedAt: 'timestamptz',
} as const;

/**
 * Contacts, a batch per transaction. Numbers are stored the product's way; two source contacts
 * whose numbers are the same number become one contact (both map to it, reported).
 */
export async function importContacts(
  run: ImportRun,
  source: AtendechatSource,
  ids: CompanyIds,
  maps: StaffMaps,
  counts: ImportCounts,
) {
  for await (const rows of source.byId('Contacts', ids.source, BATCH)) {
    const done = await run.mapped(
      'contacts',
      rows.map((r) => r.id),
    );
    const byNumber = new Map<string, SourceRow[]>();
    for (const r of rows) {
      if (done.has(String(r.id))) continue;
      const n = importedNumber(r.number, bool(r.isGroup));
      if (!n) {
        run.problem(ids.source, 'contacts', r.id, `no usable number: "${str(r.number)}"`);
        continue;
      }
      byNumber.set(n.number, [...(byNumber.get(n.number) ?? []), r]);
    }
    const fresh = [...byNumber.entries()];
    if (ids.target === null) run.count(counts, 'contacts', fresh.length);
    else if (fresh.length) {
      const companyId = ids.target;
      await runPlatform(run.deps, async (tx) => {
        const { rows: written } = await tx.execute<{ id: number; number: string }>(sql`
          ${insertFromArrays(
            contacts,
            CONTACT_ARRAYS,
            fresh.map(([number, [r]]) => ({
              companyId,
              number,
              name: str(r!.name).trim() || number,
              email: str(r!.email).trim(),
              profilePicUrl: str(r!.profilePicUrl),
              isGroup: bool(r!.isGroup),
              whatsappId: ref(maps.connections, r!.whatsappId),
              createdAt: time(r!.createdAt) ?? new Date(),
              updatedAt: time(r!.updatedAt) ?? new Date(),
            })),
          )}
          -- The same number already in Balcão (an earlier source contact, or the company's own): the same contact.
          on conflict (company_id, number) do update set number = excluded.number returning id, number`);
        const idOf = new Map(written.map((w) => [w.number, Number(w.id)]));
        const pairs: [unknown, number][] = [];
        for (const [number, same] of fresh) {
          for (const r of same) pairs.push([r.id, idOf.get(number)!]);
          if (same.length > 1) {
            run.problem(ids.source, 'contacts', same[1]!.id, `same number as contact ${str(same[0]!.id)}: merged`);
          }
        }
        await run.remember(tx, 'contacts', companyId, pairs);
      });
      run.count(counts, 'contacts', fresh.length);
    }
    await run.progress();
  }
}

/** Contact lists and their people (numbers as contacts'; once per list, as the product keeps them). */
export async function importContactLists(
  run: ImportRun,
  source: AtendechatSource,
  ids: CompanyIds,
  counts: ImportCounts,
) {
  if (!source.has('ContactLists')) return;
  const lists = ids.target === null ? new Map<string, number>() : await run.mappedIn('contactLists', ids.target);
  for await (const rows of source.byId('ContactLists', ids.source, BATCH)) {
    for (const l of rows) {
      if (lists.has(String(l.id))) continue;
      if (ids.target === null) {
        run.count(counts, 'contactLists');
        continue;
      }
      const companyId = ids.target;
      const id = await run.one('contactLists', ids.source, companyId, l.id, async (tx) => {
        const [row] = await tx
          .insert(contactLists)
          .values({
            companyId,
            name: str(l.name).trim() || `Lista ${str(l.id)}`,
            createdAt: time(l.createdAt) ?? new Date(),
          })
          .returning({ id: contactLists.id });
        return row!.id;
      });
      if (id !== null) {
        lists.set(String(l.id), id);
        run.count(counts, 'contactLists');
      }
    }
  }
  if (!source.has('ContactListItems')) return;
  for await (const rows of source.byId('ContactListItems', ids.source, BATCH)) {
    const done = await run.mapped(
      'contactListItems',
      rows.map((r) => r.id),
    );
    const fresh: { r: SourceRow; number: string }[] = [];
    for (const r of rows) {
      if (done.has(String(r.id))) continue;
      const n = importedNumber(r.number);
      if (!n) run.problem(ids.source, 'contactListItems', r.id, `no usable number: "${str(r.number)}"`);
      else if (ids.target !== null && !lists.has(String(r.contactListId))) {
        run.problem(ids.source, 'contactListItems', r.id, `list ${str(r.contactListId)} not imported`);
      } else fresh.push({ r, number: n.number });
    }
    if (ids.target === null) {
      run.count(counts, 'contactListItems', new Set(fresh.map((f) => `${str(f.r.contactListId)}:${f.number}`)).size);
    } else if (fresh.length) {
      const companyId = ids.target;
      const added = await runPlatform(run.deps, async (tx) => {
        const written = await tx
          .insert(contactListItems)
          .values(
            fresh.map(({ r, number }) => ({
              companyId,
              contactListId: lists.get(String(r.contactListId))!,
              name: str(r.name).trim() || number,
              number,
              email: str(r.email).trim(),
              isWhatsappValid: r.isWhatsappValid == null ? null : bool(r.isWhatsappValid),
            })),
          )
          .onConflictDoNothing()
          .returning({
            id: contactListItems.id,
            listId: contactListItems.contactListId,
            number: contactListItems.number,
          });
        const idOf = new Map(written.map((w) => [`${w.listId}:${w.number}`, w.id]));
        const pairs: [unknown, number][] = [];
        for (const { r, number } of fresh) {
          const id = idOf.get(`${lists.get(String(r.contactListId))!}:${number}`);
          if (id !== undefined) pairs.push([r.id, id]);
          else run.problem(ids.source, 'contactListItems', r.id, 'the same number is already in the list');
        }
        await run.remember(tx, 'contactListItems', companyId, pairs);
        return written.length;
      });
      run.count(counts, 'contactListItems', added);
    }
    await run.progress();
  }
}
