/**
 * Text formatting of the Bot API (reference §7): parse modes, supplied entities, trimming and
 * auto-detected entities. Pure functions; offsets and lengths count UTF-16 code units.
 */
export type { MessageEntity } from './entity.js';
export { FormattingError, type FormattingErrorKind } from './formatting-error.js';
export { formatText, type FormattedText, type FormatTextOptions } from './format-text.js';
export { detectEntities } from './detect-entities.js';
export { codePointLength } from './utf16.js';
export { checkLength, type LengthLimit, type LengthRefusals } from './text-length.js';
