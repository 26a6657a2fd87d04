import { describe, expect, it } from 'vitest';
import { maskSecret } from '@balcao/contracts';
import { editedSecret } from './editedSecret';

describe('editing a masked secret', () => {
  const mask = maskSecret('sk-0123456789abcdefWXYZ');

  it('keeps the mask while untouched, and edits a plain value as typed', () => {
    expect(editedSecret(mask, mask)).toBe(mask);
    expect(editedSecret('sk-a', 'sk-ab')).toBe('sk-ab');
    expect(editedSecret('', 'x')).toBe('x');
  });

  it('typed after the mask: the typed text alone, never the mask plus a suffix', () => {
    expect(editedSecret(mask, `${mask}n`)).toBe('n');
  });

  it('a deletion inside the mask empties the field; a paste over it is the new secret', () => {
    expect(editedSecret(mask, mask.slice(0, -1))).toBe('');
    expect(editedSecret(mask, 'sk-new-key')).toBe('sk-new-key');
  });
});
