import { z } from 'zod';
import { editOf, numeric, orDefault, pageQuery, ref, text } from './common.js';

/**
 * AI prompts: an assistant that answers a queue's customers through any OpenAI-compatible
 * endpoint (`OPENAI_BASE_URL`) until it hands them to attendants. ARCHITECTURE.md, "Prompts".
 */

/**
 * The models the dialog offers, the default first; any other name the endpoint accepts is taken.
 * The spec's two (gpt-3.5-turbo-1106, retired by OpenAI, and gpt-4o-mini labelled "GPT 4.0")
 * stay readable for prompts saved with them.
 */
export const PROMPT_MODELS = [
  { value: 'gpt-4o-mini', label: 'GPT-4o mini' },
  { value: 'gpt-4o', label: 'GPT-4o' },
  { value: 'gpt-3.5-turbo-1106', label: 'GPT 3.5 turbo' },
] as const;

/** The answer's voice: `texto` (text only) or one of Azure's pt-BR neural voices. */
export const PROMPT_VOICES = [
  'texto',
  'pt-BR-FranciscaNeural',
  'pt-BR-AntonioNeural',
  'pt-BR-BrendaNeural',
  'pt-BR-DonatoNeural',
  'pt-BR-ElzaNeural',
  'pt-BR-FabioNeural',
  'pt-BR-GiovannaNeural',
  'pt-BR-HumbertoNeural',
  'pt-BR-JulioNeural',
  'pt-BR-LeilaNeural',
  'pt-BR-LeticiaNeural',
  'pt-BR-ManuelaNeural',
  'pt-BR-NicolauNeural',
  'pt-BR-ValerioNeural',
  'pt-BR-YaraNeural',
] as const;
export type PromptVoice = (typeof PROMPT_VOICES)[number];

/** A current, inexpensive model; 500 tokens hold a few WhatsApp paragraphs (100 cut answers short). */
export const PROMPT_DEFAULTS = {
  model: 'gpt-4o-mini',
  maxTokens: 500,
  temperature: 1,
  maxMessages: 10,
  voice: 'texto',
} as const;

/** What an answer says to hand the customer to attendants (it is not sent). */
export const PROMPT_TRANSFER_PHRASE = 'Ação: Transferir para o setor de atendimento';

export const PROMPT_MAX_TOKENS = 16_000;
export const PROMPT_MAX_MESSAGES = 50;


const promptFields = {
  name: text().trim().min(5, 'tooShort').max(100, 'tooLong'),
  prompt: text().trim().min(50, 'tooShort').max(20_000, 'tooLong'),
  model: orDefault(text().trim().min(1).max(100, 'tooLong'), PROMPT_DEFAULTS.model),
  maxTokens: orDefault(numeric(z.number().int().min(1).max(PROMPT_MAX_TOKENS)), PROMPT_DEFAULTS.maxTokens),
  temperature: orDefault(numeric(z.number().min(0).max(1)), PROMPT_DEFAULTS.temperature),
  /** The endpoint's key; answers carry it masked (secrets.ts), and the mask sent back keeps it. */
  apiKey: text().trim().min(1, 'required').max(500, 'tooLong'),
  /** The queue the customer moves to for attendants (the spec's "sector"). */
  queueId: ref('queues'),
  maxMessages: orDefault(numeric(z.number().int().min(1).max(PROMPT_MAX_MESSAGES)), PROMPT_DEFAULTS.maxMessages),
  voice: orDefault(z.enum(PROMPT_VOICES), PROMPT_DEFAULTS.voice),
  /** Azure Speech's key and region, for a voice other than `texto`; the key is answered masked. */
  voiceKey: text().trim().max(500, 'tooLong').optional().default(''),
  voiceRegion: text().trim().max(50, 'tooLong').optional().default(''),
};

/** `POST /prompt`. */
export const promptBody = z.object(promptFields);
export type PromptBody = z.infer<typeof promptBody>;

/** `PUT /prompt/{id}`: the fields given change. */
export const promptUpdateBody = editOf(promptBody);
export type PromptUpdateBody = z.infer<typeof promptUpdateBody>;

/** `GET /prompt`: prompts whose name contains `searchParam`, by name, 20 a page. */
export const promptsQuery = pageQuery;

export interface Prompt {
  id: number;
  name: string;
  prompt: string;
  model: string;
  maxTokens: number;
  temperature: number;
  /** Masked (secrets.ts). */
  apiKey: string;
  queueId: number | null;
  queue: { id: number; name: string; color: string } | null;
  maxMessages: number;
  voice: string;
  /** Masked. */
  voiceKey: string;
  voiceRegion: string;
  createdAt: string;
  updatedAt: string;
}

export interface PromptsPage {
  prompts: Prompt[];
  count: number;
  hasMore: boolean;
}
