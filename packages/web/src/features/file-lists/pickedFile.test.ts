import { describe, expect, it } from 'vitest';
import { checkPickedFile } from './pickedFile';

const fileOf = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('checkPickedFile', () => {
  it('takes the accepted types, by the browser’s word or the extension (.opus as Ogg)', () => {
    expect(checkPickedFile(fileOf('a.png', 'image/png'))).toMatchObject({ file: { type: 'image/png' } });
    expect(checkPickedFile(fileOf('voz.opus', 'audio/opus'))).toMatchObject({ file: { type: 'audio/ogg' } });
    expect(checkPickedFile(fileOf('tabela.PDF', ''))).toMatchObject({ file: { type: 'application/pdf' } });
  });

  it('refuses other types and files past their kind’s limit', () => {
    expect(checkPickedFile(fileOf('a.gif', 'image/gif'))).toEqual({ error: 'unsupportedType' });
    expect(checkPickedFile(fileOf('a.exe', ''))).toEqual({ error: 'unsupportedType' });
    expect(checkPickedFile(fileOf('a.png', 'image/png', 2 * 1024 * 1024 + 1))).toEqual({ error: 'tooLarge', maxMb: 2 });
    expect(checkPickedFile(fileOf('a.pdf', 'application/pdf', 2 * 1024 * 1024 + 1))).toHaveProperty('file');
  });
});
