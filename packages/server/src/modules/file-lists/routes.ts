import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import {
  fileListBody,
  fileListOptionParams,
  fileListsQuery,
  fileListUpdateBody,
  FILE_LIST_FILES_FIELD,
  rowParams,
} from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { sendStoredFile } from '../../platform/serve-file.js';
import { listFileLists } from './list-file-lists.js';
import { getFileList } from './get-file-list.js';
import { createFileList } from './create-file-list.js';
import { updateFileList } from './update-file-list.js';
import { deleteFileList } from './delete-file-list.js';
import { FILE_LIST_MULTIPART_OPTIONS } from './file-list-media.js';
import { uploadFileListFiles } from './upload-file-list-files.js';
import { optionFile } from './option-file.js';

/** `/:id` names a row of this entity (the route table reads which). */
const params = rowParams('fileLists');

/** `/files`: file lists. No plan flag and no permission of their own: every staff member reads and writes them. */
export const fileListRoutes =
  (_deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, FILE_LIST_MULTIPART_OPTIONS);

    app.get('/', { schema: { querystring: fileListsQuery } }, (req) => listFileLists(req.ctx, req.query));

    app.get('/:id', { schema: { params } }, (req) => getFileList(req.ctx, req.params.id));

    app.post('/', { schema: { body: fileListBody } }, async (req, reply) =>
      reply.status(201).send(await createFileList(req.ctx, req.body)),
    );

    app.put('/:id', { schema: { params, body: fileListUpdateBody } }, (req) =>
      updateFileList(req.ctx, req.params.id, req.body),
    );

    app.delete('/:id', { schema: { params } }, async (req, reply) => {
      await deleteFileList(req.ctx, req.params.id);
      return reply.status(204).send();
    });

    app.post(
      '/uploadList/:id',
      { schema: { params }, config: { input: { multipart: { files: FILE_LIST_FILES_FIELD } } } },
      (req) => uploadFileListFiles(req.ctx, req.params.id, req),
    );

    app.get('/:id/options/:optionId/media', { schema: { params: fileListOptionParams } }, async (req, reply) =>
      sendStoredFile(reply, await optionFile(req.ctx, req.params.id, req.params.optionId)),
    );
  };
