/**
 * The calendar speaks the user's language (operations §2: pt is Brazilian Portuguese): date-fns
 * locales behind react-big-calendar's date-fns localizer, the spec's agenda date `DD/MM ddd`
 * and times as HH:mm (operations §1).
 */
import { format, getDay, parse, startOfWeek } from 'date-fns';
import { enUS, es, ptBR } from 'date-fns/locale';
import { dateFnsLocalizer, type Formats } from 'react-big-calendar';

/** Culture names the localizer knows, by the app's language. */
const CULTURES = { pt: 'pt-BR', en: 'en-US', es: 'es' } as const;

export const localizer = dateFnsLocalizer({
  format,
  parse,
  startOfWeek,
  getDay,
  locales: { 'pt-BR': ptBR, 'en-US': enUS, es },
});

/** The localizer's culture for an i18next language (`pt`, `pt-BR`, `en-US` …); Portuguese by default. */
export function cultureOf(language: string | undefined): string {
  const base = (language ?? 'pt').slice(0, 2) as keyof typeof CULTURES;
  return Object.hasOwn(CULTURES, base) ? CULTURES[base] : CULTURES.pt;
}

const hhmm = 'HH:mm';

/** The short weekday as people write it (`sáb`, `Sat`): date-fns's pt-BR abbreviation is the whole word. */
const weekday = (date: Date, culture: string | undefined) =>
  new Intl.DateTimeFormat(culture ?? CULTURES.pt, { weekday: 'short' }).format(date).replace(/\.$/, '');

export const formats: Formats = {
  agendaDateFormat: (date, culture, loc) => `${loc!.format(date, 'dd/MM', culture)} ${weekday(date, culture)}`,
  agendaTimeFormat: hhmm,
  timeGutterFormat: hhmm,
  eventTimeRangeFormat: ({ start }, culture, loc) => loc!.format(start, hhmm, culture),
  agendaTimeRangeFormat: ({ start }, culture, loc) => loc!.format(start, hhmm, culture),
  dayFormat: (date, culture, loc) => `${weekday(date, culture)} ${loc!.format(date, 'dd/MM', culture)}`,
  dayHeaderFormat: 'EEEE, dd/MM/yyyy',
  dayRangeHeaderFormat: ({ start, end }, culture, loc) =>
    `${loc!.format(start, 'dd/MM', culture)} – ${loc!.format(end, 'dd/MM/yyyy', culture)}`,
  agendaHeaderFormat: ({ start, end }, culture, loc) =>
    `${loc!.format(start, 'dd/MM/yyyy', culture)} – ${loc!.format(end, 'dd/MM/yyyy', culture)}`,
};
