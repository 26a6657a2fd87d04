/**
 * The prompt dialog's values and their mapping to the API body, validated with the contracts'
 * schema (the rules are the server's). A prompt without a queue gets the spec's sector error.
 */
import type { FieldError, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PROMPT_DEFAULTS, promptBody, type Prompt, type PromptBody, type PromptVoice } from '@balcao/contracts';
import { withRequired } from '../../lib/forms';

export interface PromptFormValues {
  name: string;
  prompt: string;
  model: string;
  maxTokens: string;
  temperature: number;
  apiKey: string;
  queueId: string;
  maxMessages: string;
  voice: PromptVoice;
  voiceKey: string;
  voiceRegion: string;
}

export const NEW_PROMPT: PromptFormValues = {
  name: '',
  prompt: '',
  model: PROMPT_DEFAULTS.model,
  maxTokens: String(PROMPT_DEFAULTS.maxTokens),
  temperature: PROMPT_DEFAULTS.temperature,
  apiKey: '',
  queueId: '',
  maxMessages: String(PROMPT_DEFAULTS.maxMessages),
  voice: PROMPT_DEFAULTS.voice,
  voiceKey: '',
  voiceRegion: '',
};

export const fromPrompt = (p: Prompt): PromptFormValues => ({
  name: p.name,
  prompt: p.prompt,
  model: p.model,
  maxTokens: String(p.maxTokens),
  temperature: p.temperature,
  apiKey: p.apiKey,
  queueId: p.queueId == null ? '' : String(p.queueId),
  maxMessages: String(p.maxMessages),
  voice: p.voice as PromptVoice,
  voiceKey: p.voiceKey,
  voiceRegion: p.voiceRegion,
});

/** The API body; a text answer needs no Azure key or region. */
export function toBody(v: PromptFormValues): PromptBody {
  const spoken = v.voice !== 'texto';
  return {
    name: v.name,
    prompt: v.prompt,
    model: v.model.trim(),
    maxTokens: v.maxTokens as unknown as number,
    temperature: v.temperature,
    apiKey: v.apiKey,
    queueId: v.queueId as unknown as number,
    maxMessages: v.maxMessages as unknown as number,
    voice: v.voice,
    voiceKey: spoken ? v.voiceKey : '',
    voiceRegion: spoken ? v.voiceRegion : '',
  };
}

const inner = withRequired(zodResolver(promptBody)) as unknown as Resolver<Record<string, unknown>>;

/** Validates the mapped body; errors land under the form's fields (same names). */
export const promptResolver: Resolver<PromptFormValues> = async (values, context, options) => {
  const result = await inner(toBody(values) as unknown as Record<string, unknown>, context, options as never);
  const errors = { ...(result.errors as Record<string, FieldError>) };
  if (values.queueId === '') errors.queueId = { type: 'required', message: 'sectorRequired' };
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};
