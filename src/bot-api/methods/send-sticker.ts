import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';
import { deliverSend, readSendOptions } from '../send-options.js';
import { checkChat, fileByReference } from '../send-media.js';
import { isFileId } from '../input-file.js';
import { stickerFileOf, withStickerThumbnail } from '../sticker-input.js';
import { sniffFormat } from '../../platform/stickers/sticker-files.js';
import { uploadHead } from '../../platform/files/upload.js';
import { isEmoji } from '../../platform/stickers/sticker-rules.js';

/**
 * sendSticker: a sticker by file_id (as in its set, when it is in one), by HTTP URL (a static
 * WEBP) or uploaded (.WEBP, .TGS or .WEBM, checked on its bytes; `emoji` only for new uploads),
 * with the common send options. Needs can_send_other_messages in groups. ADR 0046.
 */
export async function sendSticker(ctx: MethodContext) {
  const { params, platform } = ctx;
  const input = params.inputFile('sticker');
  if (!input) throw botApiError('MEDIA_MISSING', { media: 'sticker' });
  const options = await readSendOptions(ctx, { ephemeral: true });
  const bot = await checkChat(ctx, options);
  // A file_id is sent as it is; new bytes are checked as the format they have (a URL: static).
  const fresh = !isFileId(input);
  const stored =
    'ref' in input && !fresh
      ? await fileByReference(ctx, input.ref, 'sticker')
      : await stickerFileOf(
          ctx,
          input,
          'upload' in input ? sniffFormat(uploadHead(input.upload)) : 'static',
          'sent',
        );
  const emoji = params.string('emoji')?.trim();
  const sticker = await withStickerThumbnail(
    ctx,
    await platform.stickers.messageSticker(
      stored.file,
      stored.ref.file_id,
      fresh && emoji && isEmoji(emoji) ? emoji : undefined,
    ),
    stored.file,
  );
  return deliverSend(ctx, bot, options, { sticker, ...options.content });
}
