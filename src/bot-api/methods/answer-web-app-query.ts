import { defineMethod } from '../define-method.js';
import { readOneInlineResult } from '../inline-result-param.js';

/**
 * answerWebAppQuery: the result of a person's Mini App, sent once as a message from the person via
 * the bot into their private chat with it; SentWebAppMessage (inline_message_id with an inline
 * keyboard only). reference/bot-api-10.1.json answerWebAppQuery; docs/mini-apps.md; ADR 0047.
 */
export const answerWebAppQuery = defineMethod('answerWebAppQuery', async (ctx) => {
  const result = await readOneInlineResult(ctx);
  const sent = await ctx.platform.webApps.answer(ctx.botId, ctx.values.web_app_query_id, result);
  return sent.inline_message_id !== undefined ? { inline_message_id: sent.inline_message_id } : {};
});
