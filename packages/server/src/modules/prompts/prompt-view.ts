import { eq } from 'drizzle-orm';
import { maskSecret, type Prompt } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import { prompts, queues } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { wireMatches } from '../../platform/wire.js';

/** A prompt's columns with the queue its transfer goes to (none once that queue is deleted). */
export const promptColumns = {
  id: prompts.id,
  name: prompts.name,
  prompt: prompts.prompt,
  model: prompts.model,
  maxTokens: prompts.maxTokens,
  temperature: prompts.temperature,
  apiKey: prompts.apiKey,
  queueId: prompts.queueId,
  queue: { id: queues.id, name: queues.name, color: queues.color },
  maxMessages: prompts.maxMessages,
  voice: prompts.voice,
  voiceKey: prompts.voiceKey,
  voiceRegion: prompts.voiceRegion,
  createdAt: prompts.createdAt,
  updatedAt: prompts.updatedAt,
};

/** The select of prompts with their queue (row-level security keeps it to the caller's company). */
export const selectPrompts = (tx: Tx) =>
  tx.select(promptColumns).from(prompts).leftJoin(queues, eq(queues.id, prompts.queueId));

type Row = Awaited<ReturnType<ReturnType<typeof selectPrompts>['execute']>>[number];

/** The API and the events show the endpoint's and the voice's keys masked, never in full. */
export const toView = (row: Row) => ({ ...row, apiKey: maskSecret(row.apiKey), voiceKey: maskSecret(row.voiceKey) });
export type PromptView = ReturnType<typeof toView>;

/** One prompt of the company as the API shows it, else 404. */
export async function loadPrompt(tx: Tx, id: number): Promise<PromptView> {
  const [row] = await selectPrompts(tx).where(eq(prompts.id, id));
  if (!row) throw notFound('prompt');
  return toView(row);
}

/** The prompt's stored row (keys in full), locked for a change, else 404. */
export async function lockPrompt(tx: Tx, id: number) {
  const [row] = await tx.select().from(prompts).where(eq(prompts.id, id)).for('update');
  if (!row) throw notFound('prompt');
  return row;
}

wireMatches<PromptView, Prompt>(true);
