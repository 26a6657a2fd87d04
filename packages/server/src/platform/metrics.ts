import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (docs/operations.md lists them, with what healthy looks like).
 * One registry per process, as Prometheus scrapes a process. Labels only ever take values from a
 * short fixed set (a route pattern, a provider, a result): never a company, user, contact, id or
 * raw path — the helpers below fold anything else into `other`. Counters on hot paths are
 * incremented once per batch; gauges are read at scrape time (metrics-scrape.ts).
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

export const PROVIDERS = ['beta', 'cloud', 'sandbox'] as const;
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** A provider name as a label value: one of the known providers, else `other`. */
export const providerLabel = (provider: string | undefined): string =>
  (PROVIDERS as readonly string[]).includes(provider ?? '') ? provider! : 'other';

/** An HTTP method as a label value (Node accepts a few dozen exotic ones: folded into `OTHER`). */
export const methodLabel = (method: string): string => (METHODS.has(method) ? method : 'OTHER');

export const httpDuration = new Histogram({
  name: 'balcao_http_request_duration_seconds',
  help: 'HTTP answers by method, route pattern (never the raw path; `unmatched` for unknown addresses) and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const messagesReceived = new Counter({
  name: 'balcao_messages_received_total',
  help: 'Inbound messages by provider and result (stored, duplicate: seen before, skipped: ignored or unreadable)',
  labelNames: ['provider', 'result'] as const,
  registers: [registry],
});

export const messagesSent = new Counter({
  name: 'balcao_messages_sent_total',
  help: 'Outbound sends by provider and result (sent, refused: failed for good, retry: to be tried again)',
  labelNames: ['provider', 'result'] as const,
  registers: [registry],
});

export const campaignSends = new Counter({
  name: 'balcao_campaign_sends_total',
  help: 'Campaign messages handed to the outbox (rate() of it: campaign sends per second)',
  registers: [registry],
});

export const flowSteps = new Counter({
  name: 'balcao_flow_steps_total',
  help: "Flow builder steps (walks of a run's graph) by what moved them (start, input, time)",
  labelNames: ['trigger'] as const,
  registers: [registry],
});

export const sessionsLost = new Counter({
  name: 'balcao_whatsapp_sessions_lost_total',
  help: 'WhatsApp sessions this process dropped because its lease was lost (it could not renew in time)',
  registers: [registry],
});
