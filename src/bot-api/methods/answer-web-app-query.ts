import { readOneInlineResult } from '../inline-result-param.js';
import type { MethodContext } from '../method-context.js';

/**
 * answerWebAppQuery: the result of a person's Mini App, sent once as a message from the person via
 * the bot into their private chat with it; SentWebAppMessage (inline_message_id with an inline
 * keyboard only). reference/bot-api-10.1.json answerWebAppQuery; docs/mini-apps.md; ADR 0047.
 */
export async function answerWebAppQuery(ctx: MethodContext) {
  const result = await readOneInlineResult(ctx);
  // An absent id is an empty one, which the platform does not know (as the reference).
  const id = ctx.params.string('web_app_query_id') ?? '';
  const sent = await ctx.platform.webApps.answer(ctx.botId, id, result);
  return sent.inline_message_id !== undefined ? { inline_message_id: sent.inline_message_id } : {};
}
