import { writableChat } from '../service-chat.js';
import {
  MAX_PERSON_DOCUMENT_BYTES,
  MAX_PERSON_PHOTO_BYTES,
  type PersonMedia,
} from '../../platform/messages/person-media.js';
import { formattedText } from '../formatted.js';
import { WebError, positive, text, type WebContext } from '../web-context.js';

/** The largest body of POST /web/api/media: the largest document. */
export const WEB_MEDIA_BODY_LIMIT = MAX_PERSON_DOCUMENT_BYTES;

/**
 * POST /web/api/media?chat=&kind=photo|document&filename=&caption=&caption_entities=&reply_to_message_id=:
 * the person sends a file picked in the page; the body is the file's bytes (application/octet-stream).
 * `caption_entities` (JSON): the caption's own formatting, as `entities` of POST /web/api/messages.
 */
export async function sendMedia({ platform, session, input, body }: WebContext) {
  const kind = text(input, 'kind', true);
  if (kind !== 'photo' && kind !== 'document') {
    throw new WebError(400, 'BAD_REQUEST', 'kind must be photo or document');
  }
  if (!Buffer.isBuffer(body) || body.length === 0) {
    throw new WebError(400, 'BAD_REQUEST', "the body must be the file's bytes (application/octet-stream)");
  }
  if (kind === 'photo' && body.length > MAX_PERSON_PHOTO_BYTES) {
    throw new WebError(413, 'FILE_TOO_BIG', `the file is larger than ${MAX_PERSON_PHOTO_BYTES >> 20} MB`);
  }
  const media: PersonMedia =
    kind === 'photo'
      ? { kind: 'photo', data: body }
      : {
          kind: 'document',
          data: body,
          filename: text(input, 'filename', true),
          mimeType: text(input, 'mime_type'),
        };
  const caption = typeof input.caption === 'string' && input.caption !== '' ? input.caption : undefined;
  const formatted = caption === undefined ? undefined : formattedText(caption, input.caption_entities, true);
  return platform.personMedia.send(
    String(session.userId),
    writableChat(input),
    media,
    formatted?.text ?? caption,
    positive(input, 'reply_to_message_id'),
    formatted?.entities,
  );
}
