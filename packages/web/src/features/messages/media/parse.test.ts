import { describe, expect, it } from 'vitest';
import { parseLocation, parseVCards } from './parse';

describe('special message bodies', () => {
  it('location: the map link, then its lines', () => {
    expect(parseLocation('https://maps.google.com/maps?q=1%2C2&z=17\nPadaria\nRua A, 1')).toEqual({
      link: 'https://maps.google.com/maps?q=1%2C2&z=17',
      lines: ['Padaria', 'Rua A, 1'],
    });
    expect(parseLocation('somewhere')).toEqual({ link: null, lines: ['somewhere'] });
  });

  it('vcards: name and numbers of each card', () => {
    const body = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Lima;Zé;;;',
      'TEL;type=CELL;waid=5511999990000:+55 11 99999-0000',
      'END:VCARD',
      'BEGIN:VCARD',
      'FN:Ana Souza',
      'item1.TEL;waid=5511888880000:+55 11 88888-0000',
      'END:VCARD',
    ].join('\n');
    expect(parseVCards(body)).toEqual([
      { name: 'Zé Lima', numbers: ['+55 11 99999-0000'] },
      { name: 'Ana Souza', numbers: ['+55 11 88888-0000'] },
    ]);
  });
});
