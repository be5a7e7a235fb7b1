import { readUserId } from '../chat-params.js';
import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';

/**
 * getUserPersonalChatMessages: the last `limit` (1-20, required) posts of the public channel the
 * person shows on their profile (`POST /control/personal-chat`), oldest first, as this bot sees
 * them; a person without one has none (ADR 0048).
 */
export const getUserPersonalChatMessages = defineMethod('getUserPersonalChatMessages', async (ctx) => {
  const userId = readUserId(ctx);
  // The runner has refused an absent limit and one outside 1-20, but it reads the number trimmed:
  // " 5" passes it and reads here as 0 (as the reference's to_integer reads it), refused as before.
  const { limit } = ctx.values;
  if (limit < 1 || limit > 20) throw botApiError('PERSONAL_CHAT_LIMIT_INVALID');
  return ctx.platform.profiles.personalChatMessages(ctx.botId, userId, limit);
});
