import { describe, expect, it } from 'vitest';
import { PROMPT_TRANSFER_PHRASE } from '@balcao/contracts';
import { readAnswer, splitForWhatsApp } from './prompt-answer.js';

describe('the transfer phrase in an answer', () => {
  it('an answer without it is sent, trimmed', () => {
    expect(readAnswer('  Olá! Posso ajudar?  ')).toEqual({ send: 'Olá! Posso ajudar?', transfer: false });
  });

  it('alone: nothing is sent, the customer is handed over', () => {
    expect(readAnswer(PROMPT_TRANSFER_PHRASE)).toEqual({ send: '', transfer: true });
  });

  it('what comes before it is sent; the phrase and what follows are not', () => {
    expect(readAnswer(`Vou te passar para um atendente.\n\n${PROMPT_TRANSFER_PHRASE}. Obrigado`)).toEqual({
      send: 'Vou te passar para um atendente.',
      transfer: true,
    });
  });

  it('as models write it: other case, no accents, extra spaces, markdown emphasis', () => {
    for (const variant of [
      'acao: transferir para o setor de atendimento',
      'AÇÃO:  Transferir para o   setor de atendimento',
      '**Ação:** Transferir para o setor de atendimento',
    ]) {
      expect(readAnswer(`Certo. ${variant}`), variant).toEqual({ send: 'Certo.', transfer: true });
    }
  });

  it('a near miss is just text', () => {
    expect(readAnswer('Ação: Transferir para o setor financeiro').transfer).toBe(false);
  });
});

describe('a long answer', () => {
  it('goes as several messages within the limit, cut at paragraphs, lines or spaces', () => {
    const paragraph = 'palavra '.repeat(50).trim();
    const text = Array.from({ length: 30 }, () => paragraph).join('\n\n');
    const parts = splitForWhatsApp(text, 1000);
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(p.length).toBeLessThanOrEqual(1000);
    expect(parts.join(' ').replace(/\s+/g, ' ')).toBe(text.replace(/\s+/g, ' '));
    expect(splitForWhatsApp('x'.repeat(25), 10)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
    expect(splitForWhatsApp('curta')).toEqual(['curta']);
  });
});
