import { botApiError } from '../errors.js';
import { codePointLength, formatText } from '../../platform/formatting/index.js';
import type { MethodContext } from '../method-context.js';
import { MAX_TEXT_LENGTH } from '../../platform/messages/messages.js';

const MAX_RAW_TEXT_BYTES = 32_768;

/**
 * sendMessageDraft: a partial message streamed into a private chat with a person (ADR 0048). text
 * is 0-4096 characters after parsing (empty: a "Thinking..." placeholder), parse_mode or entities
 * as sendMessage; draft_id must be non-zero. The person sees the draft for 30 seconds after its
 * last version, or until the bot sends a message into the chat.
 */
export async function sendMessageDraft(ctx: MethodContext): Promise<true> {
  const { params, platform, botId } = ctx;
  const chatId = params.int('chat_id');
  if (chatId === undefined) throw botApiError('CHAT_IDENTIFIER_NOT_SPECIFIED');
  const draftId = readDraftId(ctx);
  const threadId = params.int('message_thread_id') ?? 0;
  const raw = params.string('text') ?? '';
  if (Buffer.byteLength(raw) > MAX_RAW_TEXT_BYTES) throw botApiError('TEXT_TOO_LONG');
  const formatted = formatText(raw, params.string('parse_mode'), params.json('entities'), {
    allowEmpty: true,
  });
  if (formatted.text.length > MAX_TEXT_LENGTH && codePointLength(formatted.text) > MAX_TEXT_LENGTH)
    throw botApiError('MESSAGE_TOO_LONG');
  const bot = await platform.users.resolve(botId, 'bot');
  await platform.drafts.stream(bot, chatId, draftId, threadId, {
    text: formatted.text,
    ...(formatted.entities.length > 0 ? { entities: formatted.entities } : {}),
  });
  return true;
}

/** draft_id: required, a non-zero Integer. */
export function readDraftId({ params }: MethodContext): number {
  const draftId = params.int('draft_id');
  if (draftId === undefined) throw botApiError('PARAMETER_REQUIRED', { name: 'draft_id' });
  if (draftId === 0) throw botApiError('DRAFT_ID_INVALID');
  return draftId;
}
