import { describe, expect, it } from 'vitest';
import { bodyVariableCount, filledBody, sendComponents } from './template-text.js';

const body = { type: 'BODY', text: 'Olá {{1}}, seu pedido {{2}} saiu. {{1}}, obrigado!' };

describe('template text', () => {
  it('counts the distinct {{n}} of the BODY only', () => {
    expect(bodyVariableCount([{ type: 'HEADER', format: 'TEXT', text: 'Oi {{1}}' }, body])).toBe(2);
    expect(bodyVariableCount([{ type: 'BODY', text: 'Sem variáveis' }])).toBe(0);
  });

  it('fills the BODY as the customer reads it', () => {
    expect(filledBody([body], ['Ana', '42'])).toBe('Olá Ana, seu pedido 42 saiu. Ana, obrigado!');
  });

  it('sends a media header by its approved link, the body texts and a URL button suffix', () => {
    const components = [
      { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['https://cdn.example/p.jpg'] } },
      body,
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'QUICK_REPLY', text: 'Ok' },
          { type: 'URL', text: 'Ver', url: 'https://loja.example/p/{{1}}', example: ['https://loja.example/p/42'] },
        ],
      },
    ];
    expect(sendComponents(components, ['Ana', '42'])).toEqual([
      { type: 'header', parameters: [{ type: 'image', image: { link: 'https://cdn.example/p.jpg' } }] },
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'Ana' },
          { type: 'text', text: '42' },
        ],
      },
      { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: '42' }] },
    ]);
  });

  it('sends nothing for a text header without variables and a body without them', () => {
    expect(
      sendComponents(
        [
          { type: 'HEADER', format: 'TEXT', text: 'Oi' },
          { type: 'BODY', text: 'Oi' },
        ],
        [],
      ),
    ).toEqual([]);
  });
});
