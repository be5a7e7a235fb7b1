import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';
import {
  JOIN_REQUEST_RESULTS,
  type JoinRequestResult,
} from '../../platform/web-apps/join-request-queries.js';

/**
 * answerChatJoinRequestQuery: approve (the person joins), decline, or queue (left to the chat's
 * administrators), within the query's time. reference/bot-api-10.1.json; ADR 0047.
 */
export async function answerChatJoinRequestQuery({ params, platform, botId }: MethodContext): Promise<true> {
  const id = params.string('chat_join_request_query_id') ?? '';
  const result = params.string('result') ?? '';
  if (!(JOIN_REQUEST_RESULTS as readonly string[]).includes(result)) {
    throw botApiError('JOIN_REQUEST_QUERY_RESULT_INVALID');
  }
  await platform.webApps.joinRequests.answer(botId, id, result as JoinRequestResult);
  return true;
}
