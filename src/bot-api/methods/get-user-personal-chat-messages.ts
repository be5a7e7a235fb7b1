import { readUserId } from '../chat-params.js';
import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';

/**
 * getUserPersonalChatMessages: the last `limit` (1-20, required) posts of the public channel the
 * person shows on their profile (`POST /control/personal-chat`), oldest first, as this bot sees
 * them; a person without one has none (ADR 0048).
 */
export async function getUserPersonalChatMessages(ctx: MethodContext) {
  const userId = readUserId(ctx);
  const limit = ctx.params.int('limit');
  if (limit === undefined || limit < 1 || limit > 20) throw botApiError('PERSONAL_CHAT_LIMIT_INVALID');
  return ctx.platform.profiles.personalChatMessages(ctx.botId, userId, limit);
}
