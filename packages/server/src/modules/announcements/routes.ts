import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import {
  announcementBody,
  announcementsQuery,
  announcementUpdateBody,
  rowParams,
  ANNOUNCEMENT_MEDIA_FIELD,
} from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { sendStoredFile } from '../../platform/serve-file.js';
import { listAnnouncements } from './list-announcements.js';
import { getAnnouncement } from './get-announcement.js';
import { createAnnouncement } from './create-announcement.js';
import { updateAnnouncement } from './update-announcement.js';
import { deleteAnnouncement } from './delete-announcement.js';
import { ANNOUNCEMENT_MULTIPART_OPTIONS } from './announcement-media.js';
import { uploadAnnouncementMedia } from './upload-announcement-media.js';
import { removeAnnouncementMedia } from './remove-announcement-media.js';
import { announcementFile } from './announcement-file.js';

/** `/:id` names a row of this entity (the route table reads which). */
const params = rowParams('announcements');
const SUPER = { permission: 'announcements:manage' } as const;

/**
 * `/announcements`: the platform's notices. Every signed-in user reads the active ones
 * (announcement-view.ts: super users see all); super users write them.
 */
export const announcementRoutes =
  (_deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, ANNOUNCEMENT_MULTIPART_OPTIONS);

    app.get('/', { schema: { querystring: announcementsQuery } }, (req) => listAnnouncements(req.ctx, req.query));

    app.get('/:id', { schema: { params } }, (req) => getAnnouncement(req.ctx, req.params.id));

    app.post('/', { schema: { body: announcementBody }, config: SUPER }, async (req, reply) =>
      reply.status(201).send(await createAnnouncement(req.ctx, req.body)),
    );

    app.put('/:id', { schema: { params, body: announcementUpdateBody }, config: SUPER }, (req) =>
      updateAnnouncement(req.ctx, req.params.id, req.body),
    );

    app.delete('/:id', { schema: { params }, config: SUPER }, async (req, reply) => {
      await deleteAnnouncement(req.ctx, req.params.id);
      return reply.status(204).send();
    });

    app.post(
      '/:id/media-upload',
      { schema: { params }, config: { ...SUPER, input: { multipart: { files: ANNOUNCEMENT_MEDIA_FIELD } } } },
      (req) => uploadAnnouncementMedia(req.ctx, req.params.id, req),
    );

    app.delete('/:id/media-upload', { schema: { params }, config: SUPER }, (req) =>
      removeAnnouncementMedia(req.ctx, req.params.id),
    );

    app.get('/:id/media', { schema: { params } }, async (req, reply) =>
      sendStoredFile(reply, await announcementFile(req.ctx, req.params.id)),
    );
  };
