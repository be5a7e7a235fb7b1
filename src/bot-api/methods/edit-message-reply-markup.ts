import { readEditTarget } from '../edit-target.js';
import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';
import { parseReplyMarkup } from '../reply-markup.js';

/** editMessageReplyMarkup: replaces (or, without reply_markup, removes) the inline keyboard. */
export async function editMessageReplyMarkup(ctx: MethodContext) {
  const markup = inlineMarkupPatch(ctx);
  const target = await readEditTarget(ctx);
  return ctx.platform.edits.editByBot(target.bot, target.chatId, target.messageId, 'reply_markup', markup);
}

/** The reply_markup of an edit: only an inline keyboard; absent means none. */
export function inlineMarkupPatch({ params }: MethodContext): { reply_markup: unknown } {
  const markup = parseReplyMarkup(params);
  if (markup && markup.kind !== 'inline') throw botApiError('INLINE_KEYBOARD_EXPECTED');
  return { reply_markup: markup?.markup };
}
