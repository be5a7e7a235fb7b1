/**
 * What the media send methods share: the caption, the chat check before anything is stored, and
 * files given by file_id.
 */
import { botApiError } from './errors.js';
import { codePointLength, formatText, type MessageEntity } from '../platform/formatting/index.js';
import type { MethodContext } from './method-context.js';
import type { SendOptions } from './send-options.js';
import type { FileKind } from '../platform/files/file-kinds.js';
import type { UserRow } from '../storage/store.js';

export const MAX_CAPTION_LENGTH = 1024;
const MAX_RAW_TEXT_BYTES = 32_768;

/**
 * caption with parse_mode or caption_entities, as the reference's get_caption: parsed even when
 * empty (so bad entities still fail), trimmed, and at most 1024 code points after parsing.
 */
export function readCaption({ params }: MethodContext): {
  caption?: string;
  caption_entities?: MessageEntity[];
} {
  const raw = params.string('caption') ?? '';
  if (Buffer.byteLength(raw) > MAX_RAW_TEXT_BYTES) throw botApiError('TEXT_TOO_LONG');
  const formatted = formatText(raw, params.string('parse_mode'), params.json('caption_entities'), {
    allowEmpty: true,
  });
  if (codePointLength(formatted.text) > MAX_CAPTION_LENGTH) throw botApiError('MESSAGE_CAPTION_TOO_LONG');
  if (formatted.text === '') return {};
  return formatted.entities.length > 0
    ? { caption: formatted.text, caption_entities: formatted.entities }
    : { caption: formatted.text };
}

/**
 * Checks that the bot can send into the target chat before anything is stored, so that a call
 * refused for its chat leaves no file behind. Returns the bot.
 */
export async function checkChat({ platform, botId }: MethodContext, options: SendOptions): Promise<UserRow> {
  const bot = await platform.users.resolve(botId, 'bot');
  const business = options.content._business_connection_id;
  if (typeof business === 'string') await platform.business.checkTarget(bot, business, options.chatId);
  else await platform.chats.resolveForViewer(platform.deps.store, bot, options.chatId);
  return bot;
}

/**
 * A file given by a file_id: one issued to this bot, of the right kind. (HTTP URLs are downloaded
 * by input-file.ts before they get here.)
 */
export async function fileByReference({ platform, botId }: MethodContext, value: string, kind: FileKind) {
  const stored = await platform.files.byFileId(botId, value.trim());
  if (!stored) throw botApiError('FILE_REFERENCE_INVALID');
  if (stored.file.kind !== kind) throw botApiError('FILE_TYPE_MISMATCH');
  return stored;
}
