/** Rich messages (sendRichMessage, sendRichMessageDraft; ADR 0051): InputRichMessage into RichMessage. */
export type * from './rich-types.js';
export {
  parseRichMessage,
  withMedia,
  withMentionedUsers,
  RICH_LIMITS,
  type RichMessageInput,
} from './rich-message.js';
export { listLabel } from './rich-html.js';
export { customEmoji, dateTime } from './rich-text.js';
export { isMediaLink } from './rich-media-links.js';
