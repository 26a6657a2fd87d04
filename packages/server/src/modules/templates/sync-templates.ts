import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Ctx, Deps } from '../../platform/context.js';
import { whatsapps, whatsappTemplates, type TemplateComponent } from '../../db/schema/index.js';
import { AppError, invalid, notFound } from '../../platform/errors.js';
import { GraphClient, GraphError } from '../../channels/cloud/graph-client.js';
import type { Tx } from '../../db/client.js';
import { bodyVariableCount } from './template-text.js';
import { listTemplates } from './list-templates.js';

/** What a sync reads of a connection. */
type Source = { id: number; companyId: number; wabaId: string; accessToken: string };

/**
 * `POST /whatsapp/{id}/templates/sync`: reads every page of the connection's WABA templates from
 * Meta (outside any transaction), then replaces the stored list in one: templates Meta no longer
 * has go. Answers the list as `GET /whatsapp/{id}/templates` does.
 */
export async function syncTemplates(ctx: Ctx, id: number) {
  const conn = await ctx.tenant(async (tx) => {
    const [row] = await tx
      .select({
        id: whatsapps.id,
        companyId: whatsapps.companyId,
        provider: whatsapps.provider,
        wabaId: whatsapps.wabaId,
        accessToken: whatsapps.accessToken,
      })
      .from(whatsapps)
      .where(eq(whatsapps.id, id));
    return row;
  });
  if (!conn) throw notFound('connection');
  if (conn.provider !== 'cloud' || !conn.wabaId || !conn.accessToken)
    throw invalid({ wabaId: 'required' }, 'Templates come from a Cloud API connection with its WABA id');
  const read = await readTemplates(ctx.deps, { ...conn, wabaId: conn.wabaId, accessToken: conn.accessToken });
  await ctx.tenant((tx) => storeTemplates(tx, conn, read));
  return listTemplates(ctx, id);
}

type Read = Awaited<ReturnType<typeof readTemplates>>;

/** Every page, mapped to rows; Meta's refusals answered in the product's words (never its body). */
export async function readTemplates(deps: Pick<Deps, 'config'>, conn: Source) {
  const graph = new GraphClient({ baseUrl: deps.config.WHATSAPP_CLOUD_API_URL, accessToken: conn.accessToken });
  const rows = new Map<
    string,
    { name: string; language: string; status: string; category: string; components: TemplateComponent[] }
  >();
  try {
    for await (const page of graph.messageTemplates(conn.wabaId)) {
      for (const t of page) {
        if (typeof t.name !== 'string' || typeof t.language !== 'string') continue;
        const components = (Array.isArray(t.components) ? t.components : []) as TemplateComponent[];
        rows.set(`${t.name}\n${t.language}`, {
          name: t.name,
          language: t.language,
          status: String(t.status ?? ''),
          category: String(t.category ?? ''),
          components,
        });
      }
    }
  } catch (err) {
    if (!(err instanceof GraphError)) throw err;
    if (err.unauthorized) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 'The Cloud API refused the access token');
    throw new AppError('ERR_FETCH_WAPP_MSG', 'The Cloud API did not give the templates', { status: 502 });
  }
  return [...rows.values()];
}

/** The connection's templates become exactly these (one upsert, one delete). */
export async function storeTemplates(tx: Tx, conn: { id: number; companyId: number }, read: Read) {
  if (read.length) {
    await tx
      .insert(whatsappTemplates)
      .values(
        read.map((t) => ({
          ...t,
          companyId: conn.companyId,
          whatsappId: conn.id,
          variables: bodyVariableCount(t.components),
        })),
      )
      .onConflictDoUpdate({
        target: [whatsappTemplates.whatsappId, whatsappTemplates.name, whatsappTemplates.language],
        set: {
          status: sql`excluded.status`,
          category: sql`excluded.category`,
          components: sql`excluded.components`,
          variables: sql`excluded.variables`,
          syncedAt: sql`now()`,
        },
      });
  }
  const kept = read.map((t) => `${t.name}\n${t.language}`);
  await tx
    .delete(whatsappTemplates)
    .where(
      and(
        eq(whatsappTemplates.whatsappId, conn.id),
        kept.length
          ? notInArray(sql`${whatsappTemplates.name} || E'\\n' || ${whatsappTemplates.language}`, kept)
          : undefined,
      ),
    );
}
