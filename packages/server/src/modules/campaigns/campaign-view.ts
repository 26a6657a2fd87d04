import { eq, sql } from 'drizzle-orm';
import type { Campaign, CampaignDetail } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import { campaigns, contactLists, whatsapps } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { wireMatches } from '../../platform/wire.js';
import { timeLeftOf } from './campaign-estimate.js';

/** A campaign as the API shows it: its fields, its connection's and list's names. */
const campaignColumns = {
  id: campaigns.id,
  name: campaigns.name,
  message1: campaigns.message1,
  message2: campaigns.message2,
  message3: campaigns.message3,
  message4: campaigns.message4,
  message5: campaigns.message5,
  status: campaigns.status,
  scheduledAt: campaigns.scheduledAt,
  completedAt: campaigns.completedAt,
  whatsappId: campaigns.whatsappId,
  whatsappName: whatsapps.name,
  whatsappStatus: whatsapps.status,
  contactListId: campaigns.contactListId,
  contactListName: contactLists.name,
  tagId: campaigns.tagId,
  fileListId: campaigns.fileListId,
  mediaPath: campaigns.mediaPath,
  mediaName: campaigns.mediaName,
  templateName: campaigns.templateName,
  templateLanguage: campaigns.templateLanguage,
  templateVariables: campaigns.templateVariables,
  companyId: campaigns.companyId,
  createdAt: campaigns.createdAt,
  updatedAt: campaigns.updatedAt,
};

/** The select of campaigns with their connection and list (row-level security keeps the company's). */
export const selectCampaigns = (tx: Tx) =>
  tx
    .select(campaignColumns)
    .from(campaigns)
    .leftJoin(whatsapps, eq(whatsapps.id, campaigns.whatsappId))
    .leftJoin(contactLists, eq(contactLists.id, campaigns.contactListId));

type Row = Awaited<ReturnType<ReturnType<typeof selectCampaigns>['execute']>>[number];

/** `mediaUrl`: the authenticated route the web fetches the attachment from. */
export const toView = ({ whatsappName, whatsappStatus, contactListName, ...row }: Row) => ({
  ...row,
  whatsapp:
    row.whatsappId !== null && whatsappName !== null && whatsappStatus !== null
      ? { id: row.whatsappId, name: whatsappName, status: whatsappStatus }
      : null,
  contactList:
    row.contactListId !== null && contactListName !== null ? { id: row.contactListId, name: contactListName } : null,
  tagListId: row.tagId,
  mediaUrl: row.mediaPath === null ? null : `/api/campaigns/${row.id}/media`,
});
export type CampaignView = ReturnType<typeof toView>;

/**
 * Its progress. Before it starts, `validContacts` counts who it would write to now (the list's
 * items not known to lack WhatsApp, with the tag when one is set); once started, the counts its
 * shipping rows keep (campaign_progress).
 */
async function progressOf(tx: Tx, c: CampaignView) {
  if (c.status === 'INATIVA' || c.status === 'PROGRAMADA') {
    if (c.contactListId === null) return { validContacts: 0, delivered: 0, failed: 0 };
    const { rows } = await tx.execute<{ n: number }>(
      sql`select count(*)::int as n from (${recipientsOf(c.contactListId, c.tagId)}) r`,
    );
    return { validContacts: rows[0]?.n ?? 0, delivered: 0, failed: 0 };
  }
  const { rows } = await tx.execute<{ valid: number; delivered: number; failed: number }>(sql`
    select valid, delivered, failed from campaign_progress where campaign_id = ${c.id}`);
  const r = rows[0] ?? { valid: 0, delivered: 0, failed: 0 };
  return { validContacts: r.valid, delivered: r.delivered, failed: r.failed };
}

/**
 * Who a campaign writes to: the list's items whose `isWhatsappValid` is not false and, with a tag,
 * whose number is a contact of the company carrying that tag on any of its tickets (tags live on
 * tickets). Columns: id, number, name, email.
 */
export const recipientsOf = (contactListId: number, tagId: number | null) => sql`
  select i.id, i.number, i.name, i.email from contact_list_items i
  where i.contact_list_id = ${contactListId} and i.is_whatsapp_valid is not false
  ${
    tagId === null
      ? sql``
      : sql`and exists (select 1 from contacts c join tickets t on t.contact_id = c.id
              join ticket_tags tt on tt.ticket_id = t.id
              where c.number = i.number and tt.tag_id = ${tagId})`
  }`;

/** One campaign of the company as the API shows it, else 404. */
export async function loadCampaign(tx: Tx, id: number): Promise<CampaignView> {
  const [row] = await selectCampaigns(tx).where(eq(campaigns.id, id));
  if (!row) throw notFound('campaign');
  return toView(row);
}

/** `GET /campaigns/{id}` and the events: the campaign with its progress and the time it has left. */
export async function loadCampaignDetail(tx: Tx, id: number) {
  const campaign = await loadCampaign(tx, id);
  const progress = await progressOf(tx, campaign);
  return { ...campaign, ...progress, estimatedSeconds: await timeLeftOf(tx, campaign, progress) };
}
export type CampaignDetailView = Awaited<ReturnType<typeof loadCampaignDetail>>;

/** The campaign's row, locked for a change, else 404. */
export async function lockCampaign(tx: Tx, id: number) {
  const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for('update');
  if (!row) throw notFound('campaign');
  return row;
}
export type CampaignRow = typeof campaigns.$inferSelect;

wireMatches<CampaignView, Campaign>(true);
wireMatches<CampaignDetailView, CampaignDetail>(true);
