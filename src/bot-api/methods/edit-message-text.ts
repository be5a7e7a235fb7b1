import { readEditRef } from '../edit-target.js';
import { botApiError } from '../errors.js';
import { codePointLength, formatText } from '../../platform/formatting/index.js';
import type { MethodContext } from '../method-context.js';
import { inlineMarkupPatch } from './edit-message-reply-markup.js';
import { MAX_TEXT_LENGTH } from '../../platform/messages/messages.js';

/**
 * editMessageText: new text (parse_mode or entities) and inline keyboard of the bot's own message,
 * or of an inline message sent through it (inline_message_id: answers true); an edit without
 * reply_markup removes the keyboard. spec §2 Message; reference §2.3; ADR 0030.
 */
export async function editMessageText(ctx: MethodContext) {
  const { params, platform } = ctx;
  const raw = params.string('text');
  if (raw === undefined) throw botApiError('MESSAGE_TEXT_EMPTY');
  const formatted = formatText(raw, params.string('parse_mode'), params.json('entities'));
  if (codePointLength(formatted.text) > MAX_TEXT_LENGTH) throw botApiError('MESSAGE_TOO_LONG');
  const markup = inlineMarkupPatch(ctx);
  const preview = params.parsedJson('link_preview_options', 'link preview options');
  const { bot, ref } = await readEditRef(ctx);
  return platform.edits.editByBot(bot, ref, 'text', {
    text: formatted.text,
    entities: formatted.entities.length > 0 ? formatted.entities : undefined,
    link_preview_options: preview !== undefined && typeof preview === 'object' ? preview : undefined,
    ...markup,
  });
}
