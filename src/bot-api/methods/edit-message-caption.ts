import { readEditTarget } from '../edit-target.js';
import type { MethodContext } from '../method-context.js';
import { readCaption } from '../send-media.js';
import { inlineMarkupPatch } from './edit-message-reply-markup.js';

/** editMessageCaption: the caption of the bot's own media message (empty removes it). spec §2 Message. */
export async function editMessageCaption(ctx: MethodContext) {
  const caption = readCaption(ctx);
  const markup = inlineMarkupPatch(ctx);
  const target = await readEditTarget(ctx);
  return ctx.platform.edits.editByBot(target.bot, target.chatId, target.messageId, 'caption', {
    caption: caption.caption,
    caption_entities: caption.caption_entities,
    show_caption_above_media:
      ctx.params.bool('show_caption_above_media') && caption.caption ? true : undefined,
    ...markup,
  });
}
