import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.js';
import { createPools } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { buildApp } from './app.js';
import type { Deps } from './platform/context.js';
import { RealtimeHub } from './platform/realtime.js';
import { loadSecrets } from './platform/secrets.js';
import { startJobs } from './platform/jobs.js';
import { createStorage } from './platform/create-storage.js';
import { createMailer, mailJobs } from './platform/mail.js';
import { rateEventJobs } from './platform/rate-events.js';
import { automationJobs } from './automation/jobs.js';
import { seedPlatform } from './modules/companies/seed-platform.js';
import { recordUserActivity, setPresence } from './modules/users/presence.js';
import { presenceSweeps } from './automation/presence-sweep.js';
import { registerTicketSocketHandlers } from './modules/tickets/socket-handlers.js';
import { scheduleSweeps } from './automation/schedules/schedule-sweep.js';
import { campaignSweeps } from './automation/campaigns/campaign-sweep.js';
import { flowSweeps } from './automation/flows/flow-sweep.js';
import { integrationSweeps } from './automation/integrations/integration-replies.js';
import { startSweeps } from './platform/sweeps.js';
import { tableStatisticsSweeps } from './platform/table-statistics.js';
import { expirySweeps } from './platform/realtime-expiry.js';
import { contactListJobs } from './modules/contact-lists/jobs.js';
import { invoiceJobs } from './automation/invoices/invoice-jobs.js';
import { templateJobs } from './automation/templates/template-jobs.js';
import { reportJobs } from './automation/reports/fold-attendance.js';
import { SessionRegistry } from './channels/registry.js';
import { CHANNEL_FACTORIES } from './channel-providers.js';
import type { EventsFor } from './channels/channel.js';
import { channelEventsFor } from './inbox/channel-events.js';
import { drainOutbox } from './modules/messages/outbox.js';
import { registerQueueHolder } from './modules/tickets/queue-holder.js';
import { enterQueueHolder } from './automation/holder-entry.js';
import type { Lifecycle } from './platform/readiness.js';
import { watchForScrape } from './platform/metrics-scrape.js';

/** How long a stop waits for the requests and the sends in flight before it goes on regardless. */
const DRAIN_TIMEOUT_MS = 10_000;
const bounded = (work: Promise<unknown>, ms: number) =>
  Promise.race([work, new Promise((r) => setTimeout(r, ms).unref())]);

export interface Running {
  app: FastifyInstance;
  deps: Deps;
  /** The door into the pipeline every provider reports through (tests replacing the registry reuse it). */
  eventsFor: EventsFor;
  url: string;
  /** `accepting` turns false when the stop begins (/api/ready answers 503). */
  lifecycle: Lifecycle;
  stop(): Promise<void>;
}

/** config → database → migrations → jobs → http + realtime. Stops in the reverse order. */
export async function boot(config: Config, log: Logger, opts: { webDist?: string } = {}): Promise<Running> {
  let embedded: EmbeddedDatabase | undefined;
  const databaseUrl = config.DATABASE_URL ?? (embedded = await startEmbeddedPostgres(config.DATA_DIR, log)).url;
  const pools = createPools(databaseUrl);
  try {
    await runMigrations(pools.owner);
    const hub = new RealtimeHub(log, pools.owner);
    const mailer = createMailer(config, log);
    // Every job of the product, from the domains that own them.
    const jobHandlers = [
      ...mailJobs,
      ...rateEventJobs,
      ...automationJobs,
      ...contactListJobs,
      ...invoiceJobs,
      ...templateJobs,
      ...reportJobs,
    ];
    const jobs = await startJobs(pools.owner, jobHandlers, () => deps, log);
    const storage = await createStorage(config);
    // The registry needs the deps it belongs to: made right after them.
    const deps: Deps = {
      config,
      log,
      pools,
      secrets: loadSecrets(config),
      realtime: hub,
      jobs,
      storage,
      mailer,
      sessions: null!,
    };
    const eventsFor = channelEventsFor(deps);
    deps.sessions = new SessionRegistry(deps, CHANNEL_FACTORIES, eventsFor, drainOutbox);
    hub.onPresence = (u, online) => setPresence(deps, u.companyId, u.userId, online);
    hub.onActivity = (u, payload) => recordUserActivity(deps, u.companyId, u.userId, payload);
    hub.onSocket = (socket) => registerTicketSocketHandlers(socket, deps);
    // A transferred ticket waiting in its queue enters the queue's holder (automation: domains do not import it).
    registerQueueHolder((d, uow, ticketId) => enterQueueHolder(d, uow, ticketId, { way: 'moved' }, 'now'));
    await seedPlatform(deps);
    const lifecycle: Lifecycle = { accepting: true };
    const app = await buildApp({ deps, hub, eventsFor, webDist: opts.webDist, lifecycle });
    await app.listen({ port: config.PORT, host: config.HOST });
    await deps.sessions.start();
    const unwatch = watchForScrape({
      owner: pools.owner,
      queues: jobHandlers.map((h) => h.spec.name),
      sockets: () => hub.io?.of('/').sockets.size ?? 0,
      sessions: () => deps.sessions.heldCount(),
    });
    // After the sessions: the first pass sends what fell due while no process ran.
    const sweeps = startSweeps(
      [
        ...scheduleSweeps,
        ...campaignSweeps(config.CAMPAIGN_SWEEP_MS),
        ...flowSweeps(config.FLOW_SWEEP_MS),
        ...integrationSweeps,
        ...tableStatisticsSweeps,
        ...expirySweeps(hub, config.EXPIRY_SWEEP_MS),
        ...presenceSweeps,
      ],
      deps,
      log,
    );
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    let stopping: Promise<void> | undefined;
    return {
      app,
      deps,
      eventsFor,
      url: `http://${config.HOST}:${port}`,
      lifecycle,
      /**
       * /api/ready says 503 at once (and, for SHUTDOWN_DELAY_MS, the process still serves while a
       * proxy notices); then no new work: the HTTP side drains (http-drain.ts: nothing is reset, a
       * proxy sends the GETs elsewhere, the listener closes once it stops sending here), and the
       * sessions finish their sends in flight, stop and give their leases up at once, so another
       * process takes them now rather than when the leases expire. Each bounded.
       */
      stop: () =>
        (stopping ??= (async () => {
          lifecycle.accepting = false;
          if (config.SHUTDOWN_DELAY_MS > 0) await new Promise((r) => setTimeout(r, config.SHUTDOWN_DELAY_MS));
          await sweeps.stop();
          const http = (async () => {
            await lifecycle.drainHttp?.();
            await app.close();
          })();
          await Promise.all([deps.sessions.stop(), bounded(http, DRAIN_TIMEOUT_MS)]);
          unwatch();
          await jobs.stop();
          // A pool can wait forever on a client someone never released (the Socket.IO
          // adapter's listener when stopped right after start): bounded, then move on.
          await Promise.race([pools.close(), new Promise((r) => setTimeout(r, 3000).unref())]);
          await embedded?.stop();
        })()),
    };
  } catch (err) {
    await pools.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    throw err;
  }
}
