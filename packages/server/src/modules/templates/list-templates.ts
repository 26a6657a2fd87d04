import { asc, eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { whatsapps, whatsappTemplates } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import type { TemplateList } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';

/**
 * `GET /whatsapp/{id}/templates`: the connection's templates as the last sync stored them, by name
 * and language (every status: only APPROVED ones send). Other providers have none.
 */
export async function listTemplates(ctx: Ctx, id: number) {
  return ctx.tenant(async (tx) => {
    const [conn] = await tx.select({ id: whatsapps.id }).from(whatsapps).where(eq(whatsapps.id, id));
    if (!conn) throw notFound('connection');
    const templates = await tx
      .select({
        name: whatsappTemplates.name,
        language: whatsappTemplates.language,
        status: whatsappTemplates.status,
        category: whatsappTemplates.category,
        components: whatsappTemplates.components,
        variables: whatsappTemplates.variables,
      })
      .from(whatsappTemplates)
      .where(eq(whatsappTemplates.whatsappId, id))
      .orderBy(asc(whatsappTemplates.name), asc(whatsappTemplates.language));
    return { templates };
  });
}

wireMatches<Answer<typeof listTemplates>, TemplateList>(true);
