import { describe, expect, it } from 'vitest';
import { contactsCsv, csvCell } from './csv';

describe('contacts CSV', () => {
  it('has a header and one ;-separated line per contact, CRLF, after a byte-order mark', () => {
    const text = contactsCsv([
      { name: 'Ana Souza', number: '5511911110001', email: 'ana@example.com' },
      { name: 'Bruno', number: '5511911110002', email: '' },
      { name: 'Carla', number: '5511911110003', email: '' },
    ]);
    expect(text).toBe(
      '\uFEFFname;number;email\r\n' +
        'Ana Souza;5511911110001;ana@example.com\r\n' +
        'Bruno;5511911110002;\r\n' +
        'Carla;5511911110003;\r\n',
    );
  });

  it('quotes cells with the separator, quotes or line breaks, doubling the quotes', () => {
    expect(csvCell('Silva; Ana')).toBe('"Silva; Ana"');
    expect(csvCell('Ana "Aninha" Souza')).toBe('"Ana ""Aninha"" Souza"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('plain, with comma')).toBe('plain, with comma');
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+5511')).toBe("'+5511");
    expect(csvCell('@ana')).toBe("'@ana");
    expect(csvCell('Ana-Maria')).toBe('Ana-Maria');
  });
});
