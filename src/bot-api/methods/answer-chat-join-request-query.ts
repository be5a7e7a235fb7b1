import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import {
  JOIN_REQUEST_RESULTS,
  type JoinRequestResult,
} from '../../platform/web-apps/join-request-queries.js';

/**
 * answerChatJoinRequestQuery: approve (the person joins), decline, or queue (left to the chat's
 * administrators), within the query's time. reference/bot-api-10.1.json; ADR 0047.
 */
export const answerChatJoinRequestQuery = defineMethod('answerChatJoinRequestQuery', async (ctx) => {
  const { chat_join_request_query_id: id, result } = ctx.values;
  // Kept after the runner's enumeration check: it passes "approve" with an emoji variation selector,
  // and this narrows the text to a result.
  if (!(JOIN_REQUEST_RESULTS as readonly string[]).includes(result)) {
    throw botApiError('JOIN_REQUEST_QUERY_RESULT_INVALID');
  }
  await ctx.platform.webApps.joinRequests.answer(ctx.botId, id, result as JoinRequestResult);
  return true;
});
