import { randomBytes } from 'node:crypto';
import { ALL_TICKET, PROFILES, type ImportCounts } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import { queues, quickMessages, tags, userQueues, users, whatsappQueues, whatsapps } from '../../db/schema/index.js';
import { runPlatform } from '../../platform/context.js';
import type { AtendechatSource } from './atendechat-source.js';
import type { CompanyIds, ImportRun } from './import-run.js';
import { eachRow, stamps } from './each-row.js';
import { bool, int, oneOf, ref, str, weekOf } from './source-values.js';

/** Source id → Balcão id of a company's small entities (what later rows refer to). */
export interface StaffMaps {
  queues: Map<string, number>;
  connections: Map<string, number>;
  users: Map<string, number>;
  tags: Map<string, number>;
}

const BCRYPT = /^\$2[aby]\$\d{2}\$/;
/** A link table's pairs (`UserQueues`, `WhatsappQueues`), inserted once (their key is the check). */
async function links(
  run: ImportRun,
  source: AtendechatSource,
  ids: CompanyIds,
  sql: string,
  /** What the pairs count as; null: counted with the rows they belong to. */
  what: 'userQueues' | null,
  counts: ImportCounts,
  insert: (tx: Tx, pairs: [number, number][], companyId: number) => Promise<number>,
  left: Map<string, number>,
  right: Map<string, number>,
) {
  const rows = await source.all(sql, [ids.source]);
  if (ids.target === null) {
    if (what === 'userQueues') run.count(counts, what, rows.length);
    return;
  }
  const pairs = rows
    .map((r) => [ref(left, r.a), ref(right, r.b)] as const)
    .filter((p): p is [number, number] => p[0] !== null && p[1] !== null);
  if (pairs.length === 0) return;
  const companyId = ids.target;
  const added = await runPlatform(run.deps, (tx) => insert(tx, pairs, companyId));
  if (what === 'userQueues') run.count(counts, what, added);
}

/**
 * Queues, connections (never connected: each needs a new pairing), users (their bcrypt hashes
 * kept; never `super`), their queues, the connections' queues, tags and quick answers.
 */
export async function importStaff(
  run: ImportRun,
  source: AtendechatSource,
  ids: CompanyIds,
  counts: ImportCounts,
): Promise<StaffMaps> {
  const queueMap = await eachRow(run, source, ids, 'Queues', 'queues', counts, async (tx, q, companyId) => {
    const [row] = await tx
      .insert(queues)
      .values({
        companyId,
        name: str(q.name).trim().slice(0, 50) || `Fila ${str(q.id)}`,
        color: str(q.color, '#7C7C7C'),
        orderQueue: int(q.orderQueue),
        greetingMessage: str(q.greetingMessage),
        outOfHoursMessage: str(q.outOfHoursMessage),
        schedules: weekOf(q.schedules) ?? [],
        ...stamps(q),
      })
      .returning({ id: queues.id });
    return row!.id;
  });

  const connectionMap = await eachRow(
    run,
    source,
    ids,
    'Whatsapps',
    'connections',
    counts,
    async (tx, w, companyId) => {
      const [row] = await tx
        .insert(whatsapps)
        .values({
          companyId,
          name: str(w.name).trim() || `Conexão ${str(w.id)}`,
          // The source's session cannot be carried over: the connection waits for a new pairing.
          status: 'DISCONNECTED',
          sessionWanted: false,
          isDefault: bool(w.isDefault),
          token: randomBytes(24).toString('hex'),
          greetingMessage: str(w.greetingMessage),
          complationMessage: str(w.complationMessage ?? w.farewellMessage),
          outOfHoursMessage: str(w.outOfHoursMessage),
          ratingMessage: str(w.ratingMessage),
          expiresInactiveMessage: str(w.expiresInactiveMessage),
          expiresTicket: int(w.expiresTicket) ?? 0,
          timeUseBotQueues: int(w.timeUseBotQueues) ?? 0,
          maxUseBotQueues: int(w.maxUseBotQueues) ?? 3,
          timeToTransfer: int(w.timeToTransfer),
          transferQueueId: ref(queueMap, w.transferQueueId),
          ...stamps(w),
        })
        .returning({ id: whatsapps.id });
      return row!.id;
    },
  );

  const userMap = await eachRow(run, source, ids, 'Users', 'users', counts, async (tx, u, companyId) => {
    const hash = str(u.passwordHash);
    if (!BCRYPT.test(hash))
      run.problem(ids.source, 'users', u.id, 'password hash is not bcrypt: the user must reset it');
    if (bool(u.super))
      run.problem(ids.source, 'users', u.id, 'a super user of the source: imported as a company admin');
    const [row] = await tx
      .insert(users)
      .values({
        companyId,
        name: str(u.name).trim() || str(u.email),
        email: str(u.email).trim().toLowerCase(),
        passwordHash: hash || '!',
        // The source's profile as it was (its super users become their company's admins).
        profile: bool(u.super) ? 'admin' : (oneOf(u.profile, PROFILES) ?? 'user'),
        super: false,
        whatsappId: ref(connectionMap, u.whatsappId),
        allTicket: oneOf(u.allTicket, ALL_TICKET) ?? 'disable',
        ...stamps(u),
      })
      .returning({ id: users.id });
    return row!.id;
  });

  if (source.has('UserQueues')) {
    await links(
      run,
      source,
      ids,
      `select uq."userId" as a, uq."queueId" as b from "UserQueues" uq join "Users" u on u.id = uq."userId" where u."companyId" = $1`,
      'userQueues',
      counts,
      async (tx, pairs, companyId) =>
        (
          await tx
            .insert(userQueues)
            .values(pairs.map(([userId, queueId]) => ({ companyId, userId, queueId })))
            .onConflictDoNothing()
            .returning({ userId: userQueues.userId })
        ).length,
      userMap,
      queueMap,
    );
  }
  if (source.has('WhatsappQueues')) {
    await links(
      run,
      source,
      ids,
      `select wq."whatsappId" as a, wq."queueId" as b from "WhatsappQueues" wq join "Whatsapps" w on w.id = wq."whatsappId" where w."companyId" = $1`,
      null,
      counts,
      async (tx, pairs, companyId) => {
        await tx
          .insert(whatsappQueues)
          .values(pairs.map(([whatsappId, queueId]) => ({ companyId, whatsappId, queueId })))
          .onConflictDoNothing();
        return 0;
      },
      connectionMap,
      queueMap,
    );
  }

  const tagMap = await eachRow(run, source, ids, 'Tags', 'tags', counts, async (tx, t, companyId) => {
    const [row] = await tx
      .insert(tags)
      .values({
        companyId,
        name: str(t.name).trim() || `Tag ${str(t.id)}`,
        color: str(t.color, '#A4CCCC'),
        kanban: int(t.kanban) ?? 0,
        ...stamps(t),
      })
      .returning({ id: tags.id });
    return row!.id;
  });

  await eachRow(run, source, ids, 'QuickMessages', 'quickMessages', counts, async (tx, q, companyId) => {
    if (q.mediaPath)
      run.problem(ids.source, 'quickMessages', q.id, `attachment "${str(q.mediaName ?? q.mediaPath)}" not imported`);
    const [row] = await tx
      .insert(quickMessages)
      .values({
        companyId,
        userId: ref(userMap, q.userId),
        shortcode: str(q.shortcode).trim() || `atalho-${str(q.id)}`,
        message: str(q.message),
        geral: q.geral == null ? true : bool(q.geral),
        ...stamps(q),
      })
      .returning({ id: quickMessages.id });
    return row!.id;
  });

  return { queues: queueMap, connections: connectionMap, users: userMap, tags: tagMap };
}
