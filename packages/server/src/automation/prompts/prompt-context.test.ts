import { describe, expect, it } from 'vitest';
import { chatMessages, needsTranscription, type ContextRow } from './prompt-context.js';

const row = (id: number, fromMe: boolean, body: string, more: Partial<ContextRow> = {}): ContextRow => ({
  id,
  fromMe,
  body,
  mediaType: 'chat',
  mediaUrl: null,
  mediaName: null,
  ...more,
});

describe('what the model reads', () => {
  it('the prompt as system, then customer as user and ours as assistant, in order', () => {
    const audio = row(3, false, '', { mediaType: 'audio', mediaUrl: '1/2025-01/a.ogg' });
    const file = row(4, true, 'foto.png', { mediaType: 'image', mediaUrl: 'k', mediaName: 'foto.png' });
    const caption = row(5, true, 'Nosso cardápio', { mediaType: 'image', mediaUrl: 'k', mediaName: 'menu.png' });
    const rows = [row(1, false, 'Oi'), row(2, true, 'Olá!'), audio, file, caption, row(6, false, '  ')];
    expect(needsTranscription(audio)).toBe(true);
    expect(chatMessages('Você é um atendente.', rows, new Map([[3, 'Quero uma pizza']]))).toEqual([
      { role: 'system', content: 'Você é um atendente.' },
      { role: 'user', content: 'Oi' },
      { role: 'assistant', content: 'Olá!' },
      { role: 'user', content: 'Quero uma pizza' },
      { role: 'assistant', content: 'Nosso cardápio' },
    ]);
  });
});
