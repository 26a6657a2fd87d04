import { describe, expect, it } from 'vitest';
import { highlight } from './highlight';

const marked = (text: string, term: string, lead?: number) =>
  highlight(text, term, lead)
    .map((p) => (p.match ? `[${p.text}]` : p.text))
    .join('');

describe('highlight', () => {
  it('marks every occurrence, ignoring case and accents, keeping the original letters', () => {
    expect(marked('Segue o BOLETO, boleto pago', 'boleto')).toBe('Segue o [BOLETO], [boleto] pago');
    expect(marked('NÃO chegou, não!', 'nao')).toBe('[NÃO] chegou, [não]!');
    expect(marked('sofá azul', 'SOFA AZ')).toBe('[sofá az]ul');
    expect(marked('Ação', 'ção')).toBe('A[ção]');
  });

  it('leaves text without the term, or an empty term, unmarked', () => {
    expect(highlight('bom dia', 'xyz')).toEqual([{ text: 'bom dia', match: false }]);
    expect(highlight('bom dia', '  ')).toEqual([{ text: 'bom dia', match: false }]);
  });

  it('cuts a long lead before the first match behind an ellipsis', () => {
    expect(marked('uma frase bem comprida antes do boleto', 'boleto', 6)).toBe('…es do [boleto]');
    expect(marked('o boleto', 'boleto', 6)).toBe('o [boleto]');
  });

  it('keeps characters outside the basic plane whole', () => {
    expect(marked('😀 boleto 😀', 'boleto')).toBe('😀 [boleto] 😀');
  });
});
