import { defineMethod } from '../define-method.js';
import { readEditRef } from '../edit-target.js';
import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';
import { parseReplyMarkup } from '../reply-markup.js';

/**
 * editMessageReplyMarkup: replaces (or, without reply_markup, removes) the inline keyboard of the
 * bot's own message, or of an inline message sent through it (inline_message_id: answers true).
 */
export const editMessageReplyMarkup = defineMethod('editMessageReplyMarkup', async (ctx) => {
  const markup = inlineMarkupPatch(ctx);
  const { bot, ref } = await readEditRef(ctx);
  return ctx.platform.edits.editByBot(bot, ref, 'reply_markup', markup);
});

/** The reply_markup of an edit: only an inline keyboard; absent means none. */
export function inlineMarkupPatch({ params }: MethodContext): { reply_markup: unknown } {
  const markup = parseReplyMarkup(params);
  if (markup && markup.kind !== 'inline') throw botApiError('INLINE_KEYBOARD_EXPECTED');
  return { reply_markup: markup?.markup };
}
