import { defineMethod } from '../define-method.js';
import { readEditRef } from '../edit-target.js';
import { readCaption } from '../send-media.js';
import { inlineMarkupPatch } from './edit-message-reply-markup.js';

/**
 * editMessageCaption: the caption of the bot's own media message, or of an inline message sent
 * through it (inline_message_id: answers true); empty removes it. spec §2 Message; ADR 0030.
 */
export const editMessageCaption = defineMethod('editMessageCaption', async (ctx) => {
  const caption = readCaption(ctx);
  const markup = inlineMarkupPatch(ctx);
  const { bot, ref } = await readEditRef(ctx);
  return ctx.platform.edits.editByBot(bot, ref, 'caption', {
    caption: caption.caption,
    caption_entities: caption.caption_entities,
    show_caption_above_media: ctx.values.show_caption_above_media && caption.caption ? true : undefined,
    ...markup,
  });
});
