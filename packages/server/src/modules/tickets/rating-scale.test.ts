import { describe, expect, it } from 'vitest';
import { DEFAULT_RATING_MESSAGE } from '@balcao/contracts';
import { ratingOf, ratingRequest, ratingScale } from './rating-scale.js';

describe('the rating scale in the connection text', () => {
  it('is read from a range or from the options the text lists', () => {
    expect(ratingScale('Responda de 1 a 5')).toBe(5);
    expect(ratingScale('Rate us from 1 to 10, please')).toBe(10);
    expect(ratingScale('Califique entre 1 y 4')).toBe(4);
    expect(ratingScale('Nota 1-5')).toBe(5);
    expect(ratingScale('Como foi? Responda 1, 2 ou 3.')).toBe(3);
    expect(ratingScale('Avalie:\n*1* - Ruim\n*2* - Bom\n*3* - Ótimo\n*4* - Excelente')).toBe(4);
  });

  it('names none in a text without one (hours, dates and decimals are not options)', () => {
    for (const text of ['Como foi nosso atendimento, {{firstName}}?', 'Abrimos às 10:30 em 1/2', 'Nota 1,5', '', '1º lugar'])
      expect(ratingScale(text)).toBeUndefined();
  });

  it('appends the spec scale only to a text that names none', () => {
    expect(ratingRequest(' Como foi? ')).toBe('Como foi?\n\n*1* - _Insatisfeito_\n*2* - _Satisfeito_\n*3* - _Muito satisfeito_');
    expect(ratingRequest('Responda de 1 a 5 ')).toBe('Responda de 1 a 5');
    // The web form's default text carries its own 1–3 scale.
    expect(ratingScale(DEFAULT_RATING_MESSAGE)).toBe(3);
    expect(ratingRequest(DEFAULT_RATING_MESSAGE)).toBe(DEFAULT_RATING_MESSAGE);
  });
});

describe('a rating reply', () => {
  it('is one whole number from 1 to 3 when the text names no scale', () => {
    expect(['1', ' 2 ', '3.', '3\n'].map((b) => ratingOf(b))).toEqual([1, 2, 3, 3]);
    for (const body of ['0', '4', '12', 'nota 3', 'três', '', '2.5']) expect(ratingOf(body)).toBeUndefined();
  });

  it('accepts what the text asks, stored on the 1–3 scale', () => {
    const text = 'Responda de 1 a 5';
    expect(['1', '2', '3', '4', '5'].map((b) => ratingOf(b, text))).toEqual([1, 2, 2, 3, 3]);
    expect(ratingOf('6', text)).toBeUndefined();
    expect(ratingOf('3', 'Digite 1 ou 2')).toBeUndefined();
    expect(['1', '2'].map((b) => ratingOf(b, 'Digite 1 ou 2'))).toEqual([1, 3]);
  });
});
