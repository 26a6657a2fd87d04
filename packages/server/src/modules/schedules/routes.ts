import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import {
  rowParams,
  scheduleBody,
  scheduleConnectionQuery,
  scheduleListQuery,
  scheduleUpdateBody,
  SCHEDULE_FILE_FIELD,
} from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { sendStoredFile } from '../../platform/serve-file.js';
import { listSchedules } from './list-schedules.js';
import { getSchedule } from './get-schedule.js';
import { createSchedule } from './create-schedule.js';
import { updateSchedule } from './update-schedule.js';
import { deleteSchedule } from './delete-schedule.js';
import { SCHEDULE_MULTIPART_OPTIONS } from './schedule-media.js';
import { uploadScheduleMedia } from './upload-schedule-media.js';
import { removeScheduleMedia } from './remove-schedule-media.js';
import { scheduleFile } from './schedule-file.js';
import { getScheduleConnection } from './schedule-connection.js';

/** `/:id` names a row of this entity (the route table reads which). */
const params = rowParams('schedules');
/** Every route needs the plan's useSchedules; any staff member of the company reads and writes them. */
const config = { feature: 'useSchedules' } as const;

/** `/schedules`: messages to contacts at a set time, sent by the sweep (automation/schedules/schedule-sweep.ts). */
export const scheduleRoutes =
  (_deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, SCHEDULE_MULTIPART_OPTIONS);

    app.get('/', { schema: { querystring: scheduleListQuery }, config }, (req) => listSchedules(req.ctx, req.query));

    app.get('/connection', { schema: { querystring: scheduleConnectionQuery }, config }, (req) =>
      getScheduleConnection(req.ctx, req.query.contactId),
    );

    app.get('/:id', { schema: { params }, config }, (req) => getSchedule(req.ctx, req.params.id));

    app.post('/', { schema: { body: scheduleBody }, config }, async (req, reply) =>
      reply.status(201).send(await createSchedule(req.ctx, req.body)),
    );

    app.put('/:id', { schema: { params, body: scheduleUpdateBody }, config }, (req) =>
      updateSchedule(req.ctx, req.params.id, req.body),
    );

    app.delete('/:id', { schema: { params }, config }, async (req, reply) => {
      await deleteSchedule(req.ctx, req.params.id);
      return reply.status(204).send();
    });

    app.post(
      '/:id/media-upload',
      { schema: { params }, config: { ...config, input: { multipart: { files: SCHEDULE_FILE_FIELD } } } },
      (req) => uploadScheduleMedia(req.ctx, req.params.id, req),
    );

    app.delete('/:id/media-upload', { schema: { params }, config }, (req) =>
      removeScheduleMedia(req.ctx, req.params.id),
    );

    app.get('/:id/media', { schema: { params }, config }, async (req, reply) =>
      sendStoredFile(reply, await scheduleFile(req.ctx, req.params.id)),
    );
  };
