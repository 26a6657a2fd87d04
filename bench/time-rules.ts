import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../packages/server/src/config.ts';
import { createLogger } from '../packages/server/src/platform/logger.ts';
import { boot } from '../packages/server/src/boot.ts';
import { expireTickets } from '../packages/server/src/automation/expire-tickets.ts';
import { transferWaitingTickets } from '../packages/server/src/automation/transfer-tickets.ts';

/**
 * The time rules' cron passes over 100,000 live tickets (goal: one pass ≤ 1 s). The product is
 * booted in this process (embedded PostgreSQL under a temporary data dir) so the passes can be
 * timed as the cron job runs them; the clock's own schedules are removed first so they cannot
 * take the tickets. Seeded straight in SQL: COMPANIES companies, each with one connection
 * (expiresTicket 30 min with an inactivity text, timeToTransfer 10 min to a queue) and
 * 100,000 / COMPANIES live tickets: 90 % open (1 % of all tickets past their expiry, 10 % waiting
 * for the agent's answer, the rest recently answered) and 10 % pending without a queue (1 % of all
 * past timeToTransfer). Figures: the first pass of each rule (the due ones), then a second pass of
 * each (nothing left: the steady state of most minutes), with the counts they acted on.
 * Env: TIME_RULES_TICKETS (100000), TIME_RULES_COMPANIES (20).
 */
const TICKETS = Number(process.env.TIME_RULES_TICKETS ?? 100_000);
const COMPANIES = Number(process.env.TIME_RULES_COMPANIES ?? 20);

export async function benchTimeRules() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'balcao-bench-rules-'));
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', ADMIN_PASSWORD: 'Bench-pass-1', LOG_LEVEL: 'warn' });
  const running = await boot(config, createLogger(config));
  const db = running.deps.pools.owner;
  const loadAtStart = os.loadavg()[0]!;
  try {
    await db.query(`delete from pgboss.schedule where name in ('tickets-expire', 'tickets-transfer')`);
    const seedStart = performance.now();
    const seeded = await seed(db);
    const seedMs = performance.now() - seedStart;
    await db.query('analyze');

    const timed = async (pass: () => Promise<number>) => {
      const t0 = performance.now();
      const acted = await pass();
      return { acted, ms: Math.round(performance.now() - t0) };
    };
    const expiry = await timed(() => expireTickets(running.deps));
    const transfer = await timed(() => transferWaitingTickets(running.deps));
    const expiryAgain = await timed(() => expireTickets(running.deps));
    const transferAgain = await timed(() => transferWaitingTickets(running.deps));
    const { rows } = await db.query(`select
        count(*) filter (where status = 'closed') as closed,
        count(*) filter (where status = 'pending' and queue_id is not null) as transferred,
        (select count(*) from messages where data->>'bot' = 'true') as farewells
      from tickets`);
    return {
      name: 'time-rules-passes',
      goalMsPerPass: 1000,
      machine: { cpus: os.cpus().length, loadAvg1mAtStart: Math.round(loadAtStart * 100) / 100 },
      seeded: { ...seeded, seedMs: Math.round(seedMs) },
      firstPass: { expiry, transfer },
      secondPass: { expiry: expiryAgain, transfer: transferAgain },
      after: {
        closed: Number(rows[0].closed),
        transferred: Number(rows[0].transferred),
        farewellsQueued: Number(rows[0].farewells),
      },
      note: 'one pass = every batch (500 tickets, one transaction each) until none is due; events published after each commit',
    };
  } finally {
    await running.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

async function seed(db: import('pg').Pool) {
  const perCompany = Math.floor(TICKETS / COMPANIES);
  const dueExpiry = Math.floor(perCompany * 0.01);
  const awaitingAgent = Math.floor(perCompany * 0.1);
  const open = Math.floor(perCompany * 0.9);
  const dueTransfer = Math.floor(perCompany * 0.01);
  const [{ id: planId }] = (
    await db.query(`insert into plans (name, users, connections, queues) values ('Rules bench', 10, 5, 5) returning id`)
  ).rows;
  await db.query(`insert into companies (name, plan_id) select 'Rules bench ' || g, $1 from generate_series(1, $2) g`, [
    planId,
    COMPANIES,
  ]);
  await db.query(`insert into users (company_id, name, email, password_hash, profile)
    select id, 'Agent', 'agent-' || id || '@bench.local', 'x', 'admin' from companies where name like 'Rules bench %'`);
  await db.query(`insert into queues (company_id, name, color)
    select id, 'Triagem', '#' || lpad(to_hex(id), 6, '0') from companies where name like 'Rules bench %'`);
  await db.query(`insert into whatsapps (company_id, name, provider, token, status, expires_ticket,
      expires_inactive_message, time_to_transfer, transfer_queue_id)
    select c.id, 'Bench', 'sandbox', md5(random()::text) || md5(random()::text), 'DISCONNECTED', 30,
      'Encerramos por inatividade, {{firstName}}.', 10, q.id
    from companies c join queues q on q.company_id = c.id where c.name like 'Rules bench %'`);
  await db.query(
    `insert into contacts (company_id, name, number)
    select c.id, 'Cliente ' || g, (5511900000000 + c.id::bigint * 1000000 + g)::text
    from companies c cross join generate_series(1, $1) g where c.name like 'Rules bench %'`,
    [perCompany],
  );
  // The n-th contact of each company gets the n-th kind of ticket.
  await db.query(
    `insert into tickets (company_id, contact_id, whatsapp_id, user_id, queue_id, status, last_message,
        created_at, updated_at, last_customer_message_at, last_agent_message_at)
    select k.company_id, k.id, w.id,
      case when k.n <= $1 then u.id end,
      case when k.n <= $1 then q.id end,
      case when k.n <= $1 then 'open' else 'pending' end,
      'bench',
      case when k.n > $1 and k.n <= $1 + $4 then now() - interval '20 minutes' else now() - interval '2 minutes' end,
      now(),
      case when k.n <= $2 then now() - interval '45 minutes'
           when k.n <= $2 + $3 then now() - interval '35 minutes'
           else now() - interval '6 minutes' end,
      case when k.n <= $1 then
        case when k.n <= $2 + $3 then now() - interval '40 minutes' else now() - interval '5 minutes' end
      end
    from (select c.id, c.company_id, row_number() over (partition by c.company_id order by c.id) as n
          from contacts c join companies co on co.id = c.company_id where co.name like 'Rules bench %') k
    join whatsapps w on w.company_id = k.company_id
    join users u on u.company_id = k.company_id
    join queues q on q.company_id = k.company_id`,
    [open, dueExpiry, awaitingAgent, dueTransfer],
  );
  const { rows } = await db.query(`select count(*) filter (where status = 'open') as open,
      count(*) filter (where status = 'pending') as pending from tickets`);
  return {
    companies: COMPANIES,
    liveTickets: Number(rows[0].open) + Number(rows[0].pending),
    open: Number(rows[0].open),
    pendingWithoutQueue: Number(rows[0].pending),
    dueForExpiry: dueExpiry * COMPANIES,
    awaitingAgentNotDue: awaitingAgent * COMPANIES,
    dueForTransfer: dueTransfer * COMPANIES,
  };
}
