import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { atendechatImportBody, importParams } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { startImport } from './start-import.js';
import { getImport } from './get-import.js';

/** Importing another product's database is the platform operator's work (the companies' permission). */
const SUPER = { permission: 'companies:manage' } as const;

/** `/imports`: start an Atendechat import, read how it goes. */
export const importRoutes =
  (_deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/atendechat', { schema: { body: atendechatImportBody }, config: SUPER }, async (req, reply) =>
      reply.status(202).send(await startImport(req.ctx, req.body)),
    );

    app.get('/:id', { schema: { params: importParams }, config: SUPER }, (req) => getImport(req.ctx, req.params.id));
  };
