import { z } from 'zod';

/**
 * URLs a tenant types that the server will request (a webhook, a Typebot, a token_uri): marked,
 * so the server checks every one against its outbound policy (no internal address) at save and
 * at each request, and a suite fails on any URL field that is not marked (schema-walk.ts).
 */
export interface OutboundMeta {
  outbound: true;
}

/** An http(s) URL the server will request. */
export const outboundUrl = (examples: string[] = ['https://hooks.example.com/balcao']) =>
  z
    .url({ protocol: /^https?$/ })
    .max(500, 'tooLong')
    .meta({ outbound: true, examples } satisfies OutboundMeta & { examples: string[] });

/** An outbound URL, or '' for none yet. */
export const outboundUrlOrBlank = (examples?: string[]) => z.union([z.literal(''), outboundUrl(examples)]);

/**
 * A field whose name says URL but whose value the server never requests (a stored file's name,
 * a value the web sends back and the server ignores): `why` says so for the review.
 */
export const notFetched = <T extends z.ZodType>(schema: T, why: string): T => schema.meta({ notFetched: why });
