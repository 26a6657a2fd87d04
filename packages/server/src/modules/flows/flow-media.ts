import { FLOW_MEDIA_LIMITS, FLOW_MEDIA_MAX_FILES, type FlowMediaRoute } from '@balcao/contracts';

// What the flow media's use cases share: the upload's limits, per route.

/** The largest file any route takes: the parser's own limit (413); each kind's is checked after. */
const LARGEST = Math.max(...Object.values(FLOW_MEDIA_LIMITS).flatMap((kinds) => kinds.map((k) => k.maxBytes)));

/** Multipart limits of the uploads: a few files, and the spec's text fields (`body`, `fromMe`). */
export const FLOW_MULTIPART_OPTIONS = {
  limits: {
    fileSize: LARGEST,
    files: FLOW_MEDIA_MAX_FILES,
    fields: 10,
    fieldSize: 4096,
    parts: FLOW_MEDIA_MAX_FILES + 10,
    headerPairs: 100,
  },
  throwFileSizeLimit: true,
};

/** The content types a route takes, and the size each may have. */
export function mediaRules(route: FlowMediaRoute) {
  const kinds = FLOW_MEDIA_LIMITS[route];
  const accept: string[] = kinds.flatMap((k) => [...k.types]);
  const maxBytes = (mimetype: string) =>
    kinds.find((k) => (k.types as readonly string[]).includes(mimetype))?.maxBytes ?? 0;
  return { accept, maxBytes };
}
