import { CAMPAIGN_EDIT_LEAD_MS, type Campaign } from '@balcao/contracts';

/**
 * What the form may change (automation §4): everything while INATIVA, or PROGRAMADA more than an
 * hour ahead; a CANCELADA campaign its messages only; nothing otherwise.
 */
export type CampaignEditing = 'all' | 'messages' | 'none';

export function campaignEditing(
  campaign: Pick<Campaign, 'status' | 'scheduledAt'> | undefined,
  now = Date.now(),
): CampaignEditing {
  if (!campaign || campaign.status === 'INATIVA') return 'all';
  if (campaign.status === 'PROGRAMADA') {
    const at = campaign.scheduledAt ? Date.parse(campaign.scheduledAt) : NaN;
    return at - now > CAMPAIGN_EDIT_LEAD_MS ? 'all' : 'none';
  }
  return campaign.status === 'CANCELADA' ? 'messages' : 'none';
}
