/**
 * The formatting step of every method that sends text (reference §7): parse the markup or read the supplied
 * entities, then fix the text as TDLib does before sending it.
 */
import { asciiLower } from './char-classes.js';
import { toMessageEntity, type MessageEntity, type ParsedText } from './entity.js';
import { fixFormattedText } from './fix-formatted-text.js';
import { parseModeError } from './formatting-error.js';
import { parseHtml } from './html.js';
import { parseMarkdownV2 } from './markdown-v2.js';
import { parseMarkdown } from './markdown.js';
import { readSuppliedEntities } from './supplied-entities.js';

export interface FormattedText {
  text: string;
  entities: MessageEntity[];
}

export interface FormatTextOptions {
  /** Captions may end up empty (the result is then '' without entities); message texts may not. */
  allowEmpty?: boolean;
}

const PARSERS: Record<string, (text: string) => ParsedText> = {
  markdown: parseMarkdown,
  markdownv2: parseMarkdownV2,
  html: parseHtml,
};

/**
 * Formats a text as the reference's get_formatted_text and TDLib's fix_formatted_text do.
 *
 * parseMode is the raw parameter, case-insensitive: markdown, markdownv2, html; '', 'none' or undefined
 * mean none. entitiesJson is the raw JSON of `entities`/`caption_entities`, used only without a parse mode
 * (and, as in the reference, also when the text is empty, which skips parsing altogether).
 *
 * The result is the text after markup removal, cleaning and trimming, with the markup or supplied entities
 * merged with the auto-detected ones, in the reference's order. Throws FormattingError with the Bot API
 * description, e.g. "text must be non-empty".
 */
export function formatText(
  text: string,
  parseMode: string | undefined,
  entitiesJson?: string,
  options: FormatTextOptions = {},
): FormattedText {
  const mode = parseMode === undefined ? '' : asciiLower(parseMode);
  let parsed: ParsedText;
  if (text !== '' && mode !== '' && mode !== 'none') {
    const parse = Object.hasOwn(PARSERS, mode) ? PARSERS[mode] : undefined;
    if (parse === undefined) throw parseModeError();
    parsed = parse(text);
  } else {
    parsed = { text, entities: readSuppliedEntities(entitiesJson) };
  }
  const fixed = fixFormattedText(parsed, { allowEmpty: options.allowEmpty ?? false });
  return { text: fixed.text, entities: fixed.entities.map(toMessageEntity) };
}
