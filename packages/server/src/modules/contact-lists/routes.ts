import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import {
  contactListBody,
  contactListItemBody,
  contactListItemsQuery,
  contactListItemUpdateBody,
  contactListsQuery,
  contactListUpdateBody,
  CONTACT_LIST_FILE_FIELD,
  rowParams,
} from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { contactListOptions, listContactLists } from './list-contact-lists.js';
import { getContactList } from './get-contact-list.js';
import { createContactList } from './create-contact-list.js';
import { updateContactList } from './update-contact-list.js';
import { deleteContactList } from './delete-contact-list.js';
import { uploadContactList } from './upload-contact-list.js';
import { listContactListItems } from './list-contact-list-items.js';
import { getContactListItem } from './get-contact-list-item.js';
import { createContactListItem } from './create-contact-list-item.js';
import { updateContactListItem } from './update-contact-list-item.js';
import { deleteContactListItem } from './delete-contact-list-item.js';

/** Every route needs the plan's useCampaigns (contact lists feed campaigns); any staff member uses them. */
const config = { feature: 'useCampaigns' } as const;

/** The sheet of an import: one file, 50 MB at most (a 100,000-row .xlsx is about 4 MB). */
const SHEET_MULTIPART_OPTIONS = {
  limits: { fileSize: 50 * 1024 * 1024, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 100 },
  throwFileSizeLimit: true,
};

/** `/contact-lists`: lists of people campaigns write to, and their spreadsheet import. */
export const contactListRoutes =
  (_deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, SHEET_MULTIPART_OPTIONS);
    const params = rowParams('contactLists');

    app.get('/', { schema: { querystring: contactListsQuery }, config }, (req) => listContactLists(req.ctx, req.query));

    app.get('/list', { config }, (req) => contactListOptions(req.ctx));

    app.get('/:id', { schema: { params }, config }, (req) => getContactList(req.ctx, req.params.id));

    app.post('/', { schema: { body: contactListBody }, config }, async (req, reply) =>
      reply.status(201).send(await createContactList(req.ctx, req.body)),
    );

    app.put('/:id', { schema: { params, body: contactListUpdateBody }, config }, (req) =>
      updateContactList(req.ctx, req.params.id, req.body),
    );

    app.delete('/:id', { schema: { params }, config }, async (req, reply) => {
      await deleteContactList(req.ctx, req.params.id);
      return reply.status(204).send();
    });

    app.post(
      '/:id/upload',
      { schema: { params }, config: { ...config, input: { multipart: { files: CONTACT_LIST_FILE_FIELD } } } },
      (req) => uploadContactList(req.ctx, req.params.id, req),
    );
  };

/** `/contact-list-items`: the people of a list. Removing one needs contacts-page:deleteContact. */
export const contactListItemRoutes =
  (_deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const params = rowParams('contactListItems');

    app.get('/', { schema: { querystring: contactListItemsQuery }, config }, (req) =>
      listContactListItems(req.ctx, req.query),
    );

    app.get('/:id', { schema: { params }, config }, (req) => getContactListItem(req.ctx, req.params.id));

    app.post('/', { schema: { body: contactListItemBody }, config }, async (req, reply) =>
      reply.status(201).send(await createContactListItem(req.ctx, req.body)),
    );

    app.put('/:id', { schema: { params, body: contactListItemUpdateBody }, config }, (req) =>
      updateContactListItem(req.ctx, req.params.id, req.body),
    );

    app.delete(
      '/:id',
      { schema: { params }, config: { ...config, permission: 'contacts-page:deleteContact' } },
      async (req, reply) => {
        await deleteContactListItem(req.ctx, req.params.id);
        return reply.status(204).send();
      },
    );
  };
