import { eq } from 'drizzle-orm';
import { maskSecret, type QueueIntegration } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import { queueIntegrations } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { wireMatches } from '../../platform/wire.js';
import { jsonWithMaskedKey } from './integration-content.js';

/** An integration's columns as the API shows them (its company is the caller's). */
export const integrationColumns = {
  id: queueIntegrations.id,
  type: queueIntegrations.type,
  name: queueIntegrations.name,
  projectName: queueIntegrations.projectName,
  jsonContent: queueIntegrations.jsonContent,
  language: queueIntegrations.language,
  urlN8N: queueIntegrations.urlN8N,
  typebotSlug: queueIntegrations.typebotSlug,
  typebotExpires: queueIntegrations.typebotExpires,
  typebotKeywordFinish: queueIntegrations.typebotKeywordFinish,
  typebotKeywordRestart: queueIntegrations.typebotKeywordRestart,
  typebotRestartMessage: queueIntegrations.typebotRestartMessage,
  typebotUnknownMessage: queueIntegrations.typebotUnknownMessage,
  typebotDelayMessage: queueIntegrations.typebotDelayMessage,
  signingSecret: queueIntegrations.signingSecret,
  createdAt: queueIntegrations.createdAt,
  updatedAt: queueIntegrations.updatedAt,
};
type Row = Pick<typeof queueIntegrations.$inferSelect, keyof typeof integrationColumns>;

/**
 * An integration as the API (and its event) shows it: a service account's `private_key` masked,
 * whatever the type (a key left from an earlier type is a secret still). The webhook's
 * `signingSecret` is shown in full: the admin copies it into the receiver, which checks with it.
 */
export const toView = (row: Row) => ({ ...row, jsonContent: jsonWithMaskedKey(row.jsonContent, maskSecret) });
export type QueueIntegrationView = ReturnType<typeof toView>;

/** One integration of the company as the API shows it, else 404. */
export async function loadIntegration(tx: Tx, id: number): Promise<QueueIntegrationView> {
  const [row] = await tx.select(integrationColumns).from(queueIntegrations).where(eq(queueIntegrations.id, id));
  if (!row) throw notFound('queue integration');
  return toView(row);
}

/** The integration's stored row (secrets in full), locked for a change, else 404. */
export async function lockIntegration(tx: Tx, id: number) {
  const [row] = await tx.select().from(queueIntegrations).where(eq(queueIntegrations.id, id)).for('update');
  if (!row) throw notFound('queue integration');
  return row;
}

wireMatches<QueueIntegrationView, QueueIntegration>(true);
