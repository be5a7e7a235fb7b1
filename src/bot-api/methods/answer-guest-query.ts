import { readOneInlineResult } from '../inline-result-param.js';
import type { MethodContext } from '../method-context.js';

/**
 * answerGuestQuery: the bot's answer to the message that summoned it into a chat it is not a member
 * of, sent once into that chat; SentGuestMessage. reference/bot-api-10.1.json; ADR 0047.
 */
export async function answerGuestQuery(ctx: MethodContext) {
  const result = await readOneInlineResult(ctx);
  const id = ctx.params.string('guest_query_id') ?? '';
  return ctx.platform.guest.answer(ctx.botId, id, result);
}
