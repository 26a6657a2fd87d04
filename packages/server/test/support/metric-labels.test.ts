import { Counter, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { unboundedLabels } from './metric-labels.js';

/** The label walk of operations.integration-test.ts ("metric labels stay bounded") catches what it must. */
const routes = new Set(['/api/tickets/:ticketId', '/metrics', 'unmatched']);

async function walk(plant: (registry: Registry) => void) {
  const registry = new Registry();
  plant(registry);
  return unboundedLabels(await registry.getMetricsAsJSON(), routes);
}

describe('the metric label walk', () => {
  it('passes labels from fixed sets', async () => {
    const problems = await walk((registry) => {
      const c = new Counter({
        name: 'balcao_ok_total',
        help: 'ok',
        labelNames: ['provider', 'result', 'route'],
        registers: [registry],
      });
      c.inc({ provider: 'cloud', result: 'sent', route: '/api/tickets/:ticketId' });
      c.inc({ provider: 'other', result: 'retry', route: 'unmatched' });
    });
    expect(problems).toEqual([]);
  });

  it('fails a planted label that names tenants, even with small ids', async () => {
    const problems = await walk((registry) => {
      const c = new Counter({
        name: 'balcao_planted_total',
        help: 'planted',
        labelNames: ['company'],
        registers: [registry],
      });
      for (const id of ['1', '2', '3']) c.inc({ company: id });
    });
    expect(problems).toEqual(['balcao_planted_total company: a label with no fixed set of values']);
  });

  it('fails ids, raw paths and unknown words in a known label', async () => {
    const problems = await walk((registry) => {
      const c = new Counter({
        name: 'balcao_sends_total',
        help: 'planted',
        labelNames: ['result', 'route'],
        registers: [registry],
      });
      c.inc({ result: '7', route: '/api/tickets/:ticketId' });
      c.inc({ result: 'sent', route: '/api/tickets/7' });
    });
    expect(problems).toEqual(['balcao_sends_total result=7', 'balcao_sends_total route=/api/tickets/7']);
  });

  it('fails a label of a library metric that grows with data', async () => {
    const problems = await walk((registry) => {
      const c = new Counter({
        name: 'lib_requests_total',
        help: 'planted',
        labelNames: ['user'],
        registers: [registry],
      });
      for (let i = 0; i < 5; i++) c.inc({ user: `u${i}` });
    });
    expect(problems).toEqual(['lib_requests_total user: 5 values']);
  });
});
