/**
 * The integration dialog's values and their mapping to the API body. Numbers and the flow are
 * typed as text; the body is validated with the contracts' schema, so the rules are the server's.
 * Each type sends its own fields (the others blank); n8n, webhook, typebot and flowbuilder send
 * the name as projectName (automation §5); flowbuilder's flow goes as `{"flowId": n}`.
 */
import type { FieldError, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  NAMED_PROJECT_TYPES,
  queueIntegrationBody,
  readFlowbuilderContent,
  TYPEBOT_DEFAULTS,
  type QueueIntegration,
  type QueueIntegrationBody,
  type QueueIntegrationType,
} from '@balcao/contracts';
import { withRequired } from '../../lib/forms';

export interface IntegrationFormValues {
  type: QueueIntegrationType;
  name: string;
  projectName: string;
  jsonContent: string;
  language: string;
  urlN8N: string;
  typebotSlug: string;
  typebotExpires: string;
  typebotDelayMessage: string;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotRestartMessage: string;
  typebotUnknownMessage: string;
  /** flowbuilder: the flow to start (sent inside jsonContent). */
  flowId: string;
}

export const NEW_INTEGRATION: IntegrationFormValues = {
  type: 'typebot',
  name: '',
  projectName: '',
  jsonContent: '',
  language: 'pt-BR',
  urlN8N: '',
  typebotSlug: '',
  typebotExpires: String(TYPEBOT_DEFAULTS.typebotExpires),
  typebotDelayMessage: String(TYPEBOT_DEFAULTS.typebotDelayMessage),
  typebotKeywordFinish: '',
  typebotKeywordRestart: '',
  typebotRestartMessage: '',
  typebotUnknownMessage: '',
  flowId: '',
};

export function fromIntegration(i: QueueIntegration): IntegrationFormValues {
  const flow = i.type === 'flowbuilder' ? readFlowbuilderContent(i.jsonContent) : undefined;
  return {
    type: i.type,
    name: i.name,
    projectName: i.projectName,
    jsonContent: i.type === 'dialogflow' ? i.jsonContent : '',
    language: i.language || 'pt-BR',
    urlN8N: i.urlN8N,
    typebotSlug: i.typebotSlug,
    typebotExpires: String(i.typebotExpires),
    typebotDelayMessage: String(i.typebotDelayMessage),
    typebotKeywordFinish: i.typebotKeywordFinish,
    typebotKeywordRestart: i.typebotKeywordRestart,
    typebotRestartMessage: i.typebotRestartMessage,
    typebotUnknownMessage: i.typebotUnknownMessage,
    flowId: flow ? String(flow.flowId) : '',
  };
}

/** A typed number, or the default when left blank (or the type has no such field). */
const numberOr = (v: string, fallback: number) => (v.trim() === '' ? fallback : Number(v));

/** The API body: the type's own fields, the others blank. */
export function toBody(v: IntegrationFormValues): QueueIntegrationBody {
  const { type } = v;
  const typebot = type === 'typebot';
  const url = type === 'typebot' || type === 'n8n' || type === 'webhook';
  return {
    type,
    name: v.name,
    projectName: NAMED_PROJECT_TYPES.includes(type) ? v.name.trim() : v.projectName,
    jsonContent:
      type === 'dialogflow'
        ? v.jsonContent
        : type === 'flowbuilder' && v.flowId
          ? JSON.stringify({ flowId: Number(v.flowId) })
          : '',
    language: (type === 'dialogflow' ? v.language : 'pt-BR') as QueueIntegrationBody['language'],
    urlN8N: url ? v.urlN8N.trim() : '',
    typebotSlug: typebot ? v.typebotSlug : '',
    typebotExpires: typebot
      ? numberOr(v.typebotExpires, TYPEBOT_DEFAULTS.typebotExpires)
      : TYPEBOT_DEFAULTS.typebotExpires,
    typebotDelayMessage: typebot
      ? numberOr(v.typebotDelayMessage, TYPEBOT_DEFAULTS.typebotDelayMessage)
      : TYPEBOT_DEFAULTS.typebotDelayMessage,
    typebotKeywordFinish: typebot ? v.typebotKeywordFinish : '',
    typebotKeywordRestart: typebot ? v.typebotKeywordRestart : '',
    typebotRestartMessage: typebot ? v.typebotRestartMessage : '',
    typebotUnknownMessage: typebot ? v.typebotUnknownMessage : '',
  };
}

/** A body field's error as the form shows it: flowbuilder's jsonContent is its flow picker. */
export const formField = (type: QueueIntegrationType, field: string) =>
  type === 'flowbuilder' && field === 'jsonContent' ? 'flowId' : field;

const inner = withRequired(zodResolver(queueIntegrationBody)) as unknown as Resolver<Record<string, unknown>>;

/** Validates the mapped body; errors land under the form's fields. */
export const integrationResolver: Resolver<IntegrationFormValues> = async (values, context, options) => {
  const result = await inner(toBody(values) as unknown as Record<string, unknown>, context, options as never);
  const errors = Object.entries(result.errors as Record<string, FieldError>);
  if (errors.length === 0) return { values, errors: {} };
  return {
    values: {},
    errors: Object.fromEntries(errors.map(([field, error]) => [formField(values.type, field), error])),
  };
};
