import { describe, expect, it } from 'vitest';
import { applyMessageVariables, greetingFor, messageVariables } from './message-variables.js';

const at = (iso: string) => new Date(iso);
const ctx = (now: Date, timeZone = 'America/Sao_Paulo') => ({
  contactName: 'Maria da Silva',
  ticketId: 42,
  timeZone,
  now,
});

describe('message variables', () => {
  it('fills every placeholder of the product', () => {
    // 14:05 UTC is 11:05 in São Paulo (UTC-3).
    const text = '{{ms}}, {{firstName}}! ({{name}}) Protocolo {{protocol}} em {{date}} às {{hora}}.';
    expect(applyMessageVariables(text, ctx(at('2025-06-14T14:05:00Z')))).toBe(
      'Bom dia, Maria! (Maria da Silva) Protocolo 2025061442 em 14/06/2025 às 11:05.',
    );
  });

  it("uses the company's time zone for the greeting, the date and the protocol", () => {
    const now = at('2025-06-15T01:30:00Z'); // 22:30 of the 14th in São Paulo, 10:30 of the 15th in Tokyo
    expect(messageVariables(ctx(now))).toMatchObject({
      ms: 'Boa noite',
      date: '14/06/2025',
      hora: '22:30',
      protocol: '2025061442',
    });
    expect(messageVariables(ctx(now, 'Asia/Tokyo'))).toMatchObject({
      ms: 'Bom dia',
      date: '15/06/2025',
      hora: '10:30',
      protocol: '2025061542',
    });
  });

  it('greets by the time of day: morning 05–11, afternoon 12–17, night 18–04', () => {
    expect([0, 4, 5, 11, 12, 17, 18, 23].map(greetingFor)).toEqual([
      'Boa noite',
      'Boa noite',
      'Bom dia',
      'Bom dia',
      'Boa tarde',
      'Boa tarde',
      'Boa noite',
      'Boa noite',
    ]);
  });

  it('accepts spaces inside the braces, keeps unknown placeholders and plain text as written', () => {
    const now = at('2025-06-14T18:00:00Z');
    expect(applyMessageVariables('Olá {{ firstName }}', ctx(now))).toBe('Olá Maria');
    expect(applyMessageVariables('{{unknown}} {{Name}} {name}', ctx(now))).toBe('{{unknown}} {{Name}} {name}');
    expect(applyMessageVariables('sem variáveis', ctx(now))).toBe('sem variáveis');
  });

  it('never reads a placeholder out of the values (a name holding braces stays as it is)', () => {
    const text = applyMessageVariables('{{name}} / {{firstName}}', {
      ...ctx(at('2025-06-14T12:00:00Z')),
      contactName: '{{date}} x',
    });
    expect(text).toBe('{{date}} x / {{date}}');
  });

  it('an unknown time zone falls back to São Paulo', () => {
    expect(messageVariables(ctx(at('2025-06-14T14:05:00Z'), 'Not/AZone')).hora).toBe('11:05');
  });
});
