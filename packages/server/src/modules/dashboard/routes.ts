import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardChartQuery, dashboardQuery } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { readDashboard } from './read-dashboard.js';
import { ticketsPerUser } from './tickets-per-user.js';
import { ticketsPerDay } from './tickets-per-day.js';
import { exportDashboard } from './export-dashboard.js';

/** `/dashboard`: the admins' figures (`dashboard:view`; a user gets 403), the caller's company only. */
export const dashboardRoutes =
  (_deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { permission: 'dashboard:view' } as const;

    app.get('/', { schema: { querystring: dashboardQuery }, config }, (req) => readDashboard(req.ctx, req.query));

    app.get('/ticketsUsers', { schema: { querystring: dashboardChartQuery }, config }, (req) =>
      ticketsPerUser(req.ctx, req.query),
    );

    app.get('/ticketsDay', { schema: { querystring: dashboardChartQuery }, config }, (req) =>
      ticketsPerDay(req.ctx, req.query),
    );

    app.get('/export', { schema: { querystring: dashboardQuery }, config }, async (req, reply) => {
      const file = await exportDashboard(req.ctx, req.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.text);
    });
  };
