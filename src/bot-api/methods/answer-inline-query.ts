import { BotApiError } from '../errors.js';
import { readInlineAnswer } from '../inline-query-results.js';
import type { MethodContext } from '../method-context.js';

const QUERY_INVALID = 'query is too old and response timeout expired or query ID is invalid';

/**
 * answerInlineQuery: up to 50 results for a person's inline query, within 30 s, once; cache_time
 * (default 300, at most 86400), is_personal, next_offset and button. The results are checked
 * before the query (reference Client.cpp, §6.3). spec §2 Update.inline_query;
 * reference/bot-api-10.1.json answerInlineQuery and InlineQueryResult.
 */
export async function answerInlineQuery(ctx: MethodContext) {
  const { params, platform, botId } = ctx;
  const answer = await readInlineAnswer(ctx);
  const id = params.string('inline_query_id');
  if (id === undefined) throw BotApiError.badRequest(QUERY_INVALID);
  await platform.inline.answer(botId, id, answer);
  return true;
}
