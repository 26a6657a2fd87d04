import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import { contactBody, contactUpdateBody, contactUploadBody, idParams, pageQuery } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { contacts } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { likePattern, page, PAGE_SIZE } from '../../platform/pagination.js';
import { contactColumns, loadContact } from './contact-view.js';
import { createContact, updateContact } from './save-contact.js';
import { uploadContacts } from './upload-contacts.js';

/**
 * Contacts are company-wide: every signed-in user of the company sees and edits them (row-level
 * security keeps other companies' out: theirs answer 404); deleting needs a permission.
 */
export const contactRoutes =
  (_deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/', { schema: { querystring: pageQuery } }, (req) =>
      req.ctx.tenant(async (tx) => {
        const { searchParam, pageNumber } = req.query;
        // Name or number containing the search, through the tenant-bound search function
        // (migration 0008: under row-level security LIKE cannot use the trigram index itself).
        const where = searchParam
          ? inArray(contacts.id, sql`(select tenant_contact_ids(${likePattern(searchParam)}))`)
          : undefined;
        const [rows, [total]] = await Promise.all([
          tx
            .select(contactColumns)
            .from(contacts)
            .where(where)
            .orderBy(asc(contacts.name), asc(contacts.id))
            .limit(PAGE_SIZE + 1)
            .offset((pageNumber - 1) * PAGE_SIZE),
          tx.select({ n: count() }).from(contacts).where(where),
        ]);
        const { records, hasMore } = page(rows);
        return { contacts: records, hasMore, count: total?.n ?? 0 };
      }),
    );

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

    app.get('/:id', { schema: { params: idParams } }, async (req) => {
      const contact = await req.ctx.tenant((tx) => loadContact(tx, req.params.id));
      if (!contact) throw notFound('contact');
      return contact;
    });

    app.post('/', { schema: { body: contactBody } }, async (req, reply) =>
      reply.status(201).send(await createContact(req.ctx, req.body)),
    );

    app.post('/upload', { schema: { body: contactUploadBody } }, (req) => uploadContacts(req.ctx, req.body));

    app.put('/:id', { schema: { params: idParams, body: contactUpdateBody } }, (req) =>
      updateContact(req.ctx, req.params.id, req.body),
    );

    app.delete(
      '/:id',
      { schema: { params: idParams }, config: { permission: 'contacts-page:deleteContact' } },
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
