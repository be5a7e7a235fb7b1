import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';
import { readRichMessage, resolveRichMedia } from '../rich-message-param.js';
import { readDraftId } from './send-message-draft.js';

/**
 * sendRichMessageDraft (reference JSON 10.1; ADR 0051): a partial rich message streamed into a
 * private chat with a person, as sendMessageDraft (ADR 0048) with `rich_message` instead of text;
 * the thinking block (<tg-thinking>) is allowed only here.
 */
export async function sendRichMessageDraft(ctx: MethodContext): Promise<true> {
  const { params, platform, botId } = ctx;
  const chatId = params.int('chat_id');
  if (chatId === undefined) throw botApiError('CHAT_IDENTIFIER_NOT_SPECIFIED');
  const draftId = readDraftId(ctx);
  const threadId = params.int('message_thread_id') ?? 0;
  const parsed = readRichMessage(ctx, true);
  const bot = await platform.users.resolve(botId, 'bot');
  // The chat is checked (as the draft's own write does again) before any media file is stored.
  await platform.drafts.check(bot, chatId);
  const richMessage = await resolveRichMedia(ctx, bot, chatId, parsed);
  await platform.drafts.stream(bot, chatId, draftId, threadId, { rich_message: richMessage });
  return true;
}
