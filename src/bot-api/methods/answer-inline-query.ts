import { defineMethod } from '../define-method.js';
import { readInlineAnswer } from '../inline-query-results.js';

/**
 * answerInlineQuery: up to 50 results for a person's inline query, within 30 s, once; cache_time
 * (default 300, at most 86400), is_personal, next_offset and button. The results are checked
 * before the query (reference Client.cpp, §6.3). spec §2 Update.inline_query;
 * reference/bot-api-10.1.json answerInlineQuery and InlineQueryResult. The runner has refused a
 * missing inline_query_id (QUERY_INVALID, ADR 0084).
 */
export const answerInlineQuery = defineMethod('answerInlineQuery', async (ctx) => {
  const answer = await readInlineAnswer(ctx);
  await ctx.platform.inline.answer(ctx.botId, ctx.values.inline_query_id, answer);
  return true;
});
