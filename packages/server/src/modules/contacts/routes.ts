import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import {
  contactBody,
  contactImportBody,
  contactListQuery,
  contactUpdateBody,
  contactUploadBody,
  rowParams,
} from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { contacts } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { loadContact } from './contact-view.js';
import { listContacts } from './list-contacts.js';
import { importContacts } from './import-contacts.js';
import { createContact, updateContact } from './save-contact.js';
import { previewUpload, uploadContacts } from './upload-contacts.js';

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

    app.get('/list', {}, (req) =>
      req.ctx.tenant((tx) =>
        tx
          .select({
            id: contacts.id,
            name: contacts.name,
            number: contacts.number,
            email: contacts.email,
            profilePicUrl: contacts.profilePicUrl,
          })
          .from(contacts)
          .orderBy(asc(contacts.name), asc(contacts.id)),
      ),
    );

    app.get('/:id', { schema: { params } }, async (req) => {
      const contact = await req.ctx.tenant((tx) => loadContact(tx, req.params.id));
      if (!contact) throw notFound('contact');
      return contact;
    });

    app.post('/', { schema: { body: contactBody } }, async (req, reply) =>
      reply.status(201).send(await createContact(req.ctx, req.body)),
    );

    app.post('/upload', { schema: { body: contactUploadBody } }, (req) => uploadContacts(req.ctx, req.body));

    // What an upload of these rows would store, row by row, writing nothing (the import's preview).
    app.post('/upload/preview', { schema: { body: contactUploadBody } }, (req) => previewUpload(req.body));

    // Like the upload, open to every staff member: it only adds contacts, as anyone may.
    app.post('/import', { schema: { body: contactImportBody } }, (req) => importContacts(req.ctx, req.body));

    app.put('/:id', { schema: { params, body: contactUpdateBody } }, (req) =>
      updateContact(req.ctx, req.params.id, req.body),
    );

    app.delete(
      '/:id',
      { schema: { params }, config: { permission: 'contacts-page:deleteContact' } },
      async (req, reply) => {
        const { companyId } = req.ctx.actor;
        await req.ctx.tenant(async (tx, events) => {
          const deleted = await tx
            .delete(contacts)
            .where(eq(contacts.id, req.params.id))
            .returning({ id: contacts.id });
          if (deleted.length === 0) throw notFound('contact');
          events.push({
            companyId,
            topic: 'contact',
            payload: { action: 'delete', contactId: req.params.id },
            audience: { to: 'company' },
          });
        });
        return reply.status(204).send();
      },
    );
  };
