import { AppError } from '../../platform/errors.js';

/**
 * The greeting rule, one place for both sides of it: where a customer must choose between
 * several queues they have to be greeted first. A connection with more than one queue needs
 * its greeting; a queue saved while its company has more than one queue needs its own.
 */
export function assertGreeting(queueCount: number, greeting: string | null | undefined, what: 'connection' | 'queue') {
  if (queueCount > 1 && !greeting?.trim()) {
    throw new AppError(
      'ERR_WAPP_GREETING_REQUIRED',
      what === 'connection'
        ? 'A connection with more than one queue needs a greeting message'
        : 'A queue needs a greeting message when the company has more than one queue',
    );
  }
}
