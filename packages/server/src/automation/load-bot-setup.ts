import { eq, or, sql } from 'drizzle-orm';
import { SETTING_DEFAULTS } from '@balcao/contracts';
import type { Tx } from '../db/client.js';
import { companies, queues, settings, whatsapps } from '../db/schema/index.js';
import { DEFAULT_TIME_ZONE } from './business-hours.js';
import type { BotQueue, BotSetup } from './chatbot-flow.js';
import type { MenuOption } from './menu.js';

const setting = (key: string) =>
  sql<string | null>`(select ${settings.value} from ${settings} where ${settings.key} = ${key})`;

/**
 * Everything the chatbot decides with, for a ticket on `whatsappId` (tenant scope), in two
 * reads (the bot answers on every customer message, so round trips count): the connection's
 * texts and limits with the company's zone, hours and settings; then its queues in menu order
 * (orderQueue, then id) — and the ticket's own queue when it is another one — each with its
 * option tree.
 */
export async function loadBotSetup(
  tx: Tx,
  whatsappId: number,
  ticketQueueId: number | null,
): Promise<BotSetup | undefined> {
  const [conn] = await tx
    .select({
      greetingMessage: whatsapps.greetingMessage,
      outOfHoursMessage: whatsapps.outOfHoursMessage,
      timeUseBotQueues: whatsapps.timeUseBotQueues,
      maxUseBotQueues: whatsapps.maxUseBotQueues,
      timeZone: companies.timezone,
      companySchedules: companies.schedules,
      scheduleType: setting('scheduleType'),
      greetOne: setting('sendGreetingMessageOneQueues'),
    })
    .from(whatsapps)
    .innerJoin(companies, eq(companies.id, whatsapps.companyId))
    .where(eq(whatsapps.id, whatsappId));
  if (!conn) return undefined;

  const linkedIds = sql`(select wq.queue_id from whatsapp_queues wq where wq.whatsapp_id = ${whatsappId})`;
  const rows = await tx
    .select({
      id: queues.id,
      name: queues.name,
      greetingMessage: queues.greetingMessage,
      outOfHoursMessage: queues.outOfHoursMessage,
      schedules: queues.schedules,
      linked: sql<boolean>`${queues.id} in ${linkedIds}`,
      // Spelled out: inside a one-table select drizzle leaves columns unqualified.
      options: sql<MenuOption[]>`coalesce((
        select json_agg(json_build_object('id', o.id, 'parentId', o.parent_id, 'title', o.title,
          'message', o.message, 'option', o.option))
        from queue_options o where o.queue_id = queues.id), '[]'::json)`,
    })
    .from(queues)
    .where(or(sql`${queues.id} in ${linkedIds}`, ticketQueueId !== null ? eq(queues.id, ticketQueueId) : undefined))
    .orderBy(sql`${queues.orderQueue} asc nulls last`, queues.id);

  const toQueue = ({ linked: _linked, options: _options, ...q }: (typeof rows)[number]): BotQueue => q;
  const { timeZone, companySchedules, scheduleType, greetOne, ...texts } = conn;
  return {
    ...texts,
    queues: rows.filter((r) => r.linked).map(toQueue),
    ticketQueue: rows.filter((r) => !r.linked).map(toQueue)[0],
    options: new Map(rows.map((r) => [r.id, r.options])),
    scheduleType: scheduleType ?? SETTING_DEFAULTS.scheduleType,
    sendGreetingMessageOneQueues: (greetOne ?? SETTING_DEFAULTS.sendGreetingMessageOneQueues) === 'enabled',
    timeZone: timeZone || DEFAULT_TIME_ZONE,
    companySchedules,
  };
}
