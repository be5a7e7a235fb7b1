/**
 * What editMessageMedia may replace (TDLib's edit_message_media, spec editMessageMedia): the media
 * of an animation, audio, document, photo or video message, or a text message's text (Bot API
 * 10.1: "or to replace a text ... with a media"); in an album only by what the album may hold.
 */
import { PlatformError } from '../core/errors.js';
import type { MessageContent } from '../core/wire-types.js';

/** The media an edit can put in a message (InputMedia's types). */
export const EDITABLE_MEDIA = ['animation', 'photo', 'video', 'audio', 'document'] as const;
export type EditableMedia = (typeof EDITABLE_MEDIA)[number];

/** Every content field a media edit replaces: the old media or text and everything that goes with it. */
export const REPLACED_BY_MEDIA_EDIT = [
  'text',
  'entities',
  'link_preview_options',
  ...EDITABLE_MEDIA,
  'caption',
  'caption_entities',
  'show_caption_above_media',
  'has_media_spoiler',
] as const;

/** The media type of a message's content (an animation also carries a document), if any. */
export function mediaTypeOf(content: Partial<Record<string, unknown>>): EditableMedia | undefined {
  return EDITABLE_MEDIA.find((type) => content[type] !== undefined);
}

/** Refuses a media edit of `content` to `newType` with the reference's texts. */
export function checkMediaEdit(content: MessageContent, newType: EditableMedia | undefined): void {
  const oldType = mediaTypeOf(content);
  if (oldType === undefined && content.text === undefined) {
    throw new PlatformError('NO_MEDIA_TO_EDIT', 'there is no media in the message to edit');
  }
  if (typeof content.media_group_id !== 'string' || oldType === undefined || newType === oldType) return;
  // TDLib: an album holds photos and videos, or only documents, or only audio files.
  if (newType === undefined || newType === 'animation') {
    throw new PlatformError('ALBUM_CONTENT_TYPE_INVALID', "message content type can't be used in an album");
  }
  const homogeneous = (type: EditableMedia) => type === 'audio' || type === 'document';
  if (homogeneous(oldType) || homogeneous(newType)) {
    throw new PlatformError('ALBUM_MEDIA_TYPE_CHANGE', "can't change media type in the album");
  }
}
