import type { FileList } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { loadFileList } from './file-list-view.js';

/** `GET /files/{id}`: one list of the company with its options (another company's answers 404). */
export const getFileList = (ctx: Ctx, id: number) => ctx.tenant((tx) => loadFileList(tx, id));

wireMatches<Answer<typeof getFileList>, FileList>(true);
