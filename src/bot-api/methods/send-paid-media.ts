import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';
import { paidMediaOf, readPaidMediaList } from '../paid-media-params.js';
import { checkChat, readCaption } from '../send-media.js';
import { readSendOptions } from '../send-options.js';
import type { MessageContent } from '../../platform/core/wire-types.js';

/**
 * sendPaidMedia: photos, videos and live photos behind a price in Stars (1-25000); people see
 * previews until they pay (control API `paid-media/purchase`), which moves the Stars to the bot and
 * gives it `purchased_paid_media`. platform/paid-media/paid-media.ts; ADR 0050.
 */
export async function sendPaidMedia(ctx: MethodContext) {
  const { params, platform } = ctx;
  const starCount = params.int('star_count');
  if (starCount === undefined) throw botApiError('PARAMETER_REQUIRED', { name: 'star_count' });
  const items = readPaidMediaList(ctx);
  const caption = readCaption(ctx);
  const options = await readSendOptions(ctx);
  const bot = await checkChat(ctx, options);
  // Checked before any file is stored (the platform checks again, with the items).
  if (starCount < 1 || starCount > 25_000) {
    throw botApiError('PAID_MEDIA_INVALID', { reason: 'STARS_AMOUNT_INVALID' });
  }
  if (items.length === 0 || items.length > 10) {
    throw botApiError('PAID_MEDIA_INVALID', {
      reason: items.length === 0 ? 'MEDIA_EMPTY' : 'MULTI_MEDIA_TOO_LONG',
    });
  }
  const media = [];
  for (const item of items) media.push(await paidMediaOf(ctx, item));
  const content: MessageContent = { ...caption };
  if (caption.caption !== undefined && params.bool('show_caption_above_media'))
    content.show_caption_above_media = true;
  return platform.paidMedia.send(
    bot,
    options.chatId,
    starCount,
    media,
    params.string('payload') ?? '',
    { ...content, ...options.content },
    options.replyTo,
  );
}
