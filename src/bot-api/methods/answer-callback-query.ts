import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';
import type { CallbackAnswer } from '../../platform/messages/callback-queries.js';

/**
 * answerCallbackQuery: the text (a notification, or an alert with show_alert) or url that the
 * person's client shows after the press; once per query, within 150 s. spec §2 CallbackQuery.
 */
export async function answerCallbackQuery({ params, platform, botId }: MethodContext): Promise<true> {
  const id = params.string('callback_query_id');
  if (id === undefined) throw botApiError('QUERY_INVALID');
  const answer: CallbackAnswer = {};
  const text = params.string('text');
  if (text !== undefined) answer.text = text;
  if (params.bool('show_alert')) answer.show_alert = true;
  const url = params.string('url');
  if (url !== undefined) answer.url = url;
  answer.cache_time = params.clampedInt('cache_time', 0, 0, 2_592_000);
  await platform.callbackQueries.answer(botId, id, answer);
  return true;
}
