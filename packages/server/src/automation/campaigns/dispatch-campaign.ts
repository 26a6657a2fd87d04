import { sql } from 'drizzle-orm';
import type { Uow } from '../../platform/context.js';
import { messages } from '../../db/schema/index.js';
import { upsertContacts } from '../../modules/tickets/find-or-create.js';
import { previewOf } from '../../modules/messages/preview.js';
import { tableRows } from '../../db/table-rows.js';
import { messageEvents } from '../../modules/messages/message-events.js';
import { DEFAULT_TIME_ZONE } from '../../platform/wall-clock.js';
import { loadTicketViews } from '../../modules/tickets/ticket-view.js';
import type { MediaType } from '@balcao/contracts';
import type { CampaignRow } from '../../modules/campaigns/campaign-view.js';
import { readCampaignSettings } from '../../modules/campaigns/campaign-settings.js';
import { waitAfter, windowFor } from './campaign-pace.js';
import { campaignText, variantsOf } from '../../modules/campaigns/campaign-text.js';
import { campaignFiles } from '../../modules/campaigns/campaign-files.js';
import { campaignTickets } from '../../modules/campaigns/campaign-targets.js';
import { templateForContacts } from '../../modules/templates/campaign-template.js';
import { insertMessageRows, QUEUED_OUTBOUND } from '../../modules/messages/message-rows.js';

/** Shipping rows dispatched per transaction when the intervals let several go at once. */
export const DISPATCH_BATCH = 500;

const messageRows = tableRows(messages);

/**
 * The next shipping rows of one running campaign, locked by the caller (SKIP LOCKED), dispatched
 * in its transaction with a fixed number of statements whatever their number: each row gets a
 * random non-empty variant with its variables filled, its contact found or created by number, its
 * ticket (campaign-targets.ts), and its messages stored queued in the outbox in order (the text,
 * the file list's files, the attachment); the row records variant, contact, ticket, text message
 * and `dispatchedAt`. One commit holds both the messages and the rows that say they exist, so a
 * crash leaves both or neither, and a row once dispatched is never taken again.
 *
 * How many: up to the first send after which the campaign must wait (campaign-pace.ts), within
 * the connection's window of dispatched-but-not-sent texts and `DISPATCH_BATCH`. The campaign's
 * `sentCount` and `nextSendAt` move on in the same transaction.
 */
export async function dispatchCampaign({ tx, events, afterCommit }: Uow, c: CampaignRow): Promise<number> {
  const whatsappId = c.whatsappId!;
  const { rows: conn } = await tx.execute<{ provider: string; mps: number; inflight: number; zone: string | null }>(sql`
    select w.provider, w.messages_per_second as mps,
      (select count(*)::int from campaign_shipping s join messages m on m.id = s.message_id
       where s.campaign_id = ${c.id} and s.dispatched_at is not null and s.delivered_at is null
         and s.failed_at is null and m.ack = 0 and m.error is null) as inflight,
      (select timezone from companies) as zone
    from whatsapps w where w.id = ${whatsappId}`);
  const { provider, mps, inflight, zone } = conn[0]!;
  const room = Math.min(DISPATCH_BATCH, windowFor(provider, mps) - inflight);
  if (room <= 0) return 0;

  const settings = await readCampaignSettings(tx);
  // Up to (and with) the first send that must be followed by a wait.
  let take = room;
  let wait = 0;
  for (let k = 1; k <= room; k++) {
    wait = waitAfter(c.sentCount + k, settings);
    if (wait > 0) {
      take = k;
      break;
    }
  }
  const { rows: due } = await tx.execute<{ id: number; number: string; name: string; email: string }>(sql`
    select id, number, name, email from campaign_shipping
    where campaign_id = ${c.id} and dispatched_at is null order by id limit ${take} for update skip locked`);
  if (due.length === 0) return 0;
  if (due.length < take) wait = waitAfter(c.sentCount + due.length, settings);

  const contactOf = await upsertContacts(
    tx,
    events,
    c.companyId,
    due.map((r) => ({ number: r.number, name: r.name || undefined, isGroup: false, whatsappId })),
  );
  const ticketOf = await campaignTickets(
    tx,
    c.companyId,
    whatsappId,
    due.map((r) => contactOf.get(r.number)!.id),
  );
  const variants = variantsOf(c);
  // Cloud API: a campaign with a template sends it to every contact, never its free text.
  const templateFor = await templateForContacts(tx, whatsappId, c);
  const files = await campaignFiles(tx, c);
  const now = new Date();

  // Every message of the batch, in the order the outbox must send them.
  const parts: {
    shippingId: number;
    ticketId: number;
    body: string;
    type: MediaType;
    url: string | null;
    name: string | null;
    data: Record<string, unknown>;
  }[] = [];
  const chosen = new Map<number, number>();
  for (const r of due) {
    const contact = contactOf.get(r.number)!;
    const ticketId = ticketOf.get(contact.id)!;
    const v = variants[Math.floor(Math.random() * variants.length)] ?? { variant: 1, text: '' };
    chosen.set(Number(r.id), v.variant);
    const recipient = { name: r.name || contact.name, email: r.email || contact.email, number: r.number, ticketId };
    const mark = { campaignShipping: Number(r.id) };
    const fill = (text: string) => campaignText(text, recipient, settings.variables, zone ?? DEFAULT_TIME_ZONE, now);
    const sent = templateFor?.(fill);
    parts.push({
      shippingId: Number(r.id),
      ticketId,
      body: sent ? sent.body : fill(v.text),
      type: 'chat',
      url: null,
      name: null,
      data: sent ? { ...mark, template: sent.template } : mark,
    });
    for (const f of files)
      parts.push({
        shippingId: Number(r.id),
        ticketId,
        body: f.caption,
        type: f.type,
        url: f.key,
        name: f.name,
        data: { ...mark, mimetype: f.mimetype },
      });
  }

  const { rows: inserted } = await tx.execute(sql`
    ${insertMessageRows(
      {
        companyId: c.companyId,
        ticketId: sql`v.ticket_id`,
        whatsappId,
        body: sql`v.body`,
        ...QUEUED_OUTBOUND,
        mediaType: sql`v.media_type`,
        mediaUrl: sql`v.media_url`,
        mediaName: sql`v.media_name`,
        data: sql`v.data`,
      },
      sql`from unnest(${sql.param(parts.map((p) => p.ticketId))}::int[], ${sql.param(parts.map((p) => p.body))}::text[],
      ${sql.param(parts.map((p) => p.type))}::text[], ${sql.param(parts.map((p) => p.url))}::text[],
      ${sql.param(parts.map((p) => p.name))}::text[], ${sql.param(parts.map((p) => JSON.stringify(p.data)))}::jsonb[])
      with ordinality as v(ticket_id, body, media_type, media_url, media_name, data, ord)
    order by v.ord`,
    )}
    returning ${messageRows.list()}`);
  const stored = inserted.map((r) => messageRows.map(r)).sort((a, b) => a.id - b.id);

  // Each row's text is its first message; each ticket shows its last one.
  const textOf = new Map<number, number>();
  const lastOf = new Map<number, (typeof stored)[number]>();
  for (const m of stored) {
    const sid = (m.data as { campaignShipping: number }).campaignShipping;
    if (!textOf.has(sid)) textOf.set(sid, m.id);
    lastOf.set(m.ticketId, m);
  }
  const touched = [...lastOf.values()].sort((a, b) => a.ticketId - b.ticketId);
  await tx.execute(sql`
    update tickets t set last_message = v.preview, last_message_at = now(), updated_at = now()
    from unnest(${sql.param(touched.map((m) => m.ticketId))}::int[], ${sql.param(
      touched.map((m) => previewOf(m.mediaType, m.body)),
    )}::text[]) as v(id, preview)
    where t.id = v.id`);
  // The messages' events carry their tickets whole, read in one statement.
  const views = await loadTicketViews(
    tx,
    touched.map((m) => m.ticketId),
  );
  const ticketById = new Map(views.map((t) => [t.id, t]));

  const ids = due.map((r) => Number(r.id));
  await tx.execute(sql`
    update campaign_shipping s set variant = v.variant, contact_id = v.contact_id, ticket_id = v.ticket_id,
      message_id = v.message_id, dispatched_at = now()
    from unnest(${sql.param(ids)}::bigint[], ${sql.param(ids.map((id) => chosen.get(id)!))}::smallint[],
      ${sql.param(due.map((r) => contactOf.get(r.number)!.id))}::int[],
      ${sql.param(due.map((r) => ticketOf.get(contactOf.get(r.number)!.id)!))}::int[],
      ${sql.param(ids.map((id) => textOf.get(id)!))}::bigint[]) as v(id, variant, contact_id, ticket_id, message_id)
    where s.id = v.id`);
  await tx.execute(sql`
    update campaigns set sent_count = sent_count + ${due.length},
      next_send_at = now() + make_interval(secs => ${wait / 1000}), updated_at = now()
    where id = ${c.id}`);

  for (const m of stored) {
    const ticket = ticketById.get(m.ticketId);
    if (ticket) events.push(messageEvents.created(c.companyId, m, ticket));
  }
  afterCommit.kickOutbox(whatsappId);
  return due.length;
}
