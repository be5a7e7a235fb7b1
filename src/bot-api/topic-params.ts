/**
 * What the forum topic methods share: the calling bot in the chat it names (as the platform's
 * Acting) and message_thread_id, read leniently as the reference reads message ids (absent: 0,
 * which the platform refuses as an invalid thread identifier).
 */
import { botInChat } from './chat-params.js';
import type { MethodContext } from './method-context.js';
import type { Acting } from '../platform/chats/group-context.js';

export async function topicActing(ctx: MethodContext): Promise<Acting> {
  return botInChat(ctx);
}

export function threadId({ params }: MethodContext): number {
  return params.int('message_thread_id') ?? 0;
}
