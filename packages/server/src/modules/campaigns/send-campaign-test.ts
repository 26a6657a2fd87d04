import { eq } from 'drizzle-orm';
import { CAMPAIGN_TEST_LIMITS, type CampaignTestBody, type CampaignTestResponse } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { campaigns, companies, users } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { takeAttempt } from '../../platform/rate-events.js';
import { DEFAULT_TIME_ZONE } from '../../platform/wall-clock.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { storedNumber } from '../contacts/phone-number.js';
import { upsertContacts } from '../tickets/find-or-create.js';
import { queueOutbound } from '../messages/queue-outbound.js';
import { templateForContacts } from '../templates/campaign-template.js';
import { campaignTickets } from './campaign-targets.js';
import { readCampaignSettings } from './campaign-settings.js';
import { campaignFiles } from './campaign-files.js';
import { campaignText, variantsOf } from './campaign-text.js';
import { ensureConnected } from './send-campaign-now.js';

/**
 * `POST /campaigns/{id}/test {number}`: what one contact of a saved campaign would get — its first
 * variant (or, on Cloud API, its template), then its files — queued on the campaign's connection
 * for one typed number, by the outbox as any campaign message (so the provider's rules apply:
 * templates, media, Meta's 24-hour window). The variables are the user's: `{{name}}` their name,
 * `{{email}}` theirs, `{{number}}` the typed one. Like a campaign's, the message is recorded in the
 * number's conversation on that connection (a new ticket is closed: nothing enters the inbox)
 * and makes no shipping row, so the report never counts it. A connection not connected is 409
 * naming it; the limit (`CAMPAIGN_TEST_LIMITS`, 429) is taken only once the request is valid.
 */
export function sendCampaignTest(ctx: Ctx, id: number, input: CampaignTestBody) {
  const { actor } = ctx;
  const number = storedNumber(input.number);
  return ctx.tenant(async (tx, events, uow): Promise<CampaignTestResponse> => {
    const [c] = await tx.select().from(campaigns).where(eq(campaigns.id, id));
    if (!c) throw notFound('campaign');
    await ensureConnected(tx, c.whatsappId);
    const whatsappId = c.whatsappId!;
    const { windowMinutes, perUser, perCompany } = CAMPAIGN_TEST_LIMITS;
    await takeAttempt(ctx.deps.pools.platformDb, [
      { kind: 'campaign-test', key: `user:${actor.userId}`, max: perUser, windowMinutes },
      { kind: 'campaign-test', key: `company:${actor.companyId}`, max: perCompany, windowMinutes },
    ]);

    const [me] = await tx
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, actor.userId));
    const [company] = await tx.select({ timezone: companies.timezone }).from(companies);
    const contact = (await upsertContacts(tx, events, actor.companyId, [{ number, isGroup: false, whatsappId }])).get(
      number,
    )!;
    const ticketId = (await campaignTickets(tx, actor.companyId, whatsappId, [contact.id])).get(contact.id)!;
    const settings = await readCampaignSettings(tx);
    const recipient = { name: me?.name ?? contact.name, email: me?.email ?? '', number, ticketId };
    const fill = (text: string) =>
      campaignText(text, recipient, settings.variables, company?.timezone ?? DEFAULT_TIME_ZONE, new Date());
    const sent = (await templateForContacts(tx, whatsappId, c))?.(fill);
    const files = await campaignFiles(tx, c);

    const base = { companyId: actor.companyId, ticketId, whatsappId, userId: null };
    const messageIds: number[] = [];
    const text = sent ? sent.body : fill(variantsOf(c)[0]?.text ?? '');
    if (sent || text.trim() !== '')
      messageIds.push((await queueOutbound(uow, { ...base, body: text, template: sent?.template })).id);
    for (const f of files)
      messageIds.push(
        (
          await queueOutbound(uow, {
            ...base,
            body: f.caption,
            media: { key: f.key, name: f.name, mimetype: f.mimetype, type: f.type },
          })
        ).id,
      );
    return { number, ticketId, messageIds };
  });
}

wireMatches<Answer<typeof sendCampaignTest>, CampaignTestResponse>(true);
