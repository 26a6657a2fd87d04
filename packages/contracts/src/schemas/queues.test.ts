import { describe, expect, it } from 'vitest';
import { defaultQueueSchedules, queueBody, queueOptionBody, queueOptionListQuery, queueUpdateBody } from './queues.js';

const fieldsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((i) => i.path.join('.')) ?? [];

describe('queueBody', () => {
  it("gives a new queue the spec's default week and no order, integration or prompt", () => {
    const queue = queueBody.parse({ name: 'Vendas', color: '#FF0000' });
    expect(queue).toMatchObject({ color: '#ff0000', orderQueue: null, integrationId: null, promptId: null });
    expect(queue.schedules).toEqual(defaultQueueSchedules());
    expect(queue.schedules.map((d) => [d.weekdayEn, d.startTime, d.endTime])).toEqual([
      ['monday', '08:00', '18:00'],
      ['tuesday', '08:00', '18:00'],
      ['wednesday', '08:00', '18:00'],
      ['thursday', '08:00', '18:00'],
      ['friday', '08:00', '18:00'],
      ['saturday', '08:00', '12:00'],
      ['sunday', '00:00', '00:00'],
    ]);
  });

  it('reads empty form fields as none', () => {
    expect(
      queueBody.parse({ name: 'Vendas', color: '#abc', orderQueue: '', integrationId: '', promptId: '' }),
    ).toMatchObject({ orderQueue: null, integrationId: null, promptId: null });
    expect(queueBody.parse({ name: 'Vendas', color: '#abc', orderQueue: '3' }).orderQueue).toBe(3);
  });

  it('refuses short names and colours, and a week that is not seven days', () => {
    expect(fieldsOf(queueBody.safeParse({ name: 'V', color: '#f', schedules: [] }))).toEqual(
      expect.arrayContaining(['name', 'color', 'schedules']),
    );
  });

  it('leaves out of an edit every field not given (no defaults)', () => {
    expect(queueUpdateBody.parse({ greetingMessage: 'Oi' })).toEqual({ greetingMessage: 'Oi' });
  });
});

describe('queue options', () => {
  it('takes -1, null or nothing as the top level', () => {
    for (const parentId of [-1, '-1', null, undefined]) {
      expect(queueOptionListQuery.parse({ queueId: '4', parentId })).toEqual({ queueId: 4, parentId: null });
    }
    expect(queueOptionListQuery.parse({ queueId: '4', parentId: '9' })).toEqual({ queueId: 4, parentId: 9 });
  });

  it('keeps option numbers as text, "1" to "999"', () => {
    expect(queueOptionBody.parse({ queueId: 1, title: 'Vendas', option: 2 }).option).toBe('2');
    for (const option of ['0', '01', 'a', '1000', '']) {
      expect(fieldsOf(queueOptionBody.safeParse({ queueId: 1, title: 'Vendas', option }))).toEqual(['option']);
    }
  });
});
