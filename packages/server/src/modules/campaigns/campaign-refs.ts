import type { CampaignUpdateBody } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import { contactLists, fileLists, tags, whatsapps } from '../../db/schema/index.js';
import { ownRows } from '../../platform/own-rows.js';

/** The rows a body names, checked in the company before anything is written (400 naming the field). */
export async function checkCampaignRefs(tx: Tx, input: CampaignUpdateBody): Promise<void> {
  await ownRows(tx, contactLists, [input.contactListId], 'contactListId');
  await ownRows(tx, tags, [input.tagListId], 'tagListId');
  await ownRows(tx, whatsapps, [input.whatsappId], 'whatsappId');
  await ownRows(tx, fileLists, [input.fileListId], 'fileListId');
}
