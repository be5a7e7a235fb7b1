import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import { codePointLength, formatText } from '../../platform/formatting/index.js';
import type { MethodContext } from '../method-context.js';
import { deliverSend, readSendOptions } from '../send-options.js';
import { MAX_TEXT_LENGTH } from '../../platform/messages/messages.js';

const PREVIEW_FIELDS = [
  'is_disabled',
  'url',
  'prefer_small_media',
  'prefer_large_media',
  'show_above_text',
] as const;

/**
 * sendMessage: text with parse_mode (MarkdownV2, HTML, Markdown) or entities, reply_parameters,
 * reply_markup, link_preview_options, disable_notification, protect_content.
 * spec/bot-api.md §2 Message; reference §2.3 and §7 for the texts. The runner has refused a call
 * without text, a text over 32768 bytes and, without a parse mode, one over 4096 characters (ADR 0084).
 */
export const sendMessage = defineMethod('sendMessage', async (ctx) => {
  const { platform, botId } = ctx;
  const { text: raw, parse_mode: parseMode, entities } = ctx.values;
  // Parameters are checked before the chat is looked up, in the reference's order.
  const formatted = formatText(raw, parseMode, entities);
  // Measured after parsing (a parse mode's text the runner has not measured). A text no longer in
  // UTF-16 units than the limit is within it in code points too.
  if (formatted.text.length > MAX_TEXT_LENGTH && codePointLength(formatted.text) > MAX_TEXT_LENGTH)
    throw botApiError('MESSAGE_TOO_LONG');

  const content = {
    text: formatted.text,
    ...(formatted.entities.length > 0 ? { entities: formatted.entities } : {}),
  };
  const preview = linkPreviewOptions(ctx);
  const options = await readSendOptions(ctx, { ephemeral: true });
  const bot = await platform.users.resolve(botId, 'bot');
  return deliverSend(ctx, bot, options, {
    ...content,
    ...(preview ? { link_preview_options: preview } : {}),
    ...options.content,
  });
});

/** link_preview_options is JSON (its own reader); disable_web_page_preview is its legacy form, undeclared. */
function linkPreviewOptions({ params }: MethodContext): Record<string, unknown> | undefined {
  const value = params.parsedJson('link_preview_options', 'link preview options');
  if (value === undefined) return params.bool('disable_web_page_preview') ? { is_disabled: true } : undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw botApiError('OBJECT_EXPECTED', { object: 'link preview options' });
  }
  const options: Record<string, unknown> = {};
  for (const key of PREVIEW_FIELDS) {
    const field = (value as Record<string, unknown>)[key];
    if (field === undefined) continue;
    if (key === 'url') options.url = String(field);
    else if (typeof field !== 'boolean') {
      const detail = `Field "${key}" must be of type Boolean`;
      throw botApiError('UNPARSABLE', { object: 'link preview options', detail });
    } else if (field) options[key] = true;
  }
  return Object.keys(options).length > 0 ? options : undefined;
}
