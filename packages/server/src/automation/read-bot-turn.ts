import { sql } from 'drizzle-orm';
import { SETTING_DEFAULTS, type ScheduleDay } from '@balcao/contracts';
import type { Tx } from '../db/client.js';
import { tickets } from '../db/schema/index.js';
import { tableRows } from '../db/table-rows.js';
import { DEFAULT_TIME_ZONE } from './business-hours.js';
import type { BotQueue, BotSetup } from './chatbot-flow.js';
import type { MenuOption } from './menu.js';
import { chatbotJobDef, type ChatbotJob } from './chatbot-jobs.js';
import { claimMessageJob } from './message-jobs.js';

const ticketRows = tableRows(tickets);

type Ticket = typeof tickets.$inferSelect;

/** What the bot's turn starts from: the ticket (locked), the message, the connection's setup. */
export interface BotTurn {
  /** False when a claim was asked and a worker holds the job: this run must not answer. */
  claimed: boolean;
  ticket: Ticket;
  /** The customer's message text (null: not a customer message of this ticket). */
  body: string | null;
  contactName: string;
  /** A flow runs in the ticket (automation/flows): it holds the conversation, the bot stays silent. */
  flowRunning: boolean;
  /** The connection's setup: its texts and limits, the company's hours, its queues and their option trees. */
  setup: BotSetup | null;
}

/**
 * Everything a bot turn decides with, in one statement (the bot answers on every customer
 * message, so round trips count): the ticket locked, the message's text, the contact's name, the
 * connection's texts and limits with the company's zone, hours and settings, its queues with
 * their option trees — and, for a run that claims its job, the job row deleted in the same
 * statement.
 */
export async function readBotTurn(tx: Tx, job: ChatbotJob, claim?: string): Promise<BotTurn | undefined> {
  // Settings read inside this one statement, not through `readSetting` (modules/settings/
  // read-setting.ts, the one way to read a setting): a bot turn's round trips count.
  const setting = (key: string) => sql`(select s.value from settings s where s.key = ${key})`;
  const { rows } = await tx.execute<Record<string, unknown>>(sql`
    ${claim ? sql`with claimed as (${claimMessageJob(chatbotJobDef, claim)})` : sql``}
    select ${ticketRows.list('t')}, m.body as "_body", c.name as "_contactName",
      ${claim ? sql`exists (select 1 from claimed)` : sql`true`} as "_claimed",
      exists (select 1 from flow_runs fr where fr.ticket_id = t.id and fr.status in ('running', 'waiting')) as "_flow",
      w.id as "_w", w.greeting_message as "_greeting", w.out_of_hours_message as "_outOfHours",
      w.time_use_bot_queues as "_timeUse", w.max_use_bot_queues as "_maxUse",
      co.timezone as "_zone", co.schedules as "_schedules",
      ${setting('scheduleType')} as "_scheduleType", ${setting('sendGreetingMessageOneQueues')} as "_greetOne",
      (select coalesce(json_agg(json_build_object('id', q.id, 'name', q.name, 'greetingMessage', q.greeting_message,
          'outOfHoursMessage', q.out_of_hours_message, 'schedules', q.schedules, 'linked', q.linked,
          'holder', q.integration_id is not null or q.prompt_id is not null,
          'options', coalesce((select json_agg(json_build_object('id', o.id, 'parentId', o.parent_id, 'title', o.title,
            'message', o.message, 'option', o.option)) from queue_options o where o.queue_id = q.id), '[]'::json))
          order by q.order_queue asc nulls last, q.id), '[]'::json)
        from (select qu.*, qu.id in (select wq.queue_id from whatsapp_queues wq where wq.whatsapp_id = t.whatsapp_id) as linked
              from queues qu
              where qu.id in (select wq.queue_id from whatsapp_queues wq where wq.whatsapp_id = t.whatsapp_id)
                 or qu.id = t.queue_id) q) as "_queues"
    from tickets t
      join contacts c on c.id = t.contact_id
      left join messages m on m.id = ${job.messageId} and m.ticket_id = t.id and not m.from_me
      left join whatsapps w on w.id = t.whatsapp_id
      left join companies co on co.id = t.company_id
    where t.id = ${job.ticketId}
    for update of t`);
  const row = rows[0];
  if (!row) return undefined;
  return {
    claimed: row._claimed === true,
    ticket: ticketRows.map(row),
    body: (row._body as string | null) ?? null,
    contactName: row._contactName as string,
    flowRunning: row._flow === true,
    setup:
      row._w === null
        ? null
        : withQueues(row._queues as QueueRow[], {
            greetingMessage: row._greeting as string,
            outOfHoursMessage: row._outOfHours as string,
            timeUseBotQueues: row._timeUse as number,
            maxUseBotQueues: row._maxUse as number,
            scheduleType: (row._scheduleType as string | null) ?? SETTING_DEFAULTS.scheduleType,
            sendGreetingMessageOneQueues:
              ((row._greetOne as string | null) ?? SETTING_DEFAULTS.sendGreetingMessageOneQueues) === 'enabled',
            timeZone: (row._zone as string | null) || DEFAULT_TIME_ZONE,
            companySchedules: (row._schedules as ScheduleDay[] | null) ?? [],
          }),
  };
}

type QueueRow = BotQueue & { linked: boolean; options: MenuOption[] };

/**
 * The connection's queues in menu order (orderQueue, then id) — and the ticket's own queue when
 * it is another one — each with its option tree, as the turn's read brought them.
 */
function withQueues(rows: QueueRow[], connection: Omit<BotSetup, 'queues' | 'ticketQueue' | 'options'>): BotSetup {
  const toQueue = ({ linked: _linked, options: _options, ...q }: QueueRow): BotQueue => q;
  return {
    ...connection,
    queues: rows.filter((r) => r.linked).map(toQueue),
    ticketQueue: rows.filter((r) => !r.linked).map(toQueue)[0],
    options: new Map(rows.map((r) => [r.id, r.options])),
  };
}
