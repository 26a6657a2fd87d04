import { eq } from 'drizzle-orm';
import type { ContactImportBody, ContactUploadResult } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { whatsapps } from '../../db/schema/index.js';
import { AppError, invalid, notFound } from '../../platform/errors.js';
import { SendError, type PhoneBookContact } from '../../channels/channel.js';
import { uploadContacts } from './upload-contacts.js';

const notConnected = (why: string) => new AppError('ERR_WAPP_NOT_INITIALIZED', why);
const cannotList = () =>
  invalid({ whatsappId: 'importUnsupported' }, 'This connection’s provider cannot list its phone book');

/**
 * `POST /contacts/import`: the phone book of a connection (the company's default when none is
 * named) becomes contacts, through the same checks and insert as an uploaded sheet, and the
 * answer is the same `{newContacts, errorBag}` (numbers already in the company are reported as
 * ERR_DUPLICATED_CONTACT, never doubled).
 *
 * - Cloud API connections cannot: Meta offers no address book (400 ERR_VALIDATION on whatsappId).
 * - The phone book lives in the session, which runs in one process, the lease holder
 *   (channels/registry.ts). The session actions' NOTIFY signal is fire and forget and cannot carry
 *   a phone book back, so when another process holds the session this answers
 *   ERR_WAPP_NOT_INITIALIZED saying so, as it does when the connection is not connected.
 */
export async function importContacts(ctx: Ctx, input: ContactImportBody) {
  const conn = await ctx.tenant(async (tx) => {
    const [row] = await tx
      .select({ id: whatsapps.id, provider: whatsapps.provider, status: whatsapps.status })
      .from(whatsapps)
      .where(input.whatsappId ? eq(whatsapps.id, input.whatsappId) : eq(whatsapps.isDefault, true));
    return row;
  });
  if (!conn && input.whatsappId) throw notFound('connection');
  if (!conn) throw new AppError('ERR_NO_DEF_WAPP_FOUND', 'No default connection found');
  if (conn.provider === 'cloud') throw cannotList();
  if (conn.status !== 'CONNECTED') throw notConnected('The connection is not connected');
  const book = ctx.deps.sessions.phoneBook(conn.id);
  if (book === undefined)
    throw notConnected('The connection’s session is held by another server process; try again later');
  if (book === null) throw cannotList();
  let people: PhoneBookContact[];
  try {
    people = await book;
  } catch (err) {
    if (err instanceof SendError) throw notConnected('The connection is not connected');
    throw err;
  }
  return uploadContacts(ctx, people.map(asRow), { whatsappId: conn.id });
}

/**
 * A phone-book entry as a contact row: nameless people (or names the contact rules refuse) are
 * named by their number, cut to the 50 characters a contact name may have. WhatsApp's numbers are
 * international: the '+' keeps a foreign one (4930123456, Berlin) from being read as Brazilian.
 */
function asRow(person: PhoneBookContact) {
  const name = person.name?.trim().slice(0, 50).trim() ?? '';
  return { name: name.length >= 2 ? name : person.number, number: `+${person.number}`, email: '' };
}

wireMatches<Answer<typeof importContacts>, ContactUploadResult>(true);
