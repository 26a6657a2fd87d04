import { describe, expect, it } from 'vitest';
import { previewImport } from './importPreview';

describe('import preview', () => {
  it('adds up the server’s reading of each row: counts, and the first rows as typed and as they will be stored', () => {
    const rows = [
      { name: 'Ana', number: '(11) 94444-3333', email: null },
      { name: 'Bruno', number: 5511955554444, email: null },
      { name: 'Davi', number: '(11) 04444-3333', email: null },
      { name: 'X', number: '(11) 93333-2222', email: null },
      { name: 'Eva', number: '+1 415 555 2671', email: 'eva@example.com' },
      { name: null, number: '(21) 8765-4321', email: null },
    ];
    const answers = [
      { number: '5511944443333', error: null },
      { number: '5511955554444', error: null },
      { number: null, error: 'number.invalidNumber' },
      { number: null, error: 'name.tooShort' },
      { number: '14155552671', error: null },
      { number: null, error: 'name.tooShort' },
    ];
    expect(previewImport(rows, answers)).toEqual({
      total: 6,
      ready: 3,
      refused: 3,
      sample: [
        { name: 'Ana', typed: '(11) 94444-3333', stored: '5511944443333', error: null },
        { name: 'Bruno', typed: '5511955554444', stored: '5511955554444', error: null },
        { name: 'Davi', typed: '(11) 04444-3333', stored: null, error: 'number.invalidNumber' },
        { name: 'X', typed: '(11) 93333-2222', stored: null, error: 'name.tooShort' },
        { name: 'Eva', typed: '+1 415 555 2671', stored: '14155552671', error: null },
      ],
    });
  });

  it('an empty sheet has nothing to show', () => {
    expect(previewImport([], [])).toEqual({ total: 0, ready: 0, refused: 0, sample: [] });
  });
});
