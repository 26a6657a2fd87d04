/**
 * Which translated message a field error shows. "Too short" and "too long" state the rule
 * ("use 5 to 50 characters") when the form passes the field's bounds, read from the contract's
 * schema (the rule lives there only).
 */

export interface LengthRule {
  min: number;
  max: number;
}

/** A zod string schema's bounds (zod exposes them as `minLength`/`maxLength`), when it has both. */
export function lengthRule(schema: unknown): LengthRule | undefined {
  const { minLength, maxLength } = (schema ?? {}) as { minLength?: unknown; maxLength?: unknown };
  return typeof minLength === 'number' && typeof maxLength === 'number'
    ? { min: minLength, max: maxLength }
    : undefined;
}

export function fieldMessage(key: string, rule?: LengthRule): { key: string; values?: LengthRule } {
  if (rule && (key === 'tooShort' || key === 'tooLong')) return { key: `validation.${key}Rule`, values: rule };
  return { key: `validation.${key}` };
}
