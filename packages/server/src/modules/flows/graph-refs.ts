import { inArray } from 'drizzle-orm';
import { blockElementKind, type FlowNode } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import { flowMedia, queues } from '../../db/schema/index.js';
import { invalid } from '../../platform/errors.js';

type MediaKind = 'image' | 'audio' | 'video';
interface Site<T> {
  path: string;
  value: T;
}
/** A refusal names at most this many places: enough to fix, small enough to send. */
const MAX_NAMED = 20;

/** Where a graph names rows of the company: ticket and openai queues, and every media file with its kind. */
function sitesOf(nodes: readonly FlowNode[]) {
  const queueSites: Site<number>[] = [];
  const mediaSites: Site<{ name: string; kind: MediaKind }>[] = [];
  nodes.forEach((n, i) => {
    const at = `nodes.${i}.data`;
    switch (n.type) {
      case 'ticket':
        queueSites.push({ path: `${at}.data.id`, value: n.data.data.id });
        break;
      case 'openai':
        if (typeof n.data.typebotIntegration.queueId === 'number')
          queueSites.push({ path: `${at}.typebotIntegration.queueId`, value: n.data.typebotIntegration.queueId });
        break;
      case 'img':
      case 'audio':
      case 'video':
        mediaSites.push({ path: `${at}.url`, value: { name: n.data.url, kind: n.type === 'img' ? 'image' : n.type } });
        break;
      case 'singleBlock':
        n.data.elements.forEach((e, k) => {
          const kind = blockElementKind(e.number);
          if (kind === 'img' || kind === 'audio' || kind === 'video')
            mediaSites.push({
              path: `${at}.elements.${k}.value`,
              value: { name: e.value, kind: kind === 'img' ? 'image' : kind },
            });
        });
        break;
    }
  });
  return { queueSites, mediaSites };
}

/**
 * What a graph names beyond itself, checked in the company before it is saved: a ticket node's
 * queue and an openai node's `queueId` are the company's queues; a media node (and a content
 * block's media card) names a file the flow API stored for the company, of the node's kind. Each
 * refusal is 400 naming the node's field (`nodes.4.data.url`: `notFound`, or `wrongKind`).
 */
export async function checkGraphRefs(tx: Tx, nodes: readonly FlowNode[]): Promise<void> {
  const { queueSites, mediaSites } = sitesOf(nodes);
  const fields: Record<string, string> = {};
  if (queueSites.length) {
    const ids = [...new Set(queueSites.map((s) => s.value))];
    const found = new Set(
      (await tx.select({ id: queues.id }).from(queues).where(inArray(queues.id, ids))).map((r) => r.id),
    );
    for (const s of queueSites) if (!found.has(s.value)) fields[s.path] = 'notFound';
  }
  if (mediaSites.length) {
    const names = [...new Set(mediaSites.map((s) => s.value.name))];
    const rows = await tx
      .select({ key: flowMedia.key, mimetype: flowMedia.mimetype })
      .from(flowMedia)
      .where(inArray(flowMedia.key, names));
    const kindOf = new Map(rows.map((r) => [r.key, r.mimetype.split('/')[0]]));
    for (const s of mediaSites) {
      const kind = kindOf.get(s.value.name);
      if (kind === undefined) fields[s.path] = 'notFound';
      else if (kind !== s.value.kind) fields[s.path] = 'wrongKind';
    }
  }
  const named = Object.entries(fields).slice(0, MAX_NAMED);
  if (named.length) throw invalid(Object.fromEntries(named), 'Unknown queue or file in');
}
