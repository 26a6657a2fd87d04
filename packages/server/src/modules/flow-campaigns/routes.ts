import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { flowCampaignBody, flowCampaignUpdateBody, rowParams } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { listFlowCampaigns } from './list-flow-campaigns.js';
import { getFlowCampaign } from './get-flow-campaign.js';
import { createFlowCampaign } from './create-flow-campaign.js';
import { updateFlowCampaign } from './update-flow-campaign.js';
import { deleteFlowCampaign } from './delete-flow-campaign.js';

const params = rowParams('flowCampaigns');

/**
 * `/flowcampaign`: phrases that start a flow. No plan flag: every staff member reads and writes
 * them; deleting needs contacts-page:deleteContact (the spec shows delete only to those profiles).
 */
export const flowCampaignRoutes =
  (_deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/', (req) => listFlowCampaigns(req.ctx));

    app.get('/:id', { schema: { params } }, (req) => getFlowCampaign(req.ctx, req.params.id));

    app.post('/', { schema: { body: flowCampaignBody } }, async (req, reply) =>
      reply.status(201).send(await createFlowCampaign(req.ctx, req.body)),
    );

    app.put('/', { schema: { body: flowCampaignUpdateBody } }, (req) => updateFlowCampaign(req.ctx, req.body));

    app.delete(
      '/:id',
      { schema: { params }, config: { permission: 'contacts-page:deleteContact' } },
      async (req, reply) => {
        await deleteFlowCampaign(req.ctx, req.params.id);
        return reply.status(204).send();
      },
    );
  };
