import type { ContactUploadResult, ContactUploadRow } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { contacts } from '../../db/schema/index.js';
import { contactColumns, type ContactView } from './contact-view.js';
import { readContactRow } from './read-contact-row.js';
import { contactEvents } from './contact-events.js';

/** Rows per INSERT statement (5 parameters a row, well under PostgreSQL's 65,535). */
const INSERT_CHUNK = 1_000;

/**
 * Rows of an imported sheet (or of a phone book): each row is checked on its own; the valid ones
 * go in with INSERT … ON CONFLICT DO NOTHING (in chunks, one transaction), so a number already in
 * the company (or earlier in the same list) is reported, never doubled. `errorBag` holds every
 * row not created, with its reason: "field.reason" for a bad row, ERR_DUPLICATED_CONTACT for a
 * number that already exists. The company hears one `{action: 'reload', count}` contact event
 * for the whole import. `whatsappId` records the connection the contacts came from.
 */
export async function uploadContacts(
  ctx: Ctx,
  rows: ContactUploadRow[],
  opts: { whatsappId?: number } = {},
): Promise<{ newContacts: ContactView[]; errorBag: ContactUploadResult['errorBag'] }> {
  const { companyId } = ctx.actor;
  const errorBag: ContactUploadResult['errorBag'] = [];
  const candidates: Array<{ name: string; number: string; email: string; shown: { name: string; number: string } }> =
    [];
  const seen = new Set<string>();
  for (const row of rows) {
    const read = readContactRow(row);
    if (!read.ok) {
      errorBag.push({ contact: read.shown, error: read.error });
    } else if (seen.has(read.contact.number)) {
      errorBag.push({ contact: read.shown, error: 'ERR_DUPLICATED_CONTACT' });
    } else {
      seen.add(read.contact.number);
      candidates.push({ ...read.contact, shown: read.shown });
    }
  }
  const newContacts: ContactView[] =
    candidates.length === 0
      ? []
      : await ctx.tenant(async (tx, events) => {
          const created: ContactView[] = [];
          for (let i = 0; i < candidates.length; i += INSERT_CHUNK) {
            const chunk = candidates.slice(i, i + INSERT_CHUNK);
            created.push(
              ...(await tx
                .insert(contacts)
                .values(
                  chunk.map(({ name, number, email }) => ({
                    companyId,
                    name,
                    number,
                    email,
                    whatsappId: opts.whatsappId ?? null,
                  })),
                )
                .onConflictDoNothing({ target: [contacts.companyId, contacts.number] })
                .returning(contactColumns)),
            );
          }
          // One event for the whole import, not one per row: a list open elsewhere reloads.
          if (created.length > 0) events.push(contactEvents.imported(companyId, created.length));
          return created;
        });
  const createdNumbers = new Set(newContacts.map((c) => c.number));
  for (const c of candidates) {
    if (!createdNumbers.has(c.number)) errorBag.push({ contact: c.shown, error: 'ERR_DUPLICATED_CONTACT' });
  }
  return { newContacts, errorBag };
}

wireMatches<Answer<typeof uploadContacts>, ContactUploadResult>(true);
