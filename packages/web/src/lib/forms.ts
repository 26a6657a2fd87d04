/**
 * Form helpers around react-hook-form and the shared zod schemas (ARCHITECTURE §4.2: the rules
 * are written once, in @balcao/contracts). Schema messages are i18n keys under `validation.`.
 */
import type { FieldError, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from './api';
import { fieldMessage, type LengthRule } from './fieldMessage';

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A resolver whose errors on blank fields read "required" rather than "too short". */
export function withRequired<T extends FieldValues, C, O>(resolver: Resolver<T, C, O>): Resolver<T, C, O> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const errors = result.errors as Record<string, FieldError | undefined>;
    for (const [key, error] of Object.entries(errors)) {
      if (error && isBlank((values as Record<string, unknown>)[key])) {
        errors[key] = { ...error, message: 'required' };
      }
    }
    return result;
  };
}

/**
 * Translates a field error's key (tooShort, invalidEmail …); unknown keys read "invalid". Given
 * the field's length rule (`lengthRule(schema.shape.x)`), too short / too long state it.
 */
export function useFieldError() {
  const { t, i18n } = useTranslation();
  return (error: { message?: string } | undefined, rule?: LengthRule): string | undefined => {
    if (!error?.message) return undefined;
    const { key, values } = fieldMessage(error.message, rule);
    return i18n.exists(key) ? t(key, { ...values }) : t('validation.invalid');
  };
}

/**
 * Puts a 400 ERR_VALIDATION answer's `fields` under the form's fields. Returns true when the
 * error was handled that way (no toast needed).
 */
export function applyServerErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>): boolean {
  if (!isApiError(err) || err.code !== 'ERR_VALIDATION' || !err.fields) return false;
  const entries = Object.entries(err.fields);
  if (entries.length === 0) return false;
  entries.forEach(([field, message], i) =>
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: i === 0 }),
  );
  return true;
}
