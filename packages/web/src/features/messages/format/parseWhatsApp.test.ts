import { describe, expect, it } from 'vitest';
import { parseWhatsApp, plainText, type Span } from './parseWhatsApp';

const text = (t: string): Span => ({ kind: 'text', text: t });
const bold = (...children: Span[]): Span => ({ kind: 'bold', children });
const italic = (...children: Span[]): Span => ({ kind: 'italic', children });
const strike = (...children: Span[]): Span => ({ kind: 'strike', children });
const code = (t: string): Span => ({ kind: 'code', text: t });
const mono = (t: string): Span => ({ kind: 'mono', text: t });

/** A text the parser must leave exactly as typed. */
const untouched = (s: string) => expect(parseWhatsApp(s)).toEqual(s ? [text(s)] : []);

describe('parseWhatsApp: the four styles and code', () => {
  it('reads each style around a word or a phrase', () => {
    expect(parseWhatsApp('*bold*')).toEqual([bold(text('bold'))]);
    expect(parseWhatsApp('_italic_')).toEqual([italic(text('italic'))]);
    expect(parseWhatsApp('~strike~')).toEqual([strike(text('strike'))]);
    expect(parseWhatsApp('`code`')).toEqual([code('code')]);
    expect(parseWhatsApp('```mono```')).toEqual([mono('mono')]);
    expect(parseWhatsApp('um *bolo de cenoura* hoje')).toEqual([
      text('um '),
      bold(text('bolo de cenoura')),
      text(' hoje'),
    ]);
  });

  it('reads several styles in one line', () => {
    expect(parseWhatsApp('*a* _b_ ~c~ `d` ```e```')).toEqual([
      bold(text('a')),
      text(' '),
      italic(text('b')),
      text(' '),
      strike(text('c')),
      text(' '),
      code('d'),
      text(' '),
      mono('e'),
    ]);
  });

  it('leaves text without marks alone (and an empty text empty)', () => {
    untouched('Bom dia! Vocês fazem bolo de cenoura?');
    untouched('');
    untouched('*');
    untouched('a_b');
  });
});

describe('parseWhatsApp: markers at word boundaries only', () => {
  it('does not style inside words or numbers', () => {
    untouched('2*3*4');
    untouched('snake_case_name');
    untouched('a*b*');
    untouched('*a*b');
    untouched('x~y~z');
    untouched('foo`bar`');
    untouched('a```b```');
  });

  it('accepts punctuation around the markers', () => {
    expect(parseWhatsApp('(*a*)')).toEqual([text('('), bold(text('a')), text(')')]);
    expect(parseWhatsApp('Pronto: *hoje*.')).toEqual([text('Pronto: '), bold(text('hoje')), text('.')]);
    expect(parseWhatsApp('"_sim_", ela disse')).toEqual([text('"'), italic(text('sim')), text('", ela disse')]);
  });

  it('treats accented letters and other scripts as letters, emoji as not', () => {
    expect(parseWhatsApp('*ação*')).toEqual([bold(text('ação'))]);
    untouched('é*a*');
    untouched('*a*é');
    untouched('д_а_');
    untouched('𝐀*a*'); // a letter outside the BMP (a surrogate pair) before the marker
    expect(parseWhatsApp('😀*a*😀')).toEqual([text('😀'), bold(text('a')), text('😀')]);
  });
});

describe('parseWhatsApp: what may sit inside the markers', () => {
  it('needs a non-empty text that neither starts nor ends with a space', () => {
    untouched('**');
    untouched('__ ~~');
    untouched('* a*');
    untouched('*a *');
    untouched('* a *');
    untouched('5 * 3 * 2');
    untouched('_\ta_');
  });

  it('takes the nearest closing marker, skipping ones that may not close', () => {
    expect(parseWhatsApp('*a* b*')).toEqual([bold(text('a')), text(' b*')]);
    expect(parseWhatsApp('*a *b*')).toEqual([bold(text('a *b'))]);
    expect(parseWhatsApp('*a*b c*')).toEqual([bold(text('a*b c'))]);
  });

  it('reads doubled markers as a marker around a styled word', () => {
    expect(parseWhatsApp('**a**')).toEqual([text('*'), bold(text('a')), text('*')]);
  });

  it('never spans lines, but each line has its own styles', () => {
    untouched('*a\nb*');
    untouched('_linha um\nlinha dois_');
    expect(parseWhatsApp('*a*\n*b*')).toEqual([bold(text('a')), text('\n'), bold(text('b'))]);
    // An opening that found no closing on its line does not stop the next line's.
    expect(parseWhatsApp('*a\n*b*')).toEqual([text('*a\n'), bold(text('b'))]);
  });

  it('lets ```monospace``` blocks span lines', () => {
    expect(parseWhatsApp('```linha 1\nlinha 2```')).toEqual([mono('linha 1\nlinha 2')]);
    untouched('``` ```');
    untouched('```sem fim');
    expect(parseWhatsApp('```a```b ```c```')).toEqual([mono('a```b ```c')]);
  });
});

describe('parseWhatsApp: nesting', () => {
  it('nests different styles', () => {
    expect(parseWhatsApp('*_both_*')).toEqual([bold(italic(text('both')))]);
    expect(parseWhatsApp('_*both*_')).toEqual([italic(bold(text('both')))]);
    expect(parseWhatsApp('~*_a_ b*~')).toEqual([strike(bold(italic(text('a')), text(' b')))]);
    expect(parseWhatsApp('*muito _bom_ mesmo*')).toEqual([bold(text('muito '), italic(text('bom')), text(' mesmo'))]);
  });

  it('keeps code and monospace literal', () => {
    expect(parseWhatsApp('`*a* _b_`')).toEqual([code('*a* _b_')]);
    expect(parseWhatsApp('```*a*\n_b_```')).toEqual([mono('*a*\n_b_')]);
    expect(parseWhatsApp('*a `b` c*')).toEqual([bold(text('a '), code('b'), text(' c'))]);
  });

  it('does not let styles cross: the first closed one wins', () => {
    expect(parseWhatsApp('*a _b* c_')).toEqual([bold(text('a _b')), text(' c_')]);
  });
});

describe('parseWhatsApp: what messages carry', () => {
  it('reads an attendant’s signature', () => {
    expect(parseWhatsApp('*Padaria Estrela*:\nFazemos sim!')).toEqual([
      bold(text('Padaria Estrela')),
      text(':\nFazemos sim!'),
    ]);
  });

  it('keeps HTML as text (the renderer escapes it)', () => {
    expect(parseWhatsApp('<b>oi</b> *<img src=x onerror=alert(1)>*')).toEqual([
      text('<b>oi</b> '),
      bold(text('<img src=x onerror=alert(1)>')),
    ]);
  });

  it('stays linear on hostile input', () => {
    const inputs = [
      '*a '.repeat(40_000),
      '*'.repeat(100_000),
      '*_~`'.repeat(25_000),
      '```'.repeat(30_000),
      '_a\n'.repeat(30_000),
    ];
    for (const input of inputs) {
      const started = performance.now();
      const spans = parseWhatsApp(input);
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(plainText(spans).length).toBeLessThanOrEqual(input.length);
    }
  });
});

describe('plainText', () => {
  it('is the text a person reads, without the marks', () => {
    expect(plainText(parseWhatsApp('Quero o *bolo* para _amanhã_, ~com~ `sem` ```nozes```'))).toBe(
      'Quero o bolo para amanhã, com sem nozes',
    );
  });
});
