import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@balcao/contracts';
import { findPgError } from './database-refusals.js';

/** A refusal the client can act on. Anything else thrown is an internal error (logged, 500). */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    opts: {
      status?: number;
      fields?: Record<string, string>;
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.status = opts.status ?? ERROR_STATUS[code];
    this.fields = opts.fields;
    this.extra = opts.extra;
    this.headers = opts.headers;
  }
  readonly fields?: Record<string, string>;
  /** Headers of the answer (e.g. `retry-after` of a 429). */
  readonly headers?: Record<string, string>;
  /** Additional keys of the body (e.g. the existing `ticket` of ERR_OTHER_OPEN_TICKET). */
  readonly extra?: Record<string, unknown>;

  body(): ErrorBody & Record<string, unknown> {
    return { ...this.extra, error: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) };
  }
}

export const notFound = (what = 'record') => new AppError('ERR_NOT_FOUND', `${what} not found`);
export const noPermission = (why = 'You do not have permission for this action') =>
  new AppError('ERR_NO_PERMISSION', why);
export const invalid = (fields: Record<string, string>, message = 'Invalid data') =>
  new AppError('ERR_VALIDATION', `${message}: ${Object.keys(fields).join(', ')}`, { fields });

/** PostgreSQL unique violation (23505): the unique index is the check, never a prior select. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = findPgError(err);
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

/** PostgreSQL foreign key violation (23503). */
export function isForeignKeyViolation(err: unknown): boolean {
  return findPgError(err)?.code === '23503';
}

