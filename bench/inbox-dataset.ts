import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { startEmbeddedPostgres } from '../packages/server/src/db/embedded.ts';
import { runMigrations } from '../packages/server/src/db/migrate.ts';
import { hashPassword } from '../packages/server/src/platform/passwords.ts';
import { SETTING_DEFAULTS } from '@balcao/contracts';
import { freePort, root, startProduct, stop, waitFor200 } from './lib.ts';

/**
 * The inbox dataset (issue 4, acceptance 5): 100 companies, 1,000,000 tickets, 10,000,000
 * messages; the measured company holds 100,000 tickets with 10–200 messages each and 520 staff
 * (500 agents of one queue for the socket fan-out). Generated once, set-based (INSERT … SELECT
 * over generate_series), into an embedded PostgreSQL under .tmp/bench-inbox that this module
 * starts and migrates with the app's own migrations; `dataset.json` there marks a complete
 * dataset, so later runs reuse it and start measuring within seconds.
 *
 * Env: INBOX_BENCH_DIR (the data dir), INBOX_BENCH_SCALE (0.01 … 1: tickets and messages scaled,
 * companies and staff not; for trying the bench quickly), INBOX_BENCH_REGENERATE=1.
 */
const VERSION = 1;
const SCALE = Number(process.env.INBOX_BENCH_SCALE ?? 1);
const COMPANIES = 100;
const TOTAL_TICKETS = Math.round(1_000_000 * SCALE);
const MEASURED_TICKETS = Math.round(100_000 * SCALE);
const TOTAL_MESSAGES = Math.round(10_000_000 * SCALE);
/** The measured company: admins, and agents (the first FANOUT_AGENTS all belong to its queue 1). */
const MEASURED_ADMINS = 10;
const MEASURED_AGENTS = 510;
export const FANOUT_AGENTS = 500;
export const BENCH_PASSWORD = 'Bench-pass-1';

export interface InboxDataset {
  version: number;
  scale: number;
  generatedAt: string;
  generationSeconds: number;
  steps: Record<string, number>;
  counts: { companies: number; users: number; contacts: number; tickets: number; messages: number };
  measured: {
    companyId: number;
    queueIds: number[];
    adminEmail: string;
    /** A plain user limited to two queues (queue 1 and 3), allTicket disabled. */
    userEmail: string;
    userQueueIds: number[];
    /** `agent{n}.c1@inbox.bench`, n = 1 … FANOUT_AGENTS: every one a member of queue 1. */
    agentEmail: (n: number) => string;
    fanoutQueueId: number;
    cloud: { connectionId: number; phoneNumberId: string; appSecret: string };
    /** An open ticket of queue 1 on the Cloud connection, and its customer's number. */
    fanoutTicket: { id: number; contactNumber: string };
  };
}

type Stored = Omit<InboxDataset, 'measured'> & { measured: Omit<InboxDataset['measured'], 'agentEmail'> };

export const datasetDir = () =>
  path.resolve(
    process.env.INBOX_BENCH_DIR ?? path.join(root, '.tmp', SCALE === 1 ? 'bench-inbox' : `bench-inbox-s${SCALE}`),
  );

export interface OpenDataset {
  dir: string;
  /** Owner (superuser) URL of the bench database. */
  url: string;
  owner: pg.Pool;
  ds: InboxDataset;
  /** True when this call generated the data (else it was reused). */
  generated: boolean;
  close(): Promise<void>;
}

/** Starts the bench database (embedded, migrated), generating the dataset when it is missing. */
export async function openInboxDataset(): Promise<OpenDataset> {
  const dir = datasetDir();
  const infoFile = path.join(dir, 'dataset.json');
  let stored = existsSync(infoFile) ? (JSON.parse(await fs.readFile(infoFile, 'utf8')) as Stored) : undefined;
  if (!stored || stored.version !== VERSION || stored.scale !== SCALE || process.env.INBOX_BENCH_REGENERATE === '1') {
    // No marker (never generated, or a generation that died half way), or another shape: start over.
    stored = undefined;
    await fs.rm(dir, { recursive: true, force: true });
  }
  const db = await startEmbeddedPostgres(dir, pino({ level: 'warn' }));
  const owner = new pg.Pool({ connectionString: db.url, max: 3 });
  owner.on('error', () => {});
  const close = async () => {
    await owner.end().catch(() => {});
    await db.stop();
  };
  try {
    await runMigrations(owner);
    const generated = !stored;
    if (!stored) {
      stored = await generate(owner);
      await fs.writeFile(infoFile, JSON.stringify(stored, null, 2));
    }
    return { dir, url: db.url, owner, ds: withHelpers(stored), generated, close };
  } catch (err) {
    await close();
    throw err;
  }
}

const withHelpers = (s: Stored): InboxDataset => ({
  ...s,
  measured: { ...s.measured, agentEmail: (n: number) => `agent${n}.c1@inbox.bench` },
});

/** `npm run bench` entry: makes sure the dataset exists and reports what it holds. */
export async function benchInboxDataset() {
  const t0 = performance.now();
  const open = await openInboxDataset();
  try {
    const sizes = await open.owner.query(
      `select relname as table, pg_size_pretty(pg_table_size(oid)) as heap, pg_size_pretty(pg_indexes_size(oid)) as indexes
         from pg_class where relname in ('tickets', 'messages', 'contacts') order by relname`,
    );
    const perStatus = await open.owner.query(
      `select status, count(*)::int as n from tickets where company_id = $1 group by status order by status`,
      [open.ds.measured.companyId],
    );
    const perTicket = await open.owner.query(
      `select min(n)::int as min, round(avg(n), 1)::float as avg, max(n)::int as max, sum(n)::int as total
         from (select count(*) as n from messages where company_id = $1 group by ticket_id) m`,
      [open.ds.measured.companyId],
    );
    return {
      name: 'inbox-dataset',
      dir: open.dir,
      generatedNow: open.generated,
      openSeconds: Math.round((performance.now() - t0) / 100) / 10,
      generationSeconds: open.ds.generationSeconds,
      stepsSeconds: open.ds.steps,
      counts: open.ds.counts,
      measuredCompany: {
        id: open.ds.measured.companyId,
        ticketsByStatus: Object.fromEntries(perStatus.rows.map((r) => [r.status, r.n])),
        messagesPerTicket: perTicket.rows[0],
      },
      sizes: sizes.rows,
    };
  } finally {
    await open.close();
  }
}

/** The product (as `npm start` runs it, from the server bundle) on the bench database. */
export async function startInboxApp(
  open: OpenDataset,
): Promise<{ port: number; child: ChildProcess; stop(): Promise<void> }> {
  const port = await freePort();
  const child = startProduct({
    DATABASE_URL: open.url,
    DATA_DIR: path.join(open.dir, 'app'),
    PORT: String(port),
    ADMIN_PASSWORD: BENCH_PASSWORD,
    WHATSAPP_CLOUD_API_URL: 'http://127.0.0.1:9',
  });
  await waitFor200(`http://127.0.0.1:${port}/api/plans/list`, 120_000);
  return { port, child, stop: () => stop(child) };
}

/**
 * Access tokens for staff of the dataset, signed in through the API. A session kept from an
 * earlier run (its refresh token, in sessions.json of the data dir) is refreshed, which is cheap;
 * otherwise, or when the refresh is refused, a real login (scrypt) opens one. Signing 500
 * agents in from scratch takes minutes on a busy machine; refreshing them, seconds.
 */
export async function signInAll(open: OpenDataset, port: number, emails: string[], concurrency = 4): Promise<string[]> {
  const file = path.join(open.dir, 'sessions.json');
  const kept = existsSync(file) ? (JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, string>) : {};
  const base = `http://127.0.0.1:${port}/api/auth`;
  const attempt = async (pathname: string, init: RequestInit) => {
    const res = await fetch(base + pathname, { method: 'POST', ...init });
    const body = (await res.json()) as { token?: string };
    const refresh = res.headers
      .getSetCookie()
      .map((c) => /^jrt=([^;]+)/.exec(c)?.[1])
      .find(Boolean);
    return res.status === 200 && body.token && refresh
      ? { token: body.token, refresh }
      : { error: `${res.status} ${JSON.stringify(body)}` };
  };
  const one = async (email: string) => {
    let got = kept[email] ? await attempt('/refresh_token', { headers: { cookie: `jrt=${kept[email]}` } }) : undefined;
    if (!got || 'error' in got) {
      got = await attempt('/login', {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: BENCH_PASSWORD }),
      });
    }
    if ('error' in got) throw new Error(`sign-in ${email}: ${got.error}`);
    kept[email] = got.refresh;
    return got.token;
  };
  const tokens: string[] = new Array(emails.length);
  let next = 0;
  try {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < emails.length) {
          const i = next++;
          tokens[i] = await one(emails[i]!);
        }
      }),
    );
  } finally {
    await fs.writeFile(file, JSON.stringify(kept), { mode: 0o600 });
  }
  return tokens;
}

// ---------------------------------------------------------------------------------------------
// Generation

/** Deterministic pseudo-random numbers for the per-company plan (mulberry32). */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** How big each company is: the measured one first, the others sharing the rest unevenly. */
function companyPlan() {
  const rand = prng(4);
  const weights = Array.from({ length: COMPANIES - 1 }, () => 0.3 + rand() * 1.7);
  const sum = weights.reduce((a, b) => a + b, 0);
  const rest = TOTAL_TICKETS - MEASURED_TICKETS;
  const others = weights.map((w) => Math.max(20, Math.round((rest * w) / sum)));
  others[others.length - 1]! += rest - others.reduce((a, b) => a + b, 0);
  const tickets = [MEASURED_TICKETS, ...others];
  return tickets.map((t, i) => {
    const k = i + 1;
    return {
      k,
      tickets: t,
      contacts: Math.ceil(t * 0.8),
      queues: k === 1 ? 8 : 3 + (k % 4),
      admins: k === 1 ? MEASURED_ADMINS : 1 + (k % 2),
      agents: k === 1 ? MEASURED_AGENTS : 4 + (k % 20),
      conns: k === 1 ? 3 : 1 + (k % 2),
    };
  });
}

/** Word lists, written as one string each (a `|` between fragments that hold spaces). */
const list = (text: string, separator = ' ') => text.split(separator);

const QUEUE_NAMES = list(
  'Atendimento|Vendas|Financeiro|Entregas|Trocas e devoluções|Cadastro|Ouvidoria|Pós-venda',
  '|',
);
const FIRST_NAMES = list(
  'Ana Bruno Camila Daniel Eduarda Felipe Gabriela Henrique Isabela João Juliana Karina Lucas Larissa Marcos ' +
    'Mariana Nathália Otávio Patrícia Rafael Renata Rodrigo Sabrina Thiago Vanessa Vinícius Wesley Yasmin Aline ' +
    'André Beatriz Carlos Cláudia Diego Fernanda Gustavo Helena Igor Jéssica Leonardo Letícia Matheus Natália Paulo ' +
    'Priscila Ricardo Sérgio Simone Tatiane Vitor Maria José Antônio Francisca Raimundo Luiza Pedro Sônia Cristiane ' +
    'Edson',
);
const LAST_NAMES = list(
  'Silva Santos Oliveira Souza Rodrigues Ferreira Alves Pereira Lima Gomes Costa Ribeiro Martins Carvalho Almeida ' +
    'Lopes Soares Fernandes Vieira Barbosa Rocha Dias Nascimento Andrade Moreira Nunes Marques Machado Mendes ' +
    'Freitas Cardoso Ramos Gonçalves Santana Teixeira Araújo Pinto Correia Cavalcanti Monteiro Moura Batista Campos ' +
    'Rezende Farias Brito Queiroz Tavares Bezerra Xavier',
);
const DDD = list('11 21 31 41 47 48 51 61 62 71 81 85 91 92 27 19 16 43 44 98');

/** What customers write: greeting, subject, problem, detail, closing, and a few loose words. */
const CUSTOMER = {
  greeting: list('bom dia|boa tarde|boa noite|olá|oi|oi tudo bem?|bom dia, tudo bem?|opa|olá, boa tarde|||', '|'),
  subject: list(
    'meu pedido|a entrega|o boleto|a fatura|o cartão|a segunda via|o reembolso|a troca|o cadastro|minha senha|' +
      'o aplicativo|o produto|a nota fiscal|o frete|a assinatura|o plano|o desconto|o cupom|a compra|o estorno|' +
      'a instalação|o técnico|a garantia|o atendimento|o pagamento|o pix|a mensalidade|o contrato|a geladeira|' +
      'o celular|a máquina de lavar|o notebook|a televisão|o sofá|o colchão|a encomenda|o rastreio|a devolução|' +
      'o orçamento|a reserva',
    '|',
  ),
  problem: list(
    'não chegou|está atrasado|veio errado|foi cobrado duas vezes|não funciona|precisa ser alterado|' +
      'foi cancelado sem aviso|veio com defeito|não aparece no sistema|está com problema|ainda não foi aprovado|' +
      'não foi compensado|veio quebrado|continua parado|está em análise faz tempo|sumiu do aplicativo|' +
      'não consigo acessar|deu erro na finalização|ficou pendente|chegou incompleto',
    '|',
  ),
  detail: list(
    'desde ontem|há uma semana|pelo site|na loja do shopping|no endereço novo|depois da atualização|' +
      'mesmo depois de pagar|e ninguém me responde|já liguei três vezes|preciso resolver hoje|é urgente|' +
      'comprei na promoção|o prazo era sexta-feira|paguei no cartão de crédito|paguei no boleto|' +
      'estava marcado para segunda|o entregador não apareceu|a transportadora diz que entregou|já mandei o comprovante|' +
      '||',
    '|',
  ),
  closing: list(
    'obrigado|obrigada|aguardo retorno|por favor|pode me ajudar?|o que eu faço?|quando resolve?|quero cancelar|' +
      'quero meu dinheiro de volta|fico no aguardo|vocês podem verificar?||||',
    '|',
  ),
  words: list(
    'amanhã hoje sábado domingo manhã tarde cliente loja cidade bairro rua apartamento portaria vizinho filho esposa ' +
      'marido trabalho horário prazo valor dinheiro parcela juros multa conta banco transferência comprovante número ' +
      'código protocolo endereço cep caixa embalagem cor tamanho modelo marca azul preto branco grande pequeno novo ' +
      'usado rápido demorado caro barato certo errado igual diferente mesmo outro sempre nunca ainda já agora depois ' +
      'antes logo talvez então porque quando onde como quanto qual muito pouco mais menos bem mal sim não beleza ' +
      'tranquilo combinado entendi certinho ok valeu show perfeito ótimo péssimo absurdo vergonha paciência reclamação ' +
      'procon gerente supervisor chamado visita agendamento voltagem bivolt tomada controle bateria carregador tela ' +
      'senha email whatsapp ligação mensagem foto vídeo áudio arquivo documento identidade cpf cnpj empresa nota ' +
      'pedido produto serviço',
  ),
};

/** What agents write. */
const AGENT = {
  opening: list(
    'Olá!|Oi!|Bom dia!|Boa tarde!|Boa noite!|Certo,|Entendi,|Perfeito,|Só um momento,|Obrigado pelo contato!|' +
      'Peço desculpas pela demora,|',
    '|',
  ),
  action: list(
    'vou verificar o seu pedido|já abri um chamado para o seu caso|encaminhei para o setor financeiro|' +
      'consigo gerar a segunda via do boleto|o estorno foi solicitado|a troca foi aprovada|' +
      'o técnico vai até o seu endereço|o prazo de entrega foi atualizado|vou transferir para a equipe de entregas|' +
      'o reembolso cai em até 5 dias úteis|pode me enviar o número do pedido?|pode me confirmar o CPF do titular?|' +
      'pode me mandar uma foto do produto?|o código de rastreio já está disponível|' +
      'a nota fiscal foi enviada para o seu email|o cancelamento foi concluído|a sua assinatura foi renovada|' +
      'o desconto foi aplicado na próxima fatura|a coleta foi agendada|o pagamento foi confirmado',
    '|',
  ),
  closing: list(
    'Posso ajudar em algo mais?|Qualquer dúvida estou à disposição.|Tenha um ótimo dia!|Obrigado pela paciência.|' +
      'Aguardo o seu retorno.|Vou finalizar o atendimento, tudo bem?|Avalie o nosso atendimento, por favor.|||',
    '|',
  ),
};

/** The phrase pools messages draw from (sizes), before the rare tokens appended to some. */
const CUSTOMER_PHRASES = 40_000;
const AGENT_PHRASES = 20_000;

/** Runs one step and records its time in seconds. */
async function step<T>(steps: Record<string, number>, name: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  process.stderr.write(`inbox-dataset: ${name}…\n`);
  const result = await fn();
  steps[name] = Math.round((performance.now() - t0) / 100) / 10;
  process.stderr.write(`inbox-dataset: ${name} done in ${steps[name]} s\n`);
  return result;
}

async function generate(pool: pg.Pool): Promise<Stored> {
  const t0 = performance.now();
  const steps: Record<string, number> = {};
  const db = await pool.connect();
  try {
    // Bulk load: the rows are consistent by construction, so foreign-key triggers are skipped
    // (superuser only); big sorts and index builds get memory; commits do not wait for the disk.
    await db.query(`set session_replication_role = replica`);
    await db.query(`set maintenance_work_mem = '1GB'`);
    await db.query(`set work_mem = '256MB'`);
    await db.query(`set max_parallel_maintenance_workers = 2`);
    await db.query(`set synchronous_commit = off`);
    await db.query(`alter system set max_wal_size = '16GB'`);
    await db.query(`select pg_reload_conf()`);
    await db.query(`select setseed(0.42)`);

    const plan = companyPlan();
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const appSecret = randomBytes(16).toString('hex');
    const phoneNumberId = '106540352242922';

    await step(steps, 'companies, queues, connections, staff', async () => {
      const [{ id: planId }] = (
        await db.query(
          `insert into plans (name, users, connections, queues, value) values ('Plano Bench Inbox', 1000, 10, 20, 0) returning id`,
        )
      ).rows;
      await db.query(`create temp table bench_plan (k int primary key, company_id int, tickets int, contacts int,
                        queues int, admins int, agents int, conns int, contact_base int)`);
      await db.query(
        `insert into bench_plan (k, tickets, contacts, queues, admins, agents, conns)
         select * from unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::int[], $6::int[], $7::int[])`,
        ['k', 'tickets', 'contacts', 'queues', 'admins', 'agents', 'conns'].map((f) =>
          plan.map((p) => p[f as keyof typeof p]),
        ),
      );
      await db.query(
        // Schedules stay the column's default (none): with scheduleType 'disabled' they are not read.
        `insert into companies (name, email, phone, plan_id, status, due_date, recurrence)
         select format('Empresa Bench %s', lpad(k::text, 3, '0')), format('empresa%s@inbox.bench', k),
                format('5511%s', lpad((30000000 + k)::text, 8, '0')), $1, true, '2099-12-31', 'MENSAL'
           from bench_plan order by k`,
        [planId],
      );
      await db.query(
        `update bench_plan p set company_id = c.id from companies c where c.email = format('empresa%s@inbox.bench', p.k)`,
      );
      await db.query(
        `insert into settings (company_id, key, value)
         select p.company_id, d.key, d.value from bench_plan p, unnest($1::text[], $2::text[]) d(key, value)`,
        [Object.keys(SETTING_DEFAULTS), Object.values(SETTING_DEFAULTS)],
      );
      await db.query(
        `insert into queues (company_id, name, color, order_queue, greeting_message)
         select p.company_id, ($1::text[])[q], '#' || lpad(to_hex((q * 2654435 + p.k * 97) % 16777216), 6, '0'), q,
                format('Olá! Você está na fila %s. Em instantes um atendente fala com você.', ($1::text[])[q])
           from bench_plan p, generate_series(1, p.queues) q order by p.k, q`,
        [QUEUE_NAMES],
      );
      await db.query(`create temp table bench_queues as
                        select company_id, order_queue as q, id as queue_id from queues
                         where company_id in (select company_id from bench_plan)`);
      await db.query(
        `insert into whatsapps (company_id, name, provider, status, is_default, token, number, greeting_message,
                                phone_number_id, access_token, app_secret, verify_token)
         select p.company_id, (array['Atendimento', 'Loja', 'Vendas'])[w], case when p.k = 1 and w = 1 then 'cloud' else 'beta' end,
                'CONNECTED', w = 1, md5(random()::text) || md5(random()::text),
                format('55%s9%s', p.k % 90 + 10, lpad((w * 1000000 + p.k)::text, 8, '0')),
                'Olá! Escolha uma opção para começar.',
                case when p.k = 1 and w = 1 then $1 end,
                case when p.k = 1 and w = 1 then 'EAAG' || md5(random()::text) end,
                case when p.k = 1 and w = 1 then $2 end,
                case when p.k = 1 and w = 1 then md5(random()::text) end
           from bench_plan p, generate_series(1, p.conns) w order by p.k, w`,
        [phoneNumberId, appSecret],
      );
      await db.query(`create temp table bench_conns as
                        select company_id, row_number() over (partition by company_id order by id)::int as w, id as whatsapp_id
                          from whatsapps where company_id in (select company_id from bench_plan)`);
      // Admins first, then agents; the first FANOUT_AGENTS agents of company 1 are its fan-out agents.
      await db.query(
        `insert into users (company_id, name, email, password_hash, profile, all_ticket, language)
         select p.company_id,
                ($2::text[])[1 + (u * 7 + p.k) % cardinality($2::text[])] || ' ' || ($3::text[])[1 + (u * 13 + p.k * 3) % cardinality($3::text[])],
                case when u <= p.admins then format('admin%s.c%s@inbox.bench', u, p.k)
                     else format('agent%s.c%s@inbox.bench', u - p.admins, p.k) end,
                $1, case when u <= p.admins then 'admin' else 'user' end,
                case when u > p.admins and (u - p.admins) % 10 = 5 then 'enable' else 'disable' end, 'pt'
           from bench_plan p, generate_series(1, p.admins + p.agents) u order by p.k, u`,
        [passwordHash, FIRST_NAMES, LAST_NAMES],
      );
      await db.query(`create temp table bench_agents as
                        select u.company_id, p.k, p.queues, substring(u.email from '^agent(\\d+)\\.')::int as n, u.id as user_id
                          from users u join bench_plan p on p.company_id = u.company_id where u.profile = 'user'`);
      // Company 1: agents 1…500 in queue 1 and one other; the rest in two of queues 2…8.
      // Other companies: two neighbouring queues each.
      await db.query(
        `insert into user_queues (company_id, user_id, queue_id)
         select distinct a.company_id, a.user_id, q.queue_id
           from bench_agents a
           cross join lateral (values
             (case when a.k = 1 and a.n <= $1 then 1 when a.k = 1 then 2 + a.n % 7 else 1 + a.n % a.queues end),
             (case when a.k = 1 and a.n <= $1 then 2 + a.n % 7 when a.k = 1 then 2 + (a.n + 3) % 7 else 1 + (a.n + 1) % a.queues end)
           ) v(q)
           join bench_queues q on q.company_id = a.company_id and q.q = v.q`,
        [FANOUT_AGENTS],
      );
      await db.query(
        `insert into whatsapp_queues (company_id, whatsapp_id, queue_id)
         select c.company_id, c.whatsapp_id, q.queue_id from bench_conns c join bench_queues q using (company_id)`,
      );
    });

    // Indexes are built once after the load (much faster than maintaining them row by row):
    // every index of the three big tables except those behind constraints, exactly as the
    // migrations defined them, dropped now and created again from their own definitions.
    const indexes = await step(steps, 'drop indexes for the load', async () => {
      const { rows } = await db.query<{ name: string; def: string }>(
        `select i.indexname as name, i.indexdef as def from pg_indexes i
          where i.schemaname = 'public' and i.tablename in ('tickets', 'messages', 'contacts')
            and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      );
      for (const r of rows) await db.query(`drop index "${r.name}"`);
      return rows;
    });

    await step(steps, 'contacts', async () => {
      await db.query(
        `insert into contacts (company_id, name, number, email, created_at, updated_at)
         select company_id, first || ' ' || last, number,
                case when r_email < 0.25 then translate(lower(first || '.' || last), 'áàâãéêíóôõúüç', 'aaaaeeiooouuc') || (c % 1000) ||
                     (array['@gmail.com', '@hotmail.com', '@outlook.com', '@yahoo.com.br', '@uol.com.br'])[1 + (c % 5)] else '' end,
                created, created
           from (select p.company_id, c, random() as r_email,
                        ($1::text[])[1 + floor(random() * cardinality($1::text[]))::int] as first,
                        ($2::text[])[1 + floor(random() * cardinality($2::text[]))::int] as last,
                        '55' || ($3::text[])[1 + c % cardinality($3::text[])] || '9' || lpad(c::text, 8, '0') as number,
                        now() - random() * interval '700 days' as created
                   from bench_plan p, generate_series(0, p.contacts - 1) c offset 0) x
          order by company_id, c`,
        [FIRST_NAMES, LAST_NAMES, DDD],
      );
      // Inserted in one ordered statement: each company's contacts have consecutive ids.
      await db.query(`update bench_plan p set contact_base = m.first
                        from (select company_id, min(id) as first, count(*) as n, max(id) as last from contacts group by company_id) m
                       where m.company_id = p.company_id and m.last - m.first + 1 = m.n and m.n = p.contacts`);
      const { rows } = await db.query(`select count(*)::int as n from bench_plan where contact_base is null`);
      if (rows[0].n > 0) throw new Error('contact ids are not consecutive per company');
    });

    await step(steps, 'phrase pools', async () => {
      await db.query(
        `create temp table bench_phrases (from_me boolean, idx int, body text, primary key (from_me, idx))`,
      );
      const pick = (param: number) => `($${param}::text[])[1 + floor(random() * cardinality($${param}::text[]))::int]`;
      await db.query(
        `insert into bench_phrases
         select false, i, upper(left(s, 1)) || substr(s, 2)
           from (select i, regexp_replace(trim(concat_ws(' ', g, subj, prob, det, words, cl)), '\\s+', ' ', 'g') as s
                   from (select i, ${pick(1)} g, ${pick(2)} subj, ${pick(3)} prob, ${pick(4)} det, ${pick(5)} cl,
                                array_to_string(array(select ${pick(6)} from generate_series(1, (i % 7) - 2)), ' ') as words
                           from generate_series(0, $7 - 1) i offset 0) parts) x`,
        [
          CUSTOMER.greeting,
          CUSTOMER.subject,
          CUSTOMER.problem,
          CUSTOMER.detail,
          CUSTOMER.closing,
          CUSTOMER.words,
          CUSTOMER_PHRASES,
        ],
      );
      await db.query(
        `insert into bench_phrases
         select true, i, upper(left(s, 1)) || substr(s, 2)
           from (select i, trim(concat_ws(' ', o, a || case when a like '%?' then '' else '.' end, c)) as s
                   from (select i, ${pick(1)} o, ${pick(2)} a, ${pick(3)} c from generate_series(0, $4 - 1) i offset 0) parts) x`,
        [AGENT.opening, AGENT.action, AGENT.closing, AGENT_PHRASES],
      );
    });

    await step(steps, 'tickets', async () => {
      // Live (pending/open) tickets only among each company's first `contacts` tickets, one per
      // contact, so the one-live-ticket rule holds. About 10 % open, 5 % pending, the rest closed.
      await db.query(
        `create temp table bench_tickets as
         select x.company_id, x.k, x.contact_base + x.i % x.contacts as contact_id, s.status,
                case when x.r_q < (case when s.status = 'pending' then 0.3 else 0.03 end) then null
                     when x.r_q2 < 0.3 then 1 else 2 + floor(x.r_q3 * (x.queues - 1))::int end as q,
                1 + floor(x.r_w * x.conns)::int as w, x.r_u, x.r_unread, x.r_last,
                case s.status when 'open' then now() - x.r_t * interval '7 days'
                              when 'pending' then now() - x.r_t * interval '2 days'
                              else now() - interval '2 days' - power(x.r_t, 2) * interval '363 days' end as updated_at,
                x.r_d
           from (select p.*, i, random() r_s, random() r_q, random() r_q2, random() r_q3, random() r_w, random() r_u,
                        random() r_t, random() r_d, random() r_unread, random() r_last
                   from bench_plan p, generate_series(0, p.tickets - 1) i offset 0) x
           cross join lateral (select case when x.i < x.contacts and x.r_s < 0.125 then 'open'
                                           when x.i < x.contacts and x.r_s < 0.1875 then 'pending'
                                           else 'closed' end) s(status)`,
      );
      await db.query(`create temp table bench_members as
                        select uq.queue_id, array_agg(uq.user_id order by uq.user_id) as members
                          from user_queues uq where uq.company_id in (select company_id from bench_plan) group by uq.queue_id`);
      await db.query(`create temp table bench_staff as
                        select company_id, array_agg(id order by id) as members from users
                         where company_id in (select company_id from bench_plan) group by company_id`);
      await db.query(
        `insert into tickets (company_id, contact_id, whatsapp_id, queue_id, user_id, status, unread_messages, last_message,
                              created_at, updated_at, last_customer_message_at, last_agent_message_at)
         select t.company_id, t.contact_id, c.whatsapp_id, q.queue_id,
                case when t.status = 'pending' then null
                     else (coalesce(m.members, s.members))[1 + floor(t.r_u * cardinality(coalesce(m.members, s.members)))::int] end,
                t.status,
                case t.status when 'pending' then 1 + floor(t.r_unread * 4)::int
                              when 'open' then (case when t.r_unread < 0.4 then 1 + floor(t.r_unread * 5)::int else 0 end)
                              else 0 end,
                ph.body,
                t.updated_at - t.r_d * (case when t.status = 'closed' then interval '3 days' else interval '1 day' end),
                t.updated_at, t.updated_at,
                case when t.status = 'pending' then null else t.updated_at - interval '5 minutes' end
           from bench_tickets t
           join bench_conns c on c.company_id = t.company_id and c.w = t.w
           join bench_staff s on s.company_id = t.company_id
           left join bench_queues q on q.company_id = t.company_id and q.q = t.q
           left join bench_members m on m.queue_id = q.queue_id
           join bench_phrases ph on not ph.from_me and ph.idx = floor(t.r_last * $1::int)::int
          order by 9`,
        [CUSTOMER_PHRASES],
      );
    });

    await step(steps, 'messages', async () => {
      // Messages per ticket: 10–200 in the measured company (skewed towards short conversations),
      // whatever is left of the total spread over the other companies' tickets (1 to ~7 each);
      // then a few tickets gain or lose one so the total is exact.
      await db.query(
        `create temp table bench_tn as
         select t.id, t.company_id, t.contact_id, t.whatsapp_id, t.user_id, t.status, t.created_at, t.updated_at,
                case when p.k = 1 then 10 + floor(190 * power(random(), 2.5))::int else 0 end as n
           from tickets t join bench_plan p on p.company_id = t.company_id`,
      );
      const { rows } = await db.query(
        `select coalesce(sum(n), 0)::bigint as measured, count(*) filter (where n = 0)::int as others from bench_tn`,
      );
      const measured = Number(rows[0].measured);
      const others = rows[0].others as number;
      const spread = others > 0 ? Math.max(0, (2 * (TOTAL_MESSAGES - measured - others)) / others) : 0;
      await db.query(`update bench_tn set n = 1 + round(random() * $1::float8)::int where n = 0`, [spread]);
      const { rows: sum } = await db.query(`select sum(n)::bigint as total from bench_tn`);
      const delta = TOTAL_MESSAGES - Number(sum[0].total);
      if (delta !== 0) {
        await db.query(
          `update bench_tn set n = n + sign($1::int)::int
            where id in (select id from bench_tn where n between 2 and 199 and company_id <> (select company_id from bench_plan where k = 1)
                          order by random() limit abs($1::int))`,
          [delta],
        );
      }
      // One statement, in time order across all companies (as a live table fills up), so a
      // ticket's messages lie scattered over the table rather than side by side.
      await db.query(
        `insert into messages (company_id, ticket_id, contact_id, whatsapp_id, external_id, body, from_me, read, ack,
                               media_type, media_name, media_url, user_id, created_at, updated_at)
         select y.company_id, y.id, y.contact_id, y.whatsapp_id, 'wamid.' || md5(y.id || '.' || y.k),
                case y.media_type
                  when 'chat' then ph.body || case
                    when y.r_extra < 0.03 then ' pedido ' || (1000000 + floor(y.r_num * 8999999))::int
                    when y.r_extra < 0.05 then ' protocolo ' || to_char(y.created, 'YYYYMMDD') || lpad(floor(y.r_num * 100000)::int::text, 5, '0')
                    when y.r_extra < 0.06 then ' cpf ' || to_char(floor(y.r_num * 999999999)::int, 'FM000"."000"."000') || '-' || lpad((y.k % 100)::text, 2, '0')
                    when y.r_extra < 0.07 then ' rastreio BR' || (100000000 + floor(y.r_num * 899999999)::int) || 'BR'
                    when y.r_extra < 0.08 then ' email ' || (array['ana', 'joao', 'maria', 'pedro', 'carla', 'lucas'])[1 + y.k % 6] ||
                                               (floor(y.r_num * 10000))::int || '@gmail.com'
                    else '' end
                  when 'document' then 'comprovante-' || (floor(y.r_num * 100000))::int || '.pdf'
                  else '' end,
                y.from_me, y.from_me or y.status = 'closed' or y.k < y.n - 3, case when y.from_me then 3 + y.k % 2 else 0 end,
                y.media_type,
                case when y.media_type = 'document' then 'comprovante.pdf' end,
                case when y.media_type <> 'chat' then format('%s/bench/%s-%s', y.company_id, y.id, y.k) end,
                case when y.from_me then y.user_id end,
                y.created, y.created
           from (select t.*, t.r_side < 0.5 and t.k > 0 as from_me,
                        case when t.r_media < 0.90 then 'chat' when t.r_media < 0.95 then 'image' when t.r_media < 0.97 then 'audio'
                             when t.r_media < 0.99 then 'document' else 'video' end as media_type,
                        floor(t.r_phrase * case when t.r_side < 0.5 and t.k > 0 then $2::int else $1::int end)::int as phrase,
                        t.created_at + (t.updated_at - t.created_at) * (t.k::float8 / greatest(t.n - 1, 1)) as created
                   from (select t.*, k, random() r_side, random() r_extra, random() r_num, random() r_media, random() r_phrase
                           from bench_tn t, generate_series(0, t.n - 1) k offset 0) t) y
           join bench_phrases ph on ph.from_me = y.from_me and ph.idx = y.phrase
          order by y.created`,
        [CUSTOMER_PHRASES, AGENT_PHRASES],
      );
    });

    await step(steps, 'indexes', async () => {
      for (const ix of indexes) await db.query(ix.def);
    });

    await step(steps, 'vacuum analyze', async () => {
      await db.query(`reset session_replication_role`);
      for (const t of [
        'companies',
        'users',
        'user_queues',
        'queues',
        'whatsapps',
        'settings',
        'contacts',
        'tickets',
        'messages',
      ]) {
        await db.query(`vacuum (analyze) ${t}`);
      }
      await db.query(`alter system reset max_wal_size`);
      await db.query(`select pg_reload_conf()`);
    });

    const measured = await step(steps, 'fan-out ticket', async () => {
      const {
        rows: [company],
      } = await db.query(`select company_id from bench_plan where k = 1`);
      const companyId = company.company_id as number;
      const { rows: queueRows } = await db.query(`select queue_id from bench_queues where company_id = $1 order by q`, [
        companyId,
      ]);
      const queueIds = queueRows.map((r) => r.queue_id as number);
      const {
        rows: [cloud],
      } = await db.query(`select id from whatsapps where company_id = $1 and provider = 'cloud'`, [companyId]);
      // An open ticket of queue 1 on the Cloud connection; at small scales one is made so.
      const {
        rows: [live],
      } = await db.query(
        `select t.id, c.number from tickets t join contacts c on c.id = t.contact_id
          where t.company_id = $1 and t.whatsapp_id = $2 and t.status in ('open', 'pending')
          order by (t.queue_id = $3) desc nulls last, (t.status = 'open') desc, t.id limit 1`,
        [companyId, cloud.id, queueIds[0]],
      );
      const {
        rows: [agent],
      } = await db.query(`select id from users where email = 'agent1.c1@inbox.bench'`);
      await db.query(
        `update tickets set queue_id = $2, status = 'open', user_id = coalesce(user_id, $3) where id = $1`,
        [live.id, queueIds[0], agent.id],
      );
      return {
        companyId,
        queueIds,
        adminEmail: 'admin1.c1@inbox.bench',
        userEmail: 'agent1.c1@inbox.bench',
        userQueueIds: [queueIds[0]!, queueIds[2]!],
        fanoutQueueId: queueIds[0]!,
        cloud: { connectionId: cloud.id as number, phoneNumberId, appSecret },
        fanoutTicket: { id: live.id as number, contactNumber: live.number as string },
      };
    });

    const {
      rows: [counts],
    } = await db.query(
      `select (select count(*) from bench_plan)::int as companies,
              (select count(*) from users where company_id in (select company_id from bench_plan))::int as users,
              (select count(*) from contacts)::int as contacts,
              (select count(*) from tickets)::int as tickets,
              (select count(*) from messages)::int as messages`,
    );
    return {
      version: VERSION,
      scale: SCALE,
      generatedAt: new Date().toISOString(),
      generationSeconds: Math.round((performance.now() - t0) / 1000),
      steps,
      counts,
      measured,
    };
  } finally {
    db.release();
  }
}
