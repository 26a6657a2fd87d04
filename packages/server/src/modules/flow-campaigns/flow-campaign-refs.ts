import type { FlowCampaignBody } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import { flows, whatsapps } from '../../db/schema/index.js';
import { ownRows } from '../../platform/own-rows.js';

/** The flow and the connection a body names, checked in the company before anything is written (400 naming the field). */
export async function checkFlowCampaignRefs(tx: Tx, input: FlowCampaignBody): Promise<void> {
  await ownRows(tx, flows, [input.flowId], 'flowId');
  await ownRows(tx, whatsapps, [input.whatsappId], 'whatsappId');
}
