import { describe, expect, it } from 'vitest';
import { csvCell, csvText } from './csv.js';

describe('CSV', () => {
  it('joins cells with ; and lines with CRLF after a byte-order mark; an empty row is a blank line', () => {
    expect(csvText([['a', 1, true], [], ['b', null, 2.5]])).toBe('\uFEFFa;1;true\r\n\r\nb;;2.5\r\n');
  });

  it('quotes cells with the separator, quotes or line breaks, doubling the quotes', () => {
    expect(csvCell('Silva; Ana')).toBe('"Silva; Ana"');
    expect(csvCell('Ana "Aninha" Souza')).toBe('"Ana ""Aninha"" Souza"');
    expect(csvCell('line\r\nbreak')).toBe('"line\r\nbreak"');
  });

  it('defuses text a spreadsheet would run as a formula, not numbers', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell(-2)).toBe('-2');
  });
});
