import { describe, expect, it } from 'vitest';
import { cultureOf, formats, localizer } from './calendarLocale';

describe('the calendar’s language', () => {
  it('maps the app’s languages to date-fns locales, Portuguese as Brazilian Portuguese', () => {
    expect(cultureOf('pt')).toBe('pt-BR');
    expect(cultureOf('pt-BR')).toBe('pt-BR');
    expect(cultureOf('en')).toBe('en-US');
    expect(cultureOf('es')).toBe('es');
    expect(cultureOf('fr')).toBe('pt-BR');
    expect(cultureOf(undefined)).toBe('pt-BR');
  });

  it('shows agenda dates as DD/MM ddd in the user’s language', () => {
    const saturday = new Date(2025, 5, 14, 9, 30);
    const agenda = formats.agendaDateFormat as (d: Date, culture: string, loc: typeof localizer) => string;
    expect(agenda(saturday, 'pt-BR', localizer)).toBe('14/06 sáb');
    expect(agenda(saturday, 'en-US', localizer)).toBe('14/06 Sat');
    expect(agenda(saturday, 'es', localizer)).toBe('14/06 sáb');
  });
});
