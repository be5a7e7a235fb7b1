import { defineMethod } from '../define-method.js';
import type { CallbackAnswer } from '../../platform/messages/callback-queries.js';

/**
 * answerCallbackQuery: the text (a notification, or an alert with show_alert) or url that the
 * person's client shows after the press; once per query, within 150 s. spec §2 CallbackQuery.
 * The runner has refused a missing callback_query_id (QUERY_INVALID) and a text over 200
 * characters (ADR 0084).
 */
export const answerCallbackQuery = defineMethod('answerCallbackQuery', async (ctx) => {
  const { callback_query_id: id, text, show_alert: showAlert, url, cache_time: cacheTime } = ctx.values;
  const answer: CallbackAnswer = {};
  if (text !== undefined) answer.text = text;
  if (showAlert) answer.show_alert = true;
  if (url !== undefined) answer.url = url;
  // Clamped to 0..30 days as the reference clamps it; the declaration states no range to clamp by.
  answer.cache_time = Math.min(2_592_000, Math.max(0, cacheTime));
  await ctx.platform.callbackQueries.answer(ctx.botId, id, answer);
  return true;
});
