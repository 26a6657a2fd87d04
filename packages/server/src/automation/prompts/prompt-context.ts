import { sql, type SQL } from 'drizzle-orm';
import type { MediaType } from '@balcao/contracts';
import type { ChatTurn } from './openai-client.js';

/** A message of the ticket that may go to the model. */
export interface ContextRow {
  id: number;
  fromMe: boolean;
  body: string;
  mediaType: MediaType;
  mediaUrl: string | null;
  mediaName: string | null;
}

/**
 * SQL: the ticket's last `limit` messages up to `upTo`, oldest first, as a jsonb array of
 * `ContextRow`s — those that say something: not deleted, not a call's record, not an outbound
 * message the provider refused, with a text — or a customer's voice note not transcribed yet
 * (its text comes first, ai-turn.ts). Read with the turn's ticket (ai-turn-read.ts).
 */
export const contextSql = (ticketId: SQL, upTo: SQL, limit: SQL): SQL => sql`(
  select coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'fromMe', c.from_me, 'body', c.body,
      'mediaType', c.media_type, 'mediaUrl', c.media_url, 'mediaName', c.media_name) order by c.id), '[]')
  from (
    select id, from_me, body, media_type, media_url, media_name from messages
    where ticket_id = ${ticketId} and id <= ${upTo} and not is_deleted and media_type <> 'call_log'
      and not (from_me and error is not null)
      and (btrim(body) <> '' or (media_type = 'audio' and not from_me and media_url is not null))
    order by id desc
    limit ${limit}) c)`;

/** A customer's voice note whose text is not known yet. */
export const needsTranscription = (m: ContextRow) =>
  !m.fromMe && m.mediaType === 'audio' && m.mediaUrl !== null && m.body.trim() === '';

/**
 * What the model reads: the prompt as the system message, then the messages in order — the
 * customer's as `user`, ours (attendants' and automated) as `assistant`; a transcribed voice note
 * as its text. A file we sent whose body is only its name says nothing and is left out.
 */
export function chatMessages(system: string, rows: ContextRow[], transcripts: Map<number, string>): ChatTurn[] {
  const turns: ChatTurn[] = [{ role: 'system', content: system }];
  for (const m of rows) {
    const content = (transcripts.get(m.id) ?? m.body).trim();
    if (!content) continue;
    if (m.fromMe && m.mediaType !== 'chat' && content === m.mediaName?.trim()) continue;
    turns.push({ role: m.fromMe ? 'assistant' : 'user', content });
  }
  return turns;
}
