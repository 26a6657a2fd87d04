import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attendanceReportQuery } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { readAttendance } from './read-attendance.js';
import { exportAttendance } from './export-attendance.js';

/** `/reports`: the attendance report (`dashboard:view`, the dashboard's readers; others get 403). */
export const reportsRoutes =
  (_deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { permission: 'dashboard:view' } as const;

    app.get('/attendance', { schema: { querystring: attendanceReportQuery }, config }, (req) =>
      readAttendance(req.ctx, req.query),
    );

    app.get('/attendance.csv', { schema: { querystring: attendanceReportQuery }, config }, async (req, reply) => {
      const file = await exportAttendance(req.ctx, req.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.text);
    });
  };
