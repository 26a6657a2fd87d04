import { wallClock } from '../../platform/wall-clock.js';

/**
 * Message variables (foundation §3): placeholders an outgoing text may carry, filled in when it
 * is queued. Syntax: the name between double braces, spaces inside allowed — `{{firstName}}`,
 * `{{ name }}`. Names are case-sensitive; an unknown placeholder is left as written.
 *
 * | placeholder     | value                                                          |
 * |-----------------|----------------------------------------------------------------|
 * | `{{firstName}}` | the contact's first name (first word of the name)              |
 * | `{{name}}`      | the contact's full name                                        |
 * | `{{ms}}`        | greeting by the time of day: Bom dia (05–11), Boa tarde (12–17), Boa noite (18–04) |
 * | `{{protocol}}`  | yyyyMMdd of today followed by the ticket id (e.g. 2025061442)  |
 * | `{{date}}`      | today as dd/MM/yyyy                                            |
 * | `{{hora}}`      | now as HH:mm                                                   |
 *
 * Times are the company's (`companies.timezone`); an unknown zone falls back to São Paulo.
 */
export interface VariableContext {
  contactName: string;
  ticketId: number;
  timeZone: string;
  now?: Date;
}

export const MESSAGE_VARIABLES = ['firstName', 'name', 'ms', 'protocol', 'date', 'hora'] as const;

function localParts(now: Date, timeZone: string) {
  const d = new Date(wallClock(now.getTime(), timeZone));
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    year: String(d.getUTCFullYear()),
    month: two(d.getUTCMonth() + 1),
    day: two(d.getUTCDate()),
    hour: two(d.getUTCHours()),
    minute: two(d.getUTCMinutes()),
  };
}

export function greetingFor(hour: number): string {
  if (hour >= 5 && hour < 12) return 'Bom dia';
  if (hour >= 12 && hour < 18) return 'Boa tarde';
  return 'Boa noite';
}

/** The values of every variable for one contact and ticket, at `now`. */
export function messageVariables(ctx: VariableContext): Record<(typeof MESSAGE_VARIABLES)[number], string> {
  const p = localParts(ctx.now ?? new Date(), ctx.timeZone);
  const name = ctx.contactName.trim();
  return {
    firstName: name.split(/\s+/)[0] ?? '',
    name,
    ms: greetingFor(Number(p.hour)),
    protocol: `${p.year}${p.month}${p.day}${ctx.ticketId}`,
    date: `${p.day}/${p.month}/${p.year}`,
    hora: `${p.hour}:${p.minute}`,
  };
}

/** `text` with every known `{{variable}}` replaced by its value. */
export function applyMessageVariables(text: string, ctx: VariableContext): string {
  if (!text.includes('{{')) return text;
  const values: Record<string, string> = messageVariables(ctx);
  return text.replace(/\{\{\s*([A-Za-z]+)\s*\}\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? values[key]! : whole,
  );
}
