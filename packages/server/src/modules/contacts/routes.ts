import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactBody,
  contactImportBody,
  contactTemplateBody,
  contactListQuery,
  contactUpdateBody,
  contactUploadBody,
  rowParams,
} from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { allContacts, listContacts } from './list-contacts.js';
import { getContact } from './get-contact.js';
import { createContact } from './create-contact.js';
import { updateContact } from './update-contact.js';
import { deleteContact } from './delete-contact.js';
import { importContacts } from './import-contacts.js';
import { uploadContacts } from './upload-contacts.js';
import { previewUpload } from './preview-upload.js';
import { sendTemplateToContact } from '../templates/send-template-to-contact.js';

/** `/:id` names a row of this entity (the route table reads which). */
const params = rowParams('contacts');

/**
 * Contacts are company-wide: every signed-in user of the company sees and edits them (row-level
 * security keeps other companies' out: theirs answer 404); deleting needs a permission.
 */
export const contactRoutes =
  (_deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/', { schema: { querystring: contactListQuery } }, (req) => listContacts(req.ctx, req.query));

    app.get('/list', {}, (req) => allContacts(req.ctx));

    app.get('/:id', { schema: { params } }, (req) => getContact(req.ctx, req.params.id));

    app.post('/', { schema: { body: contactBody } }, async (req, reply) =>
      reply.status(201).send(await createContact(req.ctx, req.body)),
    );

    app.post('/upload', { schema: { body: contactUploadBody } }, (req) => uploadContacts(req.ctx, req.body));

    // What an upload of these rows would store, row by row, writing nothing (the import's preview).
    app.post('/upload/preview', { schema: { body: contactUploadBody } }, (req) => previewUpload(req.body));

    // Like the upload, open to every staff member: it only adds contacts, as anyone may.
    app.post(
      '/import',
      {
        schema: { body: contactImportBody },
        // The spec's client posts nothing at all (no body, no content type): that is `{}`.
        preValidation: async (req) => {
          if (req.body == null && !req.headers['content-type']) req.body = {};
        },
      },
      (req) => importContacts(req.ctx, req.body),
    );

    // Cloud API: a template to the contact, in its live ticket on that connection (found or opened).
    app.post('/:id/template', { schema: { params, body: contactTemplateBody } }, async (req, reply) =>
      reply.status(201).send(await sendTemplateToContact(req.ctx, req.params.id, req.body)),
    );

    app.put('/:id', { schema: { params, body: contactUpdateBody } }, (req) =>
      updateContact(req.ctx, req.params.id, req.body),
    );

    app.delete(
      '/:id',
      { schema: { params }, config: { permission: 'contacts-page:deleteContact' } },
      async (req, reply) => {
        await deleteContact(req.ctx, req.params.id);
        return reply.status(204).send();
      },
    );
  };
