/**
 * The connection form's values and their mapping to the API body. Numbers are typed as text;
 * the shared schemas (connectionBody / connectionUpdateBody) validate the mapped body, so the
 * rules are the server's (name 2–50, minutes ≥ 0 …).
 */
import type { FieldError, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Connection, connectionBody, DEFAULT_RATING_MESSAGE, connectionUpdateBody, type Provider } from '@balcao/contracts';
import { withRequired } from '../../lib/forms';

export interface ConnectionFormValues {
  name: string;
  provider: Provider;
  isDefault: boolean;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  expiresInactiveMessage: string;
  expiresTicket: string;
  timeUseBotQueues: string;
  maxUseBotQueues: string;
  timeToTransfer: string;
  transferQueueId: string;
  integrationId: string;
  promptId: string;
  queueIds: number[];
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  wabaId: string;
  messagesPerSecond: string;
}

export const EMPTY_CONNECTION: ConnectionFormValues = {
  name: '',
  provider: 'beta',
  isDefault: false,
  greetingMessage: '',
  complationMessage: '',
  outOfHoursMessage: '',
  // The question with its scale: the server reads the reply on the scale the text asks.
  ratingMessage: DEFAULT_RATING_MESSAGE,
  expiresInactiveMessage: '',
  expiresTicket: '0',
  timeUseBotQueues: '0',
  maxUseBotQueues: '3',
  timeToTransfer: '',
  transferQueueId: '',
  integrationId: '',
  promptId: '',
  queueIds: [],
  phoneNumberId: '',
  accessToken: '',
  appSecret: '',
  verifyToken: '',
  wabaId: '',
  messagesPerSecond: '80',
};

const masked = (v: string | null | undefined) => !v || v.startsWith('••••');

export function fromConnection(w: Connection): ConnectionFormValues {
  return {
    name: w.name,
    provider: w.provider,
    isDefault: w.isDefault,
    greetingMessage: w.greetingMessage ?? '',
    complationMessage: w.complationMessage ?? '',
    outOfHoursMessage: w.outOfHoursMessage ?? '',
    ratingMessage: w.ratingMessage ?? '',
    expiresInactiveMessage: w.expiresInactiveMessage ?? '',
    expiresTicket: String(w.expiresTicket ?? 0),
    timeUseBotQueues: String(w.timeUseBotQueues ?? 0),
    maxUseBotQueues: String(w.maxUseBotQueues ?? 3),
    timeToTransfer: w.timeToTransfer == null ? '' : String(w.timeToTransfer),
    transferQueueId: w.transferQueueId == null ? '' : String(w.transferQueueId),
    integrationId: w.integrationId == null ? '' : String(w.integrationId),
    promptId: w.promptId == null ? '' : String(w.promptId),
    queueIds: w.queueIds ?? (w.queues ?? []).map((q) => q.id),
    phoneNumberId: w.phoneNumberId ?? '',
    // Secrets come masked: the fields stay blank, and blank keeps them.
    accessToken: masked(w.accessToken) ? '' : (w.accessToken ?? ''),
    appSecret: masked(w.appSecret) ? '' : (w.appSecret ?? ''),
    verifyToken: w.verifyToken ?? '',
    wabaId: w.wabaId ?? '',
    messagesPerSecond: String(w.messagesPerSecond ?? 80),
  };
}

const blankToUndefined = (v: string) => (v.trim() === '' ? undefined : v.trim());

/** The API body of the form (what the schemas then check). */
export function toBody(v: ConnectionFormValues, isEdit: boolean): Record<string, unknown> {
  const cloud = v.provider === 'cloud';
  return {
    name: v.name,
    ...(isEdit ? {} : { provider: v.provider }),
    isDefault: v.isDefault,
    greetingMessage: v.greetingMessage,
    complationMessage: v.complationMessage,
    outOfHoursMessage: v.outOfHoursMessage,
    ratingMessage: v.ratingMessage,
    expiresInactiveMessage: v.expiresInactiveMessage,
    expiresTicket: v.expiresTicket,
    timeUseBotQueues: v.timeUseBotQueues,
    maxUseBotQueues: v.maxUseBotQueues,
    timeToTransfer: v.timeToTransfer.trim() === '' ? null : v.timeToTransfer,
    transferQueueId: v.transferQueueId === '' ? null : Number(v.transferQueueId),
    integrationId: v.integrationId === '' ? null : Number(v.integrationId),
    promptId: v.promptId === '' ? null : Number(v.promptId),
    queueIds: v.queueIds,
    ...(cloud
      ? {
          phoneNumberId: blankToUndefined(v.phoneNumberId),
          accessToken: blankToUndefined(v.accessToken),
          appSecret: blankToUndefined(v.appSecret),
          verifyToken: blankToUndefined(v.verifyToken),
          // Blank clears it (no templates then).
          wabaId: v.wabaId.trim(),
          messagesPerSecond: blankToUndefined(v.messagesPerSecond),
        }
      : {}),
  };
}

const CLOUD_REQUIRED = ['phoneNumberId', 'accessToken', 'appSecret'] as const;

/**
 * Validates the mapped body with the shared schema; errors land under the form's fields (same
 * names). The submit handler receives the values; it maps them again with `toBody`.
 */
export function connectionResolver(isEdit: boolean): Resolver<ConnectionFormValues> {
  const inner = withRequired(zodResolver(isEdit ? connectionUpdateBody : connectionBody)) as unknown as Resolver<
    Record<string, unknown>
  >;
  return async (values, context, options) => {
    const result = await inner(toBody(values, isEdit), context, options as never);
    const errors: Record<string, FieldError> = { ...(result.errors as Record<string, FieldError>) };
    // A new Cloud API connection needs its credentials (the server says the same).
    if (!isEdit && values.provider === 'cloud') {
      for (const key of CLOUD_REQUIRED) {
        if (!values[key].trim()) errors[key] ??= { type: 'required', message: 'required' };
      }
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}
