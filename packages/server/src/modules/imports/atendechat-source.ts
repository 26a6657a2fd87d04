import pg from 'pg';

export type SourceRow = Record<string, unknown>;

/**
 * An Atendechat (Whaticket SaaS) database, read through its own Sequelize schema: double-quoted
 * CamelCase tables, camelCase columns. Everything is read in one REPEATABLE READ, READ ONLY
 * transaction: one consistent picture, and the source cannot be written by mistake. Rows come in
 * keyset pages, so memory stays bounded whatever the size of a table.
 */
export class AtendechatSource {
  private tables = new Set<string>();

  private constructor(private readonly client: pg.Client) {}

  static async open(databaseUrl: string): Promise<AtendechatSource> {
    const client = new pg.Client({
      connectionString: databaseUrl,
      application_name: 'balcao-import',
      connectionTimeoutMillis: 10_000,
    });
    await client.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const source = new AtendechatSource(client);
      const { rows } = await client.query<{ name: string }>(
        `select table_name as name from information_schema.tables where table_schema = current_schema()`,
      );
      for (const r of rows) source.tables.add(r.name);
      if (!source.has('Companies')) throw new Error('not an Atendechat database: it has no "Companies" table');
      return source;
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
  }

  /** Optional tables (forks drop some): a missing one is reported, not fatal. */
  has(table: string): boolean {
    return this.tables.has(table);
  }

  async all(sql: string, params: unknown[] = []): Promise<SourceRow[]> {
    return (await this.client.query<SourceRow>(sql, params)).rows;
  }

  async count(sql: string, params: unknown[] = []): Promise<number> {
    const { rows } = await this.client.query<{ n: string }>(`select count(*) as n from (${sql}) c`, params);
    return Number(rows[0]!.n);
  }

  /**
   * A company's rows of `table` by `"id"`, `size` at a time. `where` may add conditions on the
   * table's columns (alias `t`); `$1` is the company id. `via`: a table without `companyId` (a
   * ticket's notes, a chat's messages …) belongs to the company of its parent row.
   */
  async *byId(
    table: string,
    companyId: number,
    size: number,
    where = 'true',
    via?: { table: string; column: string },
  ): AsyncGenerator<SourceRow[]> {
    const scope = via
      ? `join "${via.table}" p on p.id = t."${via.column}" where p."companyId" = $1`
      : `where t."companyId" = $1`;
    let after = 0;
    for (;;) {
      const rows = await this.all(
        `select t.* from "${table}" t ${scope} and (${where}) and t.id > $2 order by t.id limit ${size}`,
        [companyId, after],
      );
      if (rows.length === 0) return;
      yield rows;
      after = Number(rows[rows.length - 1]!.id);
      if (rows.length < size) return;
    }
  }

  /**
   * A company's messages in the order they were written (createdAt, then id), a page at a time,
   * through a cursor of the read transaction: the source sorts once (its `Messages` may have no
   * index for that order), and only a page is held here.
   */
  async *messages(companyId: number, size: number): AsyncGenerator<SourceRow[]> {
    const cursor = `balcao_messages_${companyId}`;
    await this.client.query(
      `declare ${cursor} no scroll cursor for
       select m.* from "Messages" m where m."companyId" = $1 order by m."createdAt", m.id::text`,
      [companyId],
    );
    try {
      for (;;) {
        const { rows } = await this.client.query<SourceRow>(`fetch ${size} from ${cursor}`);
        if (rows.length === 0) return;
        yield rows;
        if (rows.length < size) return;
      }
    } finally {
      // After a failed read the transaction is aborted until `recover()`: nothing to close then.
      await this.client.query(`close ${cursor}`).catch(() => undefined);
    }
  }

  /** A point a company's failed read goes back to, so the next company still reads (same snapshot). */
  async mark(): Promise<void> {
    await this.client.query('savepoint company');
  }

  async recover(): Promise<void> {
    await this.client.query('rollback to savepoint company');
  }

  async close(): Promise<void> {
    await this.client.query('ROLLBACK').catch(() => undefined);
    await this.client.end().catch(() => undefined);
  }
}

/** Who the source is, for the mapping table: host, port and database, never a password. */
export function sourceKey(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return `atendechat:${url.hostname}:${url.port || '5432'}${url.pathname}`;
}
