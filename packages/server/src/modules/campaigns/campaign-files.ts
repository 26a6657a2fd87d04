import type { MediaType } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import { readFileList } from '../file-lists/read-file-list.js';
import { mediaOfKey } from './campaign-media.js';

export interface CampaignFile {
  key: string;
  name: string;
  caption: string;
  mimetype: string;
  type: MediaType;
}

/**
 * The files a campaign sends after its text: each option of its file list that has a file, in the
 * list's order, the option's name as caption (the list's own `message` is not sent: the variant
 * is the campaign's text), then the campaign's attachment, without caption. Read once per batch.
 * The messages point at the list's stored files (no copy per recipient).
 */
export async function campaignFiles(
  tx: Tx,
  c: { fileListId: number | null; mediaPath: string | null; mediaName: string | null },
): Promise<CampaignFile[]> {
  const files: CampaignFile[] = [];
  if (c.fileListId !== null) {
    for (const o of (await readFileList(tx, c.fileListId)).options)
      if (o.path) files.push({ key: o.path, name: o.fileName ?? o.name, caption: o.name, ...mediaOfKey(o.path) });
  }
  if (c.mediaPath)
    files.push({ key: c.mediaPath, name: c.mediaName ?? 'file', caption: '', ...mediaOfKey(c.mediaPath) });
  return files;
}
