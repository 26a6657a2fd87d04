import { describe, expect, it } from 'vitest';
import type { MessageTemplate } from '@balcao/contracts';
import { approvedMatching, contactFields, previewOf } from './templates';

const tpl = (name: string, text: string, status = 'APPROVED'): MessageTemplate => ({
  name,
  language: 'pt_BR',
  status,
  category: 'UTILITY',
  components: [{ type: 'BODY', text }],
  variables: 0,
});

describe('template picker helpers', () => {
  it('previews the BODY with the values typed so far', () => {
    expect(previewOf(tpl('a', 'Olá {{1}}, pedido {{2}}'), ['Ana', ''])).toBe('Olá Ana, pedido {{2}}');
  });
  it('lists approved templates whose name holds the search', () => {
    const list = [tpl('pedido_saiu', ''), tpl('promoção', ''), tpl('pedido_rascunho', '', 'PENDING')];
    expect(approvedMatching(list, 'PEDIDO').map((t) => t.name)).toEqual(['pedido_saiu']);
    expect(approvedMatching(list, 'promocao').map((t) => t.name)).toEqual(['promoção']);
  });
  it("offers the contact's fields that have a value", () => {
    expect(contactFields({ name: 'Ana Souza', number: '5511', email: '' })).toEqual([
      { key: 'name', value: 'Ana Souza' },
      { key: 'firstName', value: 'Ana' },
      { key: 'number', value: '5511' },
    ]);
  });
});
