import type { MetricObjectWithValues, MetricValue } from 'prom-client';
import { PROVIDERS } from '../../src/platform/metrics.js';

/** What a label's values look like when they name a record or a person. */
const LOOKS_LIKE_DATA = /\d{2,}|@|[0-9a-f]{8}-|company|Cliente|example/i;
const oneOf = (...values: string[]) => {
  const known = new Set(values);
  return (v: string) => known.has(v);
};

/**
 * The label names the product's metrics (`balcao_*`) may carry, each with the values it may take:
 * fixed sets, never a company, user, contact, id, number or raw path. A new label name fails the
 * walk until it is named here with its set (docs/operations.md, "Metrics").
 */
function productLabels(routes: ReadonlySet<string>): Record<string, (value: string) => boolean> {
  return {
    method: oneOf('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'OTHER'),
    route: (v) => routes.has(v),
    status: (v) => /^[1-5]\d\d$/.test(v),
    provider: oneOf(...PROVIDERS, 'other'),
    result: oneOf('stored', 'duplicate', 'skipped', 'sent', 'refused', 'retry'),
    trigger: oneOf('start', 'input', 'time'),
    // pg-boss queue names: the product's own job names.
    queue: (v) => /^[a-z][a-z0-9._-]{0,39}$/.test(v) && !LOOKS_LIKE_DATA.test(v),
    le: () => true, // histogram buckets
  };
}

/**
 * Every label value of every metric that is not from a fixed set: `metric label=value` lines
 * (empty when all is well). `routes`: the route patterns the app has (`unmatched` and `/metrics`
 * included). Node's default metrics (prom-client's) keep their own labels (heap spaces, GC kinds,
 * resource types, Node's version), each checked for data and for growing past the routes' count.
 */
export function unboundedLabels(
  metrics: MetricObjectWithValues<MetricValue<string>>[],
  routes: ReadonlySet<string>,
): string[] {
  const allowed = productLabels(routes);
  const problems: string[] = [];
  for (const metric of metrics) {
    const ours = metric.name.startsWith('balcao_');
    const byLabel = new Map<string, Set<string>>();
    for (const { labels } of metric.values) {
      for (const [label, value] of Object.entries(labels)) {
        if (!byLabel.has(label)) byLabel.set(label, new Set());
        byLabel.get(label)!.add(String(value));
      }
    }
    for (const [label, values] of byLabel) {
      const rule = allowed[label];
      if (ours && !rule) {
        problems.push(`${metric.name} ${label}: a label with no fixed set of values`);
        continue;
      }
      for (const value of values) {
        const ok = ours
          ? rule!(value)
          : label === 'le' ||
            metric.name === 'nodejs_version_info' ||
            (!LOOKS_LIKE_DATA.test(value) && value.length <= 40);
        if (!ok) problems.push(`${metric.name} ${label}=${value}`);
      }
      if (label !== 'le' && values.size > routes.size) problems.push(`${metric.name} ${label}: ${values.size} values`);
    }
  }
  return problems;
}
