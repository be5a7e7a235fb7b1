import { botApiError } from '../errors.js';
import { readInlineAnswer } from '../inline-query-results.js';
import type { MethodContext } from '../method-context.js';

/**
 * answerInlineQuery: up to 50 results for a person's inline query, within 30 s, once; cache_time
 * (default 300, at most 86400), is_personal, next_offset and button. The results are checked
 * before the query (reference Client.cpp, §6.3). spec §2 Update.inline_query;
 * reference/bot-api-10.1.json answerInlineQuery and InlineQueryResult.
 */
export async function answerInlineQuery(ctx: MethodContext): Promise<true> {
  const { params, platform, botId } = ctx;
  const answer = await readInlineAnswer(ctx);
  const id = params.string('inline_query_id');
  if (id === undefined) throw botApiError('QUERY_INVALID');
  await platform.inline.answer(botId, id, answer);
  return true;
}
