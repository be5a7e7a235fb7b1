import { ControlError, type RouteContext } from '../control-context.js';
import {
  MAX_PERSON_DOCUMENT_BYTES,
  MAX_PERSON_PHOTO_BYTES,
  PERSON_FILE_KINDS,
  type PersonMedia,
  type ReportedAttributes,
} from '../../platform/messages/person-media.js';

/**
 * The largest JSON body of `POST /control/messages/media`: the largest file as base64 (4/3 of its
 * bytes) and room for the other fields.
 */
export const SEND_MEDIA_BODY_LIMIT = Math.ceil((MAX_PERSON_DOCUMENT_BYTES * 4) / 3) + 64 * 1024;

/**
 * POST /control/messages/media: a person sends one file: a photo (`photo: {data_base64}`), a
 * document (`document: {data_base64, filename, mime_type?}`), a voice message (`voice:
 * {data_base64, mime_type?, duration?}`), an audio file (`audio: {data_base64, filename?,
 * mime_type?, duration?, performer?, title?}`), a video (`video: {data_base64, filename?,
 * mime_type?, duration?, width?, height?}`) or a video note (`video_note: {data_base64, duration?,
 * length?}`), with an optional caption (not for video notes). The bots of the chat get a `message`
 * with that field under a file_id of their own (ADR 0040).
 *
 * The schema has read the body (each kind is an object); the file's own fields are read here: its
 * bytes (base64, within the kind's size), and what the client reports, which the platform checks
 * against the kind.
 */
export async function sendMedia({ platform, input }: RouteContext<'sendMedia'>) {
  const given = PERSON_FILE_KINDS.filter((kind) => input[kind] !== undefined);
  if (given.length !== 1) {
    throw new ControlError(400, 'BAD_REQUEST', `give exactly one of ${PERSON_FILE_KINDS.join(', ')}`);
  }
  const kind = given[0]!;
  const file = input[kind]!;
  const data = base64Input(
    file,
    `${kind}.data_base64`,
    kind === 'photo' ? MAX_PERSON_PHOTO_BYTES : MAX_PERSON_DOCUMENT_BYTES,
  );
  let media: PersonMedia;
  if (kind === 'photo') media = { kind, data };
  else if (kind === 'document') {
    media = {
      kind,
      data,
      filename: requireString(file, 'filename'),
      mimeType: optionalString(file, 'mime_type'),
    };
  } else {
    media = {
      kind,
      data,
      filename: optionalString(file, 'filename'),
      mimeType: optionalString(file, 'mime_type'),
      attributes: reportedAttributes(file, kind),
    };
  }
  return platform.personMedia.send(input.from, input.chat, media, input.caption, input.reply_to_message_id);
}

/** What the client reports about the file; the platform checks ranges and which kind keeps what. */
function reportedAttributes(file: Record<string, unknown>, kind: string): ReportedAttributes {
  const attributes: ReportedAttributes = {};
  for (const field of ['duration', 'width', 'height', 'length'] as const) {
    const value = file[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'number' || !Number.isInteger(value)) {
      throw new ControlError(400, 'BAD_REQUEST', `${kind}.${field} must be an integer`);
    }
    attributes[field] = value;
  }
  for (const field of ['performer', 'title'] as const) {
    const value = optionalString(file, field);
    if (value !== undefined) attributes[field] = value;
  }
  return attributes;
}

/** A text field of the file: required (a number is taken as its text; empty or of another type is missing). */
function requireString(file: Record<string, unknown>, name: string): string {
  const value = file[name];
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string' || value === '')
    throw new ControlError(400, 'BAD_REQUEST', `${name} is required`);
  return value;
}

function optionalString(file: Record<string, unknown>, name: string): string | undefined {
  const value = file[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') {
    throw new ControlError(400, 'BAD_REQUEST', `${name} must be a string`);
  }
  return String(value);
}

/** Standard or URL-safe base64, padding optional; anything else is refused rather than skipped. */
export function base64Input(object: Record<string, unknown>, name: string, maxBytes: number): Buffer {
  const value = object[name.slice(name.lastIndexOf('.') + 1)];
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
