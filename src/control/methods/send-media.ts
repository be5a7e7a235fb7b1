import {
  ControlError,
  optionalInteger,
  optionalString,
  requireString,
  type ControlContext,
} from '../control-context.js';
import {
  MAX_PERSON_DOCUMENT_BYTES,
  MAX_PERSON_PHOTO_BYTES,
  type PersonMedia,
} from '../../platform/person-media.js';

/**
 * The largest JSON body of `POST /control/messages/media`: the largest document as base64 (4/3 of
 * its bytes) and room for the other fields.
 */
export const SEND_MEDIA_BODY_LIMIT = Math.ceil((MAX_PERSON_DOCUMENT_BYTES * 4) / 3) + 64 * 1024;

/**
 * POST /control/messages/media: a person sends a photo (`photo: {data_base64}`) or a document
 * (`document: {data_base64, filename, mime_type?}`) with an optional caption; the bots of the chat
 * get a `message` whose file_id is their own (ADR 0040).
 */
export async function sendMedia({ platform, input }: ControlContext) {
  const photo = objectInput(input, 'photo');
  const document = objectInput(input, 'document');
  if ((photo === undefined) === (document === undefined)) {
    throw new ControlError(400, 'BAD_REQUEST', 'give exactly one of photo and document');
  }
  const media: PersonMedia = photo
    ? { kind: 'photo', data: base64Input(photo, 'photo.data_base64', MAX_PERSON_PHOTO_BYTES) }
    : {
        kind: 'document',
        data: base64Input(document!, 'document.data_base64', MAX_PERSON_DOCUMENT_BYTES),
        filename: requireString(document!, 'filename'),
        mimeType: optionalString(document!, 'mime_type'),
      };
  return platform.personMedia.send(
    requireString(input, 'from'),
    requireString(input, 'chat'),
    media,
    optionalString(input, 'caption'),
    optionalInteger(input, 'reply_to_message_id', 1, 2 ** 31 - 1),
  );
}

function objectInput(input: Record<string, unknown>, name: string): Record<string, unknown> | undefined {
  const value = input[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new ControlError(400, 'BAD_REQUEST', `${name} must be an object`);
  }
  return value as Record<string, unknown>;
}

/** Standard or URL-safe base64, padding optional; anything else is refused rather than skipped. */
function base64Input(object: Record<string, unknown>, name: string, maxBytes: number): Buffer {
  const value = object[name.slice(name.indexOf('.') + 1)];
  if (typeof value !== 'string') throw new ControlError(400, 'BAD_REQUEST', `${name} is required`);
  const text = value.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(text) || text.replace(/=+$/, '').length % 4 === 1) {
    throw new ControlError(400, 'BAD_REQUEST', `${name} is not base64`);
  }
  const data = Buffer.from(text, 'base64');
  if (data.length > maxBytes) {
    throw new ControlError(400, 'BAD_REQUEST', `${name} is larger than ${maxBytes >> 20} MB`);
  }
  return data;
}
