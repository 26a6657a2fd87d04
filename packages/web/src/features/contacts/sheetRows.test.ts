import { describe, expect, it } from 'vitest';
import { chunks, sheetRows } from './sheetRows';

describe('sheet rows', () => {
  it('reads the columns a header names, in any order and language, skipping empty rows', () => {
    expect(
      sheetRows([
        ['E-mail', 'Número', 'Nome', 'Notes'],
        ['ana@example.com', 5511911110001, ' Ana Souza ', 'x'],
        [null, null, null, null],
        ['', '+55 11 91111-0002', 'Bruno', null],
      ]),
    ).toEqual([
      { name: 'Ana Souza', number: 5511911110001, email: 'ana@example.com' },
      { name: 'Bruno', number: '+55 11 91111-0002', email: null },
    ]);
    expect(
      sheetRows([
        ['NOMBRE', 'Teléfono'],
        ['Carla', '5511911110003'],
      ]),
    ).toEqual([{ name: 'Carla', number: '5511911110003', email: null }]);
  });

  it('without a known header reads A name, B number, C email from the first row', () => {
    expect(
      sheetRows([
        ['Ana', 5511911110001, 'ana@example.com'],
        ['Bruno', '5511911110002'],
      ]),
    ).toEqual([
      { name: 'Ana', number: 5511911110001, email: 'ana@example.com' },
      { name: 'Bruno', number: '5511911110002', email: null },
    ]);
    expect(sheetRows([])).toEqual([]);
  });

  it('splits rows into upload chunks of 200', () => {
    const parts = chunks(Array.from({ length: 1000 }, (_, i) => i));
    expect(parts.map((p) => p.length)).toEqual([200, 200, 200, 200, 200]);
    expect(chunks([1, 2, 3], 2)).toEqual([[1, 2], [3]]);
  });
});
