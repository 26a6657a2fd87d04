import { sql } from 'drizzle-orm';
import { PROMPT_DEFAULTS, type FlowNodeData } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import { tickets } from '../../db/schema/index.js';
import { tableRows } from '../../db/table-rows.js';
import type { TicketRow } from '../../modules/tickets/ticket-view.js';
import { claimMessageJob } from '../message-jobs.js';
import { promptTurnJobDef } from './prompt-jobs.js';
import { runStatement, statement, type Statement } from '../../db/prepared.js';
import { contextSql, type ContextRow } from './prompt-context.js';

const ticketRows = tableRows(tickets);

/**
 * Who the AI is on a ticket and how it is set up: a prompt the ticket holds (`tickets.prompt_id`,
 * its row read at every turn, so a changed key or text counts from the next message), or a flow
 * run waiting at an openai node (the node's own settings). A live run holds before the prompt
 * (automation/holder.ts).
 */
export interface AiSetup {
  source: { kind: 'prompt'; promptId: number } | { kind: 'flow'; runId: number; nodeId: string };
  prompt: string;
  model: string;
  maxTokens: number;
  temperature: number;
  apiKey: string;
  maxMessages: number;
  /** Where a handover sends the customer (null: the ticket stays in its queue). */
  queueId: number | null;
  voice: string;
  voiceKey: string;
  voiceRegion: string;
}

/** What one AI turn decides with: read without a lock before the call, locked again to write. */
export interface AiTurnStart {
  /** False when a claim was asked and the job is no longer waiting (a worker took it). */
  claimed: boolean;
  ticket: TicketRow;
  /** The turn's message is a customer message of this ticket. */
  isCustomerMessage: boolean;
  setup: AiSetup | undefined;
  /** A newer customer message of the ticket is stored: its own turn answers both. */
  newer: boolean;
  /** The context the model reads (`read: 'context'`), for the holder's `maxMessages`. */
  context: ContextRow[];
}

/**
 * The ticket, the holder's setup and the turn's flags in one statement: before the call with the
 * context the model reads (its length the holder's `maxMessages`); to write, the ticket locked
 * and the turn's job (`claim`: its lease, prompt-turn.ts) deleted in the same statement. Each
 * form's text is rendered once (db/prepared.ts).
 */
export async function readAiTurn(
  tx: Tx,
  job: { ticketId: number; messageId: number },
  opts: { read: 'context' } | { read: 'write'; claim?: string },
): Promise<AiTurnStart | undefined> {
  const form = opts.read === 'context' ? forms.context : opts.claim ? forms.claimAndLock : forms.lock;
  const claim = opts.read === 'write' ? opts.claim : undefined;
  const { rows } = await runStatement(tx, form, { ...job, claim });
  const row = rows[0];
  if (!row) return undefined;
  return {
    claimed: row._claimed === true,
    ticket: ticketRows.map(row),
    isCustomerMessage: row._mine === true,
    newer: row._newer === true,
    setup: setupOf(row._run as LiveRun | null, row._prompt as PromptRow | null),
    context: (row._context as ContextRow[] | undefined) ?? [],
  };
}

const ticketId = sql.placeholder('ticketId');
const messageId = sql`${sql.placeholder('messageId')}`;

function readForm(opts: { context?: boolean; lock?: boolean; claim?: boolean }): Statement {
  return statement(sql`
    ${opts.claim ? sql`with claimed as (${claimMessageJob(promptTurnJobDef, sql.placeholder('claim'))})` : sql``}
    select ${ticketRows.list('t')},
      ${opts.claim ? sql`exists (select 1 from claimed)` : sql`true`} as "_claimed",
      exists (select 1 from messages m where m.id = ${messageId} and m.ticket_id = t.id and not m.from_me) as "_mine",
      exists (select 1 from messages m where m.ticket_id = t.id and m.id > ${messageId} and not m.from_me) as "_newer",
      p.prompt as "_prompt", r.run as "_run"
      ${
        opts.context
          ? // As many as the holder reads (setupOf): the live run's node, else the prompt.
            sql`, ${contextSql(
              sql`t.id`,
              messageId,
              sql`coalesce(case when r.run is not null
                  then (r.run->'node'->'data'->'typebotIntegration'->>'maxMessages')::int
                  else (p.prompt->>'max_messages')::int end,
                ${sql.raw(String(PROMPT_DEFAULTS.maxMessages))})`,
            )} as "_context"`
          : sql``
      }
    from tickets t
    left join lateral (select to_jsonb(p) as prompt from prompts p where p.id = t.prompt_id) p on true
    left join lateral (
      select jsonb_build_object('runId', r.id, 'nodeId', r.node_id, 'waiting', r.waiting, 'status', r.status,
          'node', (select n from jsonb_array_elements(f.graph->'nodes') n where n->>'id' = r.node_id limit 1)) as run
      from flow_runs r join flows f on f.id = r.flow_id
      where r.ticket_id = t.id and r.status in ('running', 'waiting')) r on true
    where t.id = ${ticketId}
    ${opts.lock ? sql`for update of t` : sql``}`);
}

const forms = {
  context: readForm({ context: true }),
  lock: readForm({ lock: true }),
  claimAndLock: readForm({ lock: true, claim: true }),
};

interface LiveRun {
  runId: number;
  nodeId: string | null;
  waiting: string | null;
  status: string;
  node: { type?: string; data?: Partial<FlowNodeData['openai']> } | null;
}

interface PromptRow {
  id: number;
  prompt: string;
  model: string;
  max_tokens: number;
  temperature: number;
  api_key: string;
  max_messages: number;
  queue_id: number | null;
  voice: string;
  voice_key: string;
  voice_region: string;
}

function setupOf(run: LiveRun | null, prompt: PromptRow | null): AiSetup | undefined {
  if (run) {
    // A live run holds the ticket: the AI answers only while it waits at an openai node.
    if (run.status !== 'waiting' || run.waiting !== 'input' || run.node?.type !== 'openai' || !run.nodeId)
      return undefined;
    const c = run.node.data?.typebotIntegration ?? {};
    return {
      source: { kind: 'flow', runId: run.runId, nodeId: run.nodeId },
      prompt: c.prompt ?? '',
      model: PROMPT_DEFAULTS.model,
      maxTokens: c.maxTokens ?? PROMPT_DEFAULTS.maxTokens,
      temperature: c.temperature ?? PROMPT_DEFAULTS.temperature,
      apiKey: c.apiKey ?? '',
      maxMessages: c.maxMessages ?? PROMPT_DEFAULTS.maxMessages,
      queueId: c.queueId ?? null,
      voice: c.voice ?? PROMPT_DEFAULTS.voice,
      voiceKey: c.voiceKey ?? '',
      voiceRegion: c.voiceRegion ?? '',
    };
  }
  if (!prompt) return undefined;
  return {
    source: { kind: 'prompt', promptId: prompt.id },
    prompt: prompt.prompt,
    model: prompt.model,
    maxTokens: prompt.max_tokens,
    // A real column: 0.3 reads back as 0.30000001192…; the model gets what the admin typed.
    temperature: Math.round(prompt.temperature * 100) / 100,
    apiKey: prompt.api_key,
    maxMessages: prompt.max_messages,
    queueId: prompt.queue_id,
    voice: prompt.voice,
    voiceKey: prompt.voice_key,
    voiceRegion: prompt.voice_region,
  };
}

/** Whether `setup` still holds the ticket as read now (under the write's lock). */
export function sameHolder(a: AiSetup['source'], b: AiSetup['source'] | undefined): boolean {
  if (!b || a.kind !== b.kind) return false;
  return a.kind === 'prompt'
    ? a.promptId === (b as typeof a).promptId
    : a.runId === (b as typeof a).runId && a.nodeId === (b as typeof a).nodeId;
}
