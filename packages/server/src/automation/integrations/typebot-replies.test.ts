import { describe, expect, it } from 'vitest';
import { choiceList, choiceOf, fromMarkdown, fromRichText, isKeyword, readTypebotAnswer } from './typebot-replies.js';

describe("Typebot's rich text as WhatsApp text", () => {
  it('bold, italic and strike become WhatsApp marks, with spaces kept outside them', () => {
    const body = fromRichText([
      {
        type: 'p',
        children: [
          { text: 'Olá! Eu sou o ' },
          { text: 'Bot ', bold: true },
          { text: 'da ' },
          { text: 'Loja', italic: true },
          { text: ' e ' },
          { text: 'nada', strikethrough: true },
          { text: '.' },
        ],
      },
    ]);
    expect(body).toBe('Olá! Eu sou o *Bot* da _Loja_ e ~nada~.');
  });

  it('a link is its plain URL, after its words when they differ; paragraphs and lists on their own lines', () => {
    const body = fromRichText([
      {
        type: 'p',
        children: [{ text: 'Veja ' }, { type: 'a', url: 'https://x.example/o', children: [{ text: 'as ofertas' }] }],
      },
      { type: 'p', children: [{ type: 'a', url: 'https://x.example', children: [{ text: 'https://x.example' }] }] },
      {
        type: 'ul',
        children: [
          { type: 'li', children: [{ text: 'um' }] },
          { type: 'li', children: [{ text: 'dois' }] },
        ],
      },
      { type: 'ol', children: [{ type: 'li', children: [{ text: 'primeiro', bold: true }] }] },
    ]);
    expect(body).toBe('Veja as ofertas (https://x.example/o)\nhttps://x.example\n• um\n• dois\n1. *primeiro*');
  });

  it('markdown bubbles read the same', () => {
    expect(
      fromMarkdown(
        'Olá! Eu sou o **Bot** da *Loja*, _sim_ ~~não~~. [site](https://x.example) e [https://y.example](https://y.example)',
      ),
    ).toBe('Olá! Eu sou o *Bot* da _Loja_, _sim_ ~não~. site (https://x.example) e https://y.example');
  });
});

describe('a chat answer', () => {
  it('reads bubbles in order, images by URL, other media as links, a choice input and whether the bot ended', () => {
    const answer = readTypebotAnswer({
      sessionId: 's1',
      messages: [
        {
          id: '1',
          type: 'text',
          content: { type: 'richText', richText: [{ type: 'p', children: [{ text: 'Oi', bold: true }] }] },
        },
        { id: '2', type: 'image', content: { url: 'https://x.example/a.png' } },
        { id: '3', type: 'video', content: { url: 'https://x.example/v.mp4', type: 'url' } },
        { id: '4', type: 'text', content: { type: 'markdown', markdown: '**fim**' } },
        { id: '5', type: 'text', content: { type: 'richText', richText: [{ type: 'p', children: [{ text: ' ' }] }] } },
      ],
      input: {
        id: 'i',
        type: 'choice input',
        items: [{ id: 'a', content: 'Vendas' }, { id: 'b', content: ' Suporte ' }, { id: 'c' }],
      },
    });
    expect(answer).toEqual({
      sessionId: 's1',
      items: [
        { kind: 'text', body: '*Oi*' },
        { kind: 'image', url: 'https://x.example/a.png' },
        { kind: 'text', body: 'https://x.example/v.mp4' },
        { kind: 'text', body: '*fim*' },
      ],
      choices: ['Vendas', 'Suporte'],
      ended: false,
    });
    expect(readTypebotAnswer({ messages: [], input: { type: 'text input' } })).toMatchObject({
      choices: null,
      ended: false,
    });
    expect(readTypebotAnswer({ messages: [] })).toMatchObject({ choices: null, ended: true });
  });

  it('a choice is its number or its text (case and accents ignored); keywords match the whole message', () => {
    const choices = ['Vendas', 'Suporte técnico'];
    expect(choiceList(choices)).toBe('*1* - Vendas\n*2* - Suporte técnico');
    expect(choiceOf(' 2 ', choices)).toBe('Suporte técnico');
    expect(choiceOf('suporte  TECNICO', choices)).toBe('Suporte técnico');
    expect(choiceOf('3', choices)).toBeUndefined();
    expect(choiceOf('0', choices)).toBeUndefined();
    expect(choiceOf('vendas hoje', choices)).toBeUndefined();
    expect(isKeyword(' SAÍR ', 'sair')).toBe(true);
    expect(isKeyword('quero sair', 'sair')).toBe(false);
    expect(isKeyword('', '')).toBe(false);
  });
});
