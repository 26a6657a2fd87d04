import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import {
  campaignBody,
  campaignFailuresQuery,
  campaignSettingsBody,
  campaignsQuery,
  campaignUpdateBody,
  CAMPAIGN_FILE_FIELD,
  campaignQuery,
  campaignTestBody,
  rowParams,
} from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { sendStoredFile } from '../../platform/serve-file.js';
import { listCampaigns } from './list-campaigns.js';
import { getCampaign } from './get-campaign.js';
import { createCampaign } from './create-campaign.js';
import { updateCampaign } from './update-campaign.js';
import { deleteCampaign } from './delete-campaign.js';
import { cancelCampaign } from './cancel-campaign.js';
import { restartCampaign } from './restart-campaign.js';
import { sendCampaignNow } from './send-campaign-now.js';
import { sendCampaignTest } from './send-campaign-test.js';
import { uploadCampaignMedia } from './upload-campaign-media.js';
import { removeCampaignMedia } from './remove-campaign-media.js';
import { campaignFile } from './campaign-file.js';
import { listCampaignFailures } from './list-campaign-failures.js';
import { getCampaignSettings } from './get-campaign-settings.js';
import { saveCampaignSettings } from './save-campaign-settings.js';
import { CAMPAIGN_MULTIPART_OPTIONS } from './campaign-media.js';

const params = rowParams('campaigns');
/** Every route needs the plan's useCampaigns; any staff member of the company reads and writes campaigns. */
const config = { feature: 'useCampaigns' } as const;

/** `/campaigns`: message variants sent to a contact list by the runner (automation/campaigns/campaign-sweep.ts). */
export const campaignRoutes =
  (_deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, CAMPAIGN_MULTIPART_OPTIONS);

    app.get('/', { schema: { querystring: campaignsQuery }, config }, (req) => listCampaigns(req.ctx, req.query));

    app.get('/:id', { schema: { params, querystring: campaignQuery }, config }, (req) =>
      getCampaign(req.ctx, req.params.id, req.query.lists),
    );

    app.post('/', { schema: { body: campaignBody }, config }, async (req, reply) =>
      reply.status(201).send(await createCampaign(req.ctx, req.body)),
    );

    // The spec's dialog sends back everything GET /campaigns/{id} showed, its report lists
    // included (one small entry per contact, dropped here): room for lists of ~100,000.
    app.put('/:id', { schema: { params, body: campaignUpdateBody }, config, bodyLimit: 16 * 1024 * 1024 }, (req) =>
      updateCampaign(req.ctx, req.params.id, req.body),
    );

    app.delete('/:id', { schema: { params }, config }, async (req, reply) => {
      await deleteCampaign(req.ctx, req.params.id);
      return reply.status(204).send();
    });

    const noBody = { ...config, input: { none: true } } as const;
    app.post('/:id/cancel', { schema: { params }, config: noBody }, (req) => cancelCampaign(req.ctx, req.params.id));

    app.post('/:id/restart', { schema: { params }, config: noBody }, (req) => restartCampaign(req.ctx, req.params.id));

    app.post('/:id/send-now', { schema: { params }, config: noBody }, (req) => sendCampaignNow(req.ctx, req.params.id));

    app.post('/:id/test', { schema: { params, body: campaignTestBody }, config }, (req) =>
      sendCampaignTest(req.ctx, req.params.id, req.body),
    );

    app.get('/:id/failures', { schema: { params, querystring: campaignFailuresQuery }, config }, (req) =>
      listCampaignFailures(req.ctx, req.params.id, req.query),
    );

    app.post(
      '/:id/media-upload',
      { schema: { params }, config: { ...config, input: { multipart: { files: CAMPAIGN_FILE_FIELD } } } },
      (req) => uploadCampaignMedia(req.ctx, req.params.id, req),
    );

    app.delete('/:id/media-upload', { schema: { params }, config }, (req) =>
      removeCampaignMedia(req.ctx, req.params.id),
    );

    app.get('/:id/media', { schema: { params }, config }, async (req, reply) =>
      sendStoredFile(reply, await campaignFile(req.ctx, req.params.id)),
    );
  };

/** `/campaign-settings`: the company's intervals and custom variables. */
export const campaignSettingRoutes =
  (_deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/', { config }, (req) => getCampaignSettings(req.ctx));

    app.post('/', { schema: { body: campaignSettingsBody }, config }, (req) => saveCampaignSettings(req.ctx, req.body));
  };
