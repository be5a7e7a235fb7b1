import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import { codePointLength, formatText } from '../../platform/formatting/index.js';
import { MAX_TEXT_LENGTH } from '../../platform/messages/messages.js';

/**
 * sendMessageDraft: a partial message streamed into a private chat with a person (ADR 0048). text
 * is 0-4096 characters after parsing (empty: a "Thinking..." placeholder), parse_mode or entities
 * as sendMessage; draft_id must be non-zero. The person sees the draft for 30 seconds after its
 * last version, or until the bot sends a message into the chat. The runner has refused a call
 * without chat_id or draft_id, a draft_id of 0 and a text over 32768 bytes (ADR 0084).
 */
export const sendMessageDraft = defineMethod('sendMessageDraft', async (ctx) => {
  const { platform, botId } = ctx;
  const {
    chat_id: chatId,
    draft_id: draftId,
    message_thread_id: threadId = 0,
    text: raw = '',
    parse_mode: parseMode,
    entities,
  } = ctx.values;
  // The runner reads the number trimmed, the value is not (params.int): " 5" passes it and reads as 0.
  if (draftId === 0) throw botApiError('DRAFT_ID_INVALID');
  const formatted = formatText(raw, parseMode, entities, { allowEmpty: true });
  // With a parse mode the runner has not measured the text: its length after parsing is measured here.
  if (formatted.text.length > MAX_TEXT_LENGTH && codePointLength(formatted.text) > MAX_TEXT_LENGTH)
    throw botApiError('MESSAGE_TOO_LONG');
  const bot = await platform.users.resolve(botId, 'bot');
  await platform.drafts.stream(bot, chatId, draftId, threadId, {
    text: formatted.text,
    ...(formatted.entities.length > 0 ? { entities: formatted.entities } : {}),
  });
  return true;
});
