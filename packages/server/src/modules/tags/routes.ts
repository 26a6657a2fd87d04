import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  pageQuery,
  tagBody,
  tagSyncBody,
  tagUpdateBody,
  ticketTagAddParams,
  ticketTagParams,
  rowParams,
} from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { allTags, kanbanTags, listTags } from './list-tags.js';
import { getTag } from './get-tag.js';
import { createTag } from './create-tag.js';
import { updateTag } from './update-tag.js';
import { deleteTag } from './delete-tag.js';
import { syncTicketTags } from './sync-ticket-tags.js';
import { removeLaneTags } from './remove-lane-tags.js';
import { addTicketTag } from './add-ticket-tag.js';

/** `/:id` names a row of this entity (the route table reads which). */
const params = rowParams('tags');

/**
 * `/tags`: company-wide labels every staff member reads, creates and edits; kanban lanes (the
 * `kanban` flag, deleting a lane) are the admins' (save-tag.ts). Another company's tag is 404.
 */
export const tagRoutes =
  (_deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/', { schema: { querystring: pageQuery } }, (req) => listTags(req.ctx, req.query));

    app.get('/list', {}, (req) => allTags(req.ctx));

    app.get('/kanban', { config: { feature: 'useKanban' } }, (req) => kanbanTags(req.ctx));

    app.post('/sync', { schema: { body: tagSyncBody } }, (req) => syncTicketTags(req.ctx, req.body));

    app.get('/:id', { schema: { params } }, (req) => getTag(req.ctx, req.params.id));

    app.post('/', { schema: { body: tagBody } }, async (req, reply) =>
      reply.status(201).send(await createTag(req.ctx, req.body)),
    );

    app.put('/:id', { schema: { params, body: tagUpdateBody } }, (req) => updateTag(req.ctx, req.params.id, req.body));

    app.delete('/:id', { schema: { params } }, async (req, reply) => {
      await deleteTag(req.ctx, req.params.id);
      return reply.status(204).send();
    });
  };

/** `/ticket-tags`: the kanban board's card moves (plan feature useKanban). */
export const ticketTagRoutes =
  (_deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { feature: 'useKanban' } as const;

    app.delete('/:ticketId', { schema: { params: ticketTagParams }, config }, (req) =>
      removeLaneTags(req.ctx, req.params.ticketId),
    );

    app.put(
      '/:ticketId/:tagId',
      { schema: { params: ticketTagAddParams }, config: { ...config, input: { none: true } } },
      (req) => addTicketTag(req.ctx, req.params.ticketId, req.params.tagId),
    );
  };
