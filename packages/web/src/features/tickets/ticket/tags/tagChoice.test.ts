import { describe, expect, it } from 'vitest';
import type { TicketTag } from '@balcao/contracts';
import { isLane, newTagName, withTag, withoutTag } from './tagChoice';

const tag = (id: number, name: string, kanban: TicketTag['kanban'] = 0): TicketTag => ({
  id,
  name,
  color: '#123456',
  kanban,
});
const urgent = tag(1, 'Urgente');
const vip = tag(2, 'VIP');
const doing = tag(3, 'Em produção', 1);
const done = tag(4, 'Pronto', 1);

describe('withTag', () => {
  it('adds an ordinary tag next to the others', () => {
    expect(withTag([urgent], vip)).toEqual([urgent, vip]);
  });

  it('keeps the list as it is when the tag is already there', () => {
    const current = [urgent, vip];
    expect(withTag(current, vip)).toBe(current);
  });

  it('moves the ticket to another lane: the other lane tags go, ordinary ones stay', () => {
    expect(withTag([urgent, doing], done)).toEqual([urgent, done]);
    expect(withTag([doing], urgent)).toEqual([doing, urgent]);
  });
});

describe('withoutTag', () => {
  it('removes one tag by id', () => {
    expect(withoutTag([urgent, vip, doing], 2)).toEqual([urgent, doing]);
    expect(withoutTag([urgent], 9)).toEqual([urgent]);
  });
});

describe('isLane', () => {
  it('reads kanban as 1 or true', () => {
    expect([urgent, doing, done, tag(5, 'x', undefined)].map(isLane)).toEqual([false, true, true, false]);
  });
});

describe('newTagName', () => {
  it('offers a valid name nobody has, trimmed', () => {
    expect(newTagName('  Retirar na loja ', [urgent])).toBe('Retirar na loja');
  });

  it('refuses names the server refuses (under 3 or over 50 characters)', () => {
    expect(newTagName('ab', [])).toBeNull();
    expect(newTagName('   ', [])).toBeNull();
    expect(newTagName('x'.repeat(51), [])).toBeNull();
    expect(newTagName('x'.repeat(50), [])).toBe('x'.repeat(50));
  });

  it('refuses a name the company already has, whatever its case', () => {
    expect(newTagName('urgente', [urgent])).toBeNull();
    expect(newTagName('URGENTE ', [urgent])).toBeNull();
  });
});
