import { describe, expect, it } from 'vitest';
import { WEEKDAYS } from '@balcao/contracts';
import { decide, type BotSetup, type BotTicket } from './chatbot-flow.js';

const now = new Date('2025-06-02T13:00:00Z'); // Monday 10:00 in São Paulo
const closedWeek = WEEKDAYS.map(({ weekday, weekdayEn }) => ({ weekday, weekdayEn, startTime: '', endTime: '' }));
const q = (id: number, name: string) => ({
  id,
  name,
  greetingMessage: `Bem-vindo a ${name}`,
  outOfHoursMessage: `${name} fechado`,
  schedules: [],
});

const setup = (patch: Partial<BotSetup> = {}): BotSetup => ({
  greetingMessage: 'Olá {{firstName}}',
  outOfHoursMessage: 'Estamos fechados',
  timeUseBotQueues: 0,
  maxUseBotQueues: 3,
  queues: [q(10, 'Vendas'), q(20, 'Suporte')],
  options: new Map(),
  scheduleType: 'disabled',
  sendGreetingMessageOneQueues: true,
  timeZone: 'America/Sao_Paulo',
  companySchedules: [],
  ...patch,
});
const fresh: BotTicket = {
  queueId: null,
  queueOptionId: null,
  chatbot: false,
  amountUsedBotQueues: 0,
  botMenuSentAt: null,
  outOfHoursSentAt: null,
};
const MENU = 'Olá {{firstName}}\n\n*1* - Vendas\n*2* - Suporte';

describe('chatbot decisions', () => {
  it('first message: the queue menu, counted; a number before any menu is not a choice', () => {
    expect(decide(fresh, setup(), '2', now)).toEqual({
      replies: [MENU],
      patch: { botMenuSentAt: now, amountUsedBotQueues: 1, chatbot: true },
    });
  });

  it('a listed number picks the queue; anything else repeats the menu', () => {
    const seen = { ...fresh, botMenuSentAt: new Date(now.getTime() - 1000), amountUsedBotQueues: 1 };
    expect(decide(seen, setup(), ' 2 ', now)).toEqual({
      replies: ['Bem-vindo a Suporte'],
      patch: { queueId: 20, queueOptionId: null, chatbot: false },
      joined: 'chosen',
    });
    expect(decide(seen, setup(), '3', now).replies).toEqual([MENU]);
    expect(decide(seen, setup(), 'quero comprar', now).patch).toMatchObject({ amountUsedBotQueues: 2 });
  });

  it('limits: no repeat within timeUseBotQueues, none past maxUseBotQueues; choices still work', () => {
    const recent = { ...fresh, botMenuSentAt: new Date(now.getTime() - 4 * 60_000), amountUsedBotQueues: 1 };
    expect(decide(recent, setup({ timeUseBotQueues: 5 }), 'oi?', now)).toEqual({ replies: [], patch: {} });
    expect(decide(recent, setup({ timeUseBotQueues: 3 }), 'oi?', now).replies).toEqual([MENU]);
    const spent = { ...fresh, botMenuSentAt: new Date(0), amountUsedBotQueues: 3 };
    expect(decide(spent, setup(), 'oi?', now)).toEqual({ replies: [], patch: {} });
    expect(decide(spent, setup({ maxUseBotQueues: 0 }), 'oi?', now).replies).toEqual([MENU]);
    expect(decide(spent, setup(), '1', now).patch).toMatchObject({ queueId: 10 });
  });

  it('one queue: joined; greeted only with sendGreetingMessageOneQueues', () => {
    const one = [q(10, 'Vendas')];
    expect(decide(fresh, setup({ queues: one }), 'oi', now)).toEqual({
      replies: ['Bem-vindo a Vendas'],
      patch: { queueId: 10, queueOptionId: null, chatbot: false },
      joined: 'automatic',
    });
    expect(decide(fresh, setup({ queues: one, sendGreetingMessageOneQueues: false }), 'oi', now)).toEqual({
      replies: [],
      patch: { queueId: 10, queueOptionId: null, chatbot: false },
      joined: 'automatic',
    });
  });

  it('out of hours: the text once per closed period, and no menu', () => {
    const s = setup({ scheduleType: 'company', companySchedules: closedWeek });
    expect(decide(fresh, s, 'oi', now)).toEqual({ replies: ['Estamos fechados'], patch: { outOfHoursSentAt: now } });
    expect(decide({ ...fresh, outOfHoursSentAt: new Date(now.getTime() - 60_000) }, s, 'oi', now)).toEqual({
      replies: [],
      patch: {},
    });
    // Queue hours: the queue's own text when the chosen queue is closed.
    const byQueue = setup({
      scheduleType: 'queue',
      queues: [q(10, 'Vendas'), { ...q(20, 'Suporte'), schedules: closedWeek }],
    });
    const seen = { ...fresh, botMenuSentAt: now };
    expect(decide(seen, byQueue, '2', now)).toEqual({
      replies: ['Suporte fechado'],
      patch: { queueId: 20, queueOptionId: null, chatbot: false, outOfHoursSentAt: now },
      joined: 'chosen',
    });
  });

  it('nothing to say without queues, or in a queue once the menu is over', () => {
    expect(decide(fresh, setup({ queues: [] }), 'oi', now)).toEqual({ replies: [], patch: {} });
    expect(decide({ ...fresh, queueId: 10 }, setup(), 'oi', now)).toEqual({ replies: [], patch: {} });
  });

  it('a queue held by an integration or a prompt has no menu of its own: joined with its greeting, the bot off', () => {
    const options = new Map([
      [20, [{ id: 1, parentId: null, title: 'Orçamento', message: 'Qual produto?', option: '1' }]],
    ]);
    const held = setup({ queues: [q(10, 'Vendas'), { ...q(20, 'Suporte'), holder: true }], options });
    const seen = { ...fresh, botMenuSentAt: new Date(now.getTime() - 60_000) };
    expect(decide(seen, held, '2', now)).toEqual({
      replies: ['Bem-vindo a Suporte'],
      patch: { queueId: 20, queueOptionId: null, chatbot: false },
      joined: 'chosen',
    });
    // The same queue without a holder walks its options.
    expect(decide(seen, setup({ options }), '2', now).patch).toMatchObject({ queueId: 20, chatbot: true });
  });
});
