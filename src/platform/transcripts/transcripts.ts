/**
 * Transcripts for snapshot tests (ADR 0059): a chat's history as a person sees it, normalised
 * (normalise.ts), as text (render.ts) or as the normalised Message objects.
 */
import type { Platform } from '../assembly/platform.js';
import { normaliseMessages, type NormalisedMessage } from './normalise.js';
import { renderTranscript } from './render.js';

export type Transcript = { format: 'text'; text: string } | { format: 'json'; messages: NormalisedMessage[] };

export async function chatTranscript(
  platform: Platform,
  query: { user: string; chat: string; format: 'text' | 'json'; limit: number },
): Promise<Transcript> {
  const messages = await platform.messages.listForUser(query.user, query.chat, query.limit);
  const normalised = normaliseMessages(messages);
  return query.format === 'json'
    ? { format: 'json', messages: normalised }
    : { format: 'text', text: renderTranscript(normalised) };
}
