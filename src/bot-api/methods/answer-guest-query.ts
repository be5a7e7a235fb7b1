import { defineMethod } from '../define-method.js';
import { readOneInlineResult } from '../inline-result-param.js';

/**
 * answerGuestQuery: the bot's answer to the message that summoned it into a chat it is not a member
 * of, sent once into that chat; SentGuestMessage. reference/bot-api-10.1.json; ADR 0047.
 */
export const answerGuestQuery = defineMethod('answerGuestQuery', async (ctx) => {
  const result = await readOneInlineResult(ctx);
  return ctx.platform.guest.answer(ctx.botId, ctx.values.guest_query_id, result);
});
