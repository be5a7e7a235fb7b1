import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import { paidMediaOf, readPaidMediaList } from '../paid-media-params.js';
import { checkChat, readCaption } from '../send-media.js';
import { readSendOptions } from '../send-options.js';
import type { MessageContent } from '../../platform/core/wire-types.js';

/**
 * sendPaidMedia: photos, videos and live photos behind a price in Stars (1-25000); people see
 * previews until they pay (control API `paid-media/purchase`), which moves the Stars to the bot and
 * gives it `purchased_paid_media`. platform/paid-media/paid-media.ts; ADR 0050. The runner has
 * refused a call without star_count or media, and more than 10 items (ADR 0084).
 */
export const sendPaidMedia = defineMethod('sendPaidMedia', async (ctx) => {
  const { platform } = ctx;
  const { star_count: starCount, payload = '', show_caption_above_media: aboveMedia } = ctx.values;
  // `media` is JSON: its own reader.
  const items = readPaidMediaList(ctx);
  const caption = readCaption(ctx);
  const options = await readSendOptions(ctx);
  const bot = await checkChat(ctx, options);
  // Checked before any file is stored (the platform checks again, with the items). The runner has
  // checked the range on the trimmed text; the value is read untrimmed (" 5" is 0), so again here.
  if (starCount < 1 || starCount > 25_000) {
    throw botApiError('PAID_MEDIA_INVALID', { reason: 'STARS_AMOUNT_INVALID' });
  }
  // No item is within the declared 0-10; TDLib refuses it.
  if (items.length === 0) throw botApiError('PAID_MEDIA_INVALID', { reason: 'MEDIA_EMPTY' });
  const media = [];
  for (const item of items) media.push(await paidMediaOf(ctx, item));
  const content: MessageContent = { ...caption };
  if (caption.caption !== undefined && aboveMedia) content.show_caption_above_media = true;
  return platform.paidMedia.send(
    bot,
    options.chatId,
    starCount,
    media,
    payload,
    { ...content, ...options.content },
    options.replyTo,
  );
});
