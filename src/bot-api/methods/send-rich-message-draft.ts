import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import { readRichMessage, resolveRichMedia } from '../rich-message-param.js';

/**
 * sendRichMessageDraft (reference JSON 10.1; ADR 0051): a partial rich message streamed into a
 * private chat with a person, as sendMessageDraft (ADR 0048) with `rich_message` instead of text;
 * the thinking block (<tg-thinking>) is allowed only here. The runner has refused a call without
 * chat_id or draft_id, and a draft_id of 0 (ADR 0084).
 */
export const sendRichMessageDraft = defineMethod('sendRichMessageDraft', async (ctx) => {
  const { platform, botId } = ctx;
  const { chat_id: chatId, draft_id: draftId, message_thread_id: threadId = 0 } = ctx.values;
  // The runner reads the number trimmed, the value is not (params.int): " 5" passes it and reads as 0.
  if (draftId === 0) throw botApiError('DRAFT_ID_INVALID');
  // rich_message is JSON: its own reader (shared with sendRichMessage and the edits).
  const parsed = readRichMessage(ctx, true);
  const bot = await platform.users.resolve(botId, 'bot');
  // The chat is checked (as the draft's own write does again) before any media file is stored.
  await platform.drafts.check(bot, chatId);
  const richMessage = await resolveRichMedia(ctx, bot, chatId, parsed);
  await platform.drafts.stream(bot, chatId, draftId, threadId, { rich_message: richMessage });
  return true;
});
