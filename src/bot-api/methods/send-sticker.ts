import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import { deliverSend, readSendOptions } from '../send-options.js';
import { checkChat, fileByReference } from '../send-media.js';
import { isFileId } from '../input-file.js';
import { stickerFileOf } from '../sticker-input.js';
import { sniffFormat } from '../../platform/stickers/sticker-files.js';
import { uploadHead } from '../../platform/files/upload.js';
import { isEmoji } from '../../platform/stickers/sticker-rules.js';

/**
 * sendSticker: a sticker by file_id (as in its set, when it is in one), by HTTP URL (a static
 * WEBP) or uploaded (.WEBP, .TGS or .WEBM, checked on its bytes; `emoji` only for new uploads),
 * with the common send options. Needs can_send_other_messages in groups. ADR 0046. The sticker
 * carries the thumbnail Parley makes from its file (ADR 0086, 0097).
 */
export const sendSticker = defineMethod('sendSticker', async (ctx) => {
  const { platform } = ctx;
  const input = ctx.values.sticker;
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
  const emoji = ctx.values.emoji?.trim();
  const sticker = await platform.stickers.messageSticker(
    stored.file,
    stored.ref.file_id,
    fresh && emoji && isEmoji(emoji) ? emoji : undefined,
  );
  return deliverSend(ctx, bot, options, { sticker, ...options.content });
});
