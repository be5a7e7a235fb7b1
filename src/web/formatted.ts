/**
 * The person's own formatting of a text (docs/web-client.md "Formatting"): the page turns its
 * markers (`**bold**`, `__italic__`, ...) into entities and sends them with the plain text, as a
 * messaging app does. They are checked as the Bot API checks `entities` (formatText: bounds, types,
 * links), the text is trimmed and cleaned, and the entities the platform detects (links, mentions,
 * commands) are merged in.
 */
import { FormattingError, formatText, type FormattedText } from '../platform/formatting/index.js';
import { WebError } from './web-context.js';

/**
 * `text` with the `entities` the page sent (a JSON array, or its text in a query), or undefined when
 * there are none (the platform then only detects entities). `allowEmpty`: a caption may be empty.
 */
export function formattedText(
  text: string,
  entities: unknown,
  allowEmpty = false,
): FormattedText | undefined {
  if (entities === undefined || entities === null || entities === '' || text.trim() === '') return undefined;
  let list = entities;
  if (typeof list === 'string') {
    try {
      list = JSON.parse(list);
    } catch {
      throw new WebError(400, 'BAD_REQUEST', 'entities must be a JSON array of MessageEntity');
    }
  }
  if (!Array.isArray(list))
    throw new WebError(400, 'BAD_REQUEST', 'entities must be an array of MessageEntity');
  if (list.length === 0) return undefined;
  try {
    return formatText(text, undefined, JSON.stringify(list), { allowEmpty });
  } catch (error) {
    if (error instanceof FormattingError) throw new WebError(400, 'ENTITIES_INVALID', error.message);
    throw error;
  }
}
