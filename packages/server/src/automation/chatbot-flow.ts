import type { ScheduleDay } from '@balcao/contracts';
import { closedSince } from './business-hours.js';
import {
  BACK,
  MAIN_MENU,
  OptionTree,
  backFrom,
  choiceOf,
  enter,
  levelAt,
  renderLevel,
  renderQueueMenu,
  type Level,
  type MenuOption,
} from './menu.js';

/**
 * What the chatbot answers to one customer message, decided from the ticket's state and the
 * connection's setup. Pure (the clock is given): run-chatbot.ts reads the state, applies the
 * patch and queues the replies in one transaction.
 *
 * The ticket's state: `queueId` null means the customer is choosing a queue (`chatbot` true once
 * the bot's menu went out); in a queue, `chatbot` true means they are walking its option tree,
 * standing at `queueOptionId` (null: the top level). Menus the bot sends on its own — the first one, and a repeat after an answer
 * it did not understand — count in `amountUsedBotQueues` and are held back by the connection's
 * limits (`maxUseBotQueues` sends, 0 = no limit; not again within `timeUseBotQueues` minutes of
 * the last menu). An answer to a menu (a queue, an option, "0", "#") is always answered and
 * never counted: the limits stop a bot talking to itself, not a customer who is choosing.
 */

export interface BotQueue {
  id: number;
  name: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  schedules: ScheduleDay[];
  /** The queue hands its customers to an integration or a prompt (holder-entry.ts): no menu of its own. */
  holder?: boolean;
}

export interface BotSetup {
  /** The connection's greeting and out-of-hours texts and its menu limits. */
  greetingMessage: string;
  outOfHoursMessage: string;
  timeUseBotQueues: number;
  maxUseBotQueues: number;
  /** The connection's queues, in menu order. */
  queues: BotQueue[];
  /** The ticket's queue when it is not one of the connection's (moved there by someone). */
  ticketQueue?: BotQueue;
  options: Map<number, MenuOption[]>;
  scheduleType: string;
  sendGreetingMessageOneQueues: boolean;
  timeZone: string;
  companySchedules: ScheduleDay[];
}

export interface BotTicket {
  queueId: number | null;
  queueOptionId: number | null;
  chatbot: boolean;
  amountUsedBotQueues: number;
  botMenuSentAt: Date | null;
  outOfHoursSentAt: Date | null;
}

export type BotPatch = Partial<BotTicket>;

export interface BotOutcome {
  replies: string[];
  patch: BotPatch;
  /** The ticket joined a queue: on its own (the only queue) or by the customer's choice. */
  joined?: 'automatic' | 'chosen';
}

const MINUTE = 60_000;

export function decide(ticket: BotTicket, setup: BotSetup, body: string, now: Date): BotOutcome {
  return new Flow(ticket, setup, now).answer(body.trim());
}

class Flow {
  readonly replies: string[] = [];
  readonly patch: BotPatch = {};
  private joined: BotOutcome['joined'];

  constructor(
    private readonly t: BotTicket,
    private readonly s: BotSetup,
    private readonly now: Date,
  ) {}

  answer(input: string): BotOutcome {
    this.run(input);
    return { replies: this.replies, patch: this.patch, ...(this.joined ? { joined: this.joined } : {}) };
  }

  private run(input: string): void {
    const { s, t } = this;
    if (s.scheduleType === 'company' && this.outOfHours(s.companySchedules, s.outOfHoursMessage)) return;
    if (t.queueId === null) {
      if (s.queues.length === 0) return;
      if (s.queues.length === 1) return this.joinQueue(s.queues[0]!, { firstContact: true });
      const n = t.botMenuSentAt ? choiceOf(input) : undefined;
      const picked = n !== undefined && n >= 1 ? s.queues[n - 1] : undefined;
      if (picked) return this.joinQueue(picked, { firstContact: false });
      // The bot is talking to the customer from its first menu on (`chatbot`, as the lists show it).
      if (this.unprompted(renderQueueMenu(s.greetingMessage, s.queues))) this.patch.chatbot = true;
      return;
    }
    const queue =
      s.queues.find((q) => q.id === t.queueId) ?? (s.ticketQueue?.id === t.queueId ? s.ticketQueue : undefined);
    if (!queue) return;
    if (s.scheduleType === 'queue' && this.outOfHours(queue.schedules, queue.outOfHoursMessage)) return;
    if (t.chatbot) this.walk(queue, input);
  }

  /** The customer reaches `queue`: its greeting and menu, unless it is closed now. */
  private joinQueue(queue: BotQueue, how: { firstContact: boolean }): void {
    const tree = this.tree(queue);
    const hasMenu = !queue.holder && tree.children(null).length > 0;
    const greets = !how.firstContact || this.s.sendGreetingMessageOneQueues;
    Object.assign(this.patch, { queueId: queue.id, queueOptionId: null, chatbot: greets && hasMenu });
    this.joined = how.firstContact ? 'automatic' : 'chosen';
    if (this.s.scheduleType === 'queue' && this.outOfHours(queue.schedules, queue.outOfHoursMessage)) return;
    if (!greets) return;
    if (!hasMenu) {
      if (queue.greetingMessage.trim()) this.replies.push(queue.greetingMessage.trim());
      return;
    }
    const level = enter(tree, null, queue.greetingMessage);
    if (how.firstContact) this.unprompted(this.render(level), level.position);
    else this.answered(this.render(level), level.position);
  }

  /** A message inside the queue's option tree. */
  private walk(queue: BotQueue, input: string): void {
    const tree = this.tree(queue);
    const at = this.t.queueOptionId !== null && tree.get(this.t.queueOptionId) ? this.t.queueOptionId : null;
    if (input === MAIN_MENU) return this.mainMenu(queue);
    if (input === BACK) {
      const to = backFrom(tree, at);
      if (to === 'main') return this.mainMenu(queue);
      return this.answered(this.render(levelAt(tree, to, queue.greetingMessage)), to);
    }
    const picked = tree.pick(at, input);
    if (picked) {
      const level = enter(tree, picked.id, picked.message);
      return this.answered(this.render(level), level.position);
    }
    // At an answer (a leaf) there is no menu to repeat: the customer waits for an attendant.
    if (tree.children(at).length === 0) return;
    this.unprompted(this.render(levelAt(tree, at, queue.greetingMessage)), at);
  }

  /** "#": the list of queues (the ticket leaves its queue), or the only queue's top level. */
  private mainMenu(queue: BotQueue): void {
    if (this.s.queues.length > 1) {
      Object.assign(this.patch, { queueId: null, queueOptionId: null, chatbot: true });
      return this.answered(renderQueueMenu(this.s.greetingMessage, this.s.queues));
    }
    const level = enter(this.tree(queue), null, queue.greetingMessage);
    this.answered(this.render(level), level.position);
  }

  /** A menu sent in answer to a choice: always, not counted. */
  private answered(text: string, position?: number | null): void {
    if (position !== undefined) this.patch.queueOptionId = position;
    this.send(text);
    this.patch.botMenuSentAt = this.now;
  }

  /** A menu the bot sends on its own: within the connection's limits, counted. Sent: true. */
  private unprompted(text: string, position?: number | null): boolean {
    const { t, s } = this;
    if (s.maxUseBotQueues > 0 && t.amountUsedBotQueues >= s.maxUseBotQueues) return false;
    const last = this.patch.botMenuSentAt ?? t.botMenuSentAt;
    if (last && s.timeUseBotQueues > 0 && this.now.getTime() - last.getTime() < s.timeUseBotQueues * MINUTE) {
      return false;
    }
    if (position !== undefined) this.patch.queueOptionId = position;
    this.send(text);
    this.patch.botMenuSentAt = this.now;
    this.patch.amountUsedBotQueues = t.amountUsedBotQueues + 1;
    return true;
  }

  /**
   * Closed now? Then the out-of-hours text goes out once per closed period (not when it already
   * went out since the hours last closed) and the menus wait: true. Open: false.
   */
  private outOfHours(schedules: ScheduleDay[], message: string): boolean {
    const since = closedSince(schedules, this.now, this.s.timeZone);
    if (!since) return false;
    const told = this.t.outOfHoursSentAt && this.t.outOfHoursSentAt.getTime() >= since.getTime();
    if (!told && message.trim()) {
      this.send(message);
      this.patch.outOfHoursSentAt = this.now;
    }
    return true;
  }

  private send(text: string): void {
    if (text.trim()) this.replies.push(text.trim());
  }

  private tree(queue: BotQueue): OptionTree {
    return new OptionTree(this.s.options.get(queue.id) ?? []);
  }

  private render(level: Level): string {
    return renderLevel(level, { severalQueues: this.s.queues.length > 1 });
  }
}
