/**
 * People send files (control API `POST /control/messages/media`, `parley send --photo/--document/
 * --voice/--audio/--video/--video-note`): the bytes become a file that no bot owns, and each bot of
 * the chat gets a `message` (or `channel_post`) with the photo, document, voice, audio, video or
 * video_note under its own file_id (ADR 0040), which works with getFile and the download route.
 *
 * Voice, audio, video and video notes are shown as the bots' own sends of those kinds are
 * (media.ts): Parley decodes no audio or video, so duration, size and the like are what the
 * person's client reports (the request's numbers), with the same stand-ins where it says nothing.
 *
 * The chat, the person's rights and the reply target are checked (in a write of their own, which
 * makes a first private chat) before the file is stored, so a refused send leaves neither a file
 * nor a message behind; the message's own write checks them again.
 */
import { createHash } from 'node:crypto';
import { checkUserCanSend } from '../chats/chat-access.js';
import { PlatformError } from '../core/errors.js';
import { extensionOf } from '../files/file-kinds.js';
import {
  renderPhotoSize,
  type FileMeta,
  type Files,
  type StoredFile,
  type Upload,
  type WirePhotoSize,
} from '../files/files.js';
import { IMAGE_MIME_TYPES, imageSize } from '../files/image-size.js';
import { ImageDecodeError, type EncodedImage } from '../files/photo-sizes.js';
import {
  attributesFor,
  completeAttributes,
  withFileAttributes,
  renderDocument,
  renderMedia,
  type MediaAttributes,
} from './media.js';
import type { Messages } from './messages.js';
import { mimeTypeOfExtension } from '../files/mime-types.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { Users } from '../users/users.js';
import type { MessageContent, WireMessage } from '../core/wire-types.js';
import { codePointLength, detectEntities, type MessageEntity } from '../formatting/index.js';
import type { FileRow } from '../../storage/store.js';

/** Photos: as the Bot API's uploads (10 MB; width + height ≤ 10000; sides at most 20:1). */
export const MAX_PERSON_PHOTO_BYTES = 10 * 1024 * 1024;
const MAX_PHOTO_SIDES = 10_000;
const MAX_PHOTO_RATIO = 20;
const NOT_AN_IMAGE = 'the photo is not a JPEG, PNG, GIF or WebP image';
/** Every other file: what a bot can still download (getFile's 20 MB). */
export const MAX_PERSON_DOCUMENT_BYTES = 20 * 1024 * 1024;
const MAX_CAPTION_LENGTH = 1024;
const MAX_FILE_NAME_LENGTH = 255;
/** What a client may report: durations up to a day, sides up to 10000 (the Bot API's clamps). */
export const MAX_PERSON_MEDIA_DURATION = 24 * 60 * 60;
export const MAX_PERSON_MEDIA_SIDE = 10_000;
/** A video note's diameter: 1-639 (TDLib refuses 640 and more, "wrong video note length"). */
export const MAX_PERSON_VIDEO_NOTE_LENGTH = 639;
const MAX_PERFORMER_OR_TITLE_LENGTH = 256;

/** The kinds of file a person sends, each as the field of the Message that carries it. */
export const PERSON_FILE_KINDS = ['photo', 'document', 'voice', 'audio', 'video', 'video_note'] as const;
export type PersonFileKind = (typeof PERSON_FILE_KINDS)[number];

/** What the person's client reports about a voice, audio, video or video note (all optional). */
export interface ReportedAttributes {
  duration?: number | undefined;
  width?: number | undefined;
  height?: number | undefined;
  /** Video notes: the diameter. */
  length?: number | undefined;
  performer?: string | undefined;
  title?: string | undefined;
}

export type PersonMedia =
  | { kind: 'photo'; data: Buffer }
  | { kind: 'document'; data: Buffer; filename: string; mimeType?: string | undefined }
  | {
      kind: 'voice' | 'audio' | 'video' | 'video_note';
      data: Buffer;
      /** Kept for audio and video (they show it); voice messages and video notes have none. */
      filename?: string | undefined;
      mimeType?: string | undefined;
      attributes?: ReportedAttributes | undefined;
    };

/** The MIME type of a file whose request and name say nothing (as the Bot API's stand-ins). */
const DEFAULT_MIME_TYPES = {
  voice: 'audio/ogg',
  audio: 'audio/mpeg',
  video: 'video/mp4',
  video_note: 'video/mp4',
} as const;

/** What each kind keeps of the reported attributes (the Bot API's sendAudio, sendVideo, ...). */
const ATTRIBUTE_FIELDS: Record<keyof typeof DEFAULT_MIME_TYPES, ReadonlyArray<keyof ReportedAttributes>> = {
  voice: ['duration'],
  audio: ['duration', 'performer', 'title'],
  video: ['duration', 'width', 'height'],
  video_note: ['duration', 'length'],
};

export class PersonMediaSender {
  constructor(
    private readonly deps: PlatformDeps,
    private readonly users: Users,
    private readonly messages: Messages,
    private readonly files: Files,
  ) {}

  /** A person sends a file with an optional caption; returns the message as they see it. */
  async send(
    userRef: string,
    chatRef: string,
    media: PersonMedia,
    caption?: string,
    replyTo?: number,
    /** The caption's own formatting (the web client), checked and merged by the caller (formatText). */
    captionEntities?: MessageEntity[],
  ): Promise<WireMessage> {
    const user = await this.users.resolve(userRef, 'user');
    if (media.kind === 'video_note' && caption !== undefined && caption.trim() !== '') {
      throw new PlatformError('BAD_REQUEST', 'a video note has no caption');
    }
    const captionContent = captionOf(caption, captionEntities);
    const prepared = prepare(media);
    // A photo is encoded into the reference's sizes (ADR 0081) before anything is written, once per
    // content: the same bytes again find their stored sizes (ADR 0097).
    const photoSha256 = media.kind === 'photo' ? createHash('sha256').update(media.data).digest('hex') : '';
    const knownPhoto = media.kind === 'photo' ? await this.files.media.knownPhoto(photoSha256) : undefined;
    const photoSizes =
      media.kind === 'photo' && !knownPhoto ? await encodePersonPhoto(this.files, media.data) : undefined;

    // Everything that can refuse the message is checked before the file is stored. (A private chat
    // written to for the first time is made here rather than with the message: it cannot refuse.)
    const { store, clock } = this.deps;
    await store.write(async (tx) => {
      const chat = (await this.messages.chatForUser(tx, user, chatRef, true))!;
      const probe: MessageContent = { [media.kind]: media.kind === 'photo' ? [] : {} };
      await checkUserCanSend(tx, chat, user, clock.now(), probe);
      if (replyTo !== undefined && !(await tx.getMessage(chat.pk, replyTo))) {
        throw new PlatformError('REPLY_MESSAGE_NOT_FOUND', 'message to be replied not found');
      }
    });

    if (media.kind === 'photo') {
      const rows = knownPhoto ?? (await this.files.media.storePhoto(photoSha256, photoSizes!));
      const photo = await Promise.all(
        rows.map(async (row) => renderPhotoSize(await this.#storedFor(user.id, row))),
      );
      return this.messages.deliverFromUser(user, chatRef, { photo, ...captionContent }, replyTo);
    }
    const file = await this.files.storeForPerson(media.kind, prepared.upload, prepared.meta);
    const stored = await this.#storedFor(user.id, file);
    const content: MessageContent = { ...(await this.#render(media, stored, prepared)), ...captionContent };
    return this.messages.deliverFromUser(user, chatRef, content, replyTo);
  }

  /** The content field of the file, rendered as the Bot API renders the same kind sent by a bot. */
  async #render(
    media: Exclude<PersonMedia, { kind: 'photo' }>,
    stored: StoredFile,
    prepared: Prepared,
  ): Promise<MessageContent> {
    // A thumbnail made from the file, and what was not given read from it (ADR 0086), as for bots.
    const { media: derived } = this.files;
    const generated = await derived.thumbnail(stored.file);
    const thumbnail = generated && (await this.#storedFor(stored.ref.bot_id, generated));
    if (media.kind === 'document') return { document: renderDocument(stored, thumbnail) };
    // New bytes: their attributes are stored for the file, so that a bot sending it again by its
    // file_id shows the same (media.ts).
    const given = withFileAttributes(media.kind, prepared.attributes ?? {}, await derived.probe(stored.file));
    const completed = completeAttributes(media.kind, {
      ...given,
      ...(thumbnail ? { thumbnail_file_pk: thumbnail.file.pk } : {}),
    });
    const attributes = await attributesFor(this.deps.store, stored.file.pk, completed, true);
    return { [media.kind]: renderMedia(media.kind, stored, attributes, thumbnail) };
  }

  /**
   * A person's new photo of a chat (the web client): the image checked as a photo they send, stored,
   * and its PhotoSize as new_chat_photo shows it (platform/chats/groups.ts setPhoto).
   */
  async storeChatPhoto(userId: number, data: Buffer): Promise<{ file: FileRow; sizes: WirePhotoSize[] }> {
    const prepared = preparePhoto(data);
    const file = await this.files.storeForPerson('photo', prepared.upload, prepared.meta);
    return { file, sizes: [renderPhotoSize(await this.#storedFor(userId, file))] };
  }

  /** The body keeps the sender's view, as for bots; every viewer gets its own file_id on render. */
  async #storedFor(viewerId: number, file: FileRow): Promise<StoredFile> {
    const holder = { file_id: '', file_unique_id: file.unique_id };
    await this.files.bindFileIds(this.deps.store, viewerId, holder);
    return { file, ref: { file_id: holder.file_id, file_pk: file.pk, bot_id: viewerId, file_path: '' } };
  }
}

/**
 * The caption as a person's client sends it: trimmed, entities detected (or the client's own,
 * `formatted`), at most 1024 characters.
 */
function captionOf(caption: string | undefined, formatted?: MessageEntity[]): MessageContent {
  const trimmed = (caption ?? '').trim();
  if (trimmed === '') return {};
  if (codePointLength(trimmed) > MAX_CAPTION_LENGTH) {
    throw new PlatformError('BAD_REQUEST', `caption is longer than ${MAX_CAPTION_LENGTH} characters`);
  }
  const entities = formatted ?? detectEntities(trimmed);
  return entities.length > 0 ? { caption: trimmed, caption_entities: entities } : { caption: trimmed };
}

interface Prepared {
  upload: Upload;
  meta: FileMeta;
  attributes?: MediaAttributes;
}

/** Checks the bytes and says what to record: an image's real size and type, a file's name and type. */
function prepare(media: PersonMedia): Prepared {
  const noun = media.kind.replace('_', ' ');
  if (media.data.length === 0) throw new PlatformError('BAD_REQUEST', `the ${noun} is empty`);
  if (media.kind === 'photo') return preparePhoto(media.data);
  if (media.data.length > MAX_PERSON_DOCUMENT_BYTES) {
    throw new PlatformError('BAD_REQUEST', `the ${noun} is larger than 20 MB`);
  }
  if (media.kind === 'document') {
    const filename = fileNameOf(media.filename, 'document');
    const mimeType =
      mimeTypeOf(media.mimeType) ||
      mimeTypeOfExtension(extensionOf(filename) ?? '') ||
      'application/octet-stream';
    return { upload: { data: media.data, filename, mimeType }, meta: { mimeType } };
  }
  const named = media.kind === 'audio' || media.kind === 'video';
  if (!named && media.filename !== undefined && media.filename !== '') {
    throw new PlatformError('BAD_REQUEST', `a ${noun} has no file name`);
  }
  const filename = named && media.filename ? fileNameOf(media.filename, noun) : '';
  const mimeType =
    (media.kind === 'video_note' ? undefined : mimeTypeOf(media.mimeType)) ||
    (filename ? mimeTypeOfExtension(extensionOf(filename) ?? '') : undefined) ||
    DEFAULT_MIME_TYPES[media.kind];
  return {
    upload: { data: media.data, filename, mimeType },
    meta: { mimeType },
    attributes: attributesOf(media.kind, media.attributes ?? {}),
  };
}

/** A person's photo as its JPEG sizes; bytes whose header passed but that do not decode are refused. */
async function encodePersonPhoto(files: Files, data: Buffer): Promise<EncodedImage[]> {
  try {
    return await files.media.encodePhoto(data);
  } catch (error) {
    if (!(error instanceof ImageDecodeError)) throw error;
    throw new PlatformError('BAD_REQUEST', NOT_AN_IMAGE);
  }
}

function preparePhoto(data: Buffer): Prepared {
  if (data.length > MAX_PERSON_PHOTO_BYTES) {
    throw new PlatformError('BAD_REQUEST', 'the photo is larger than 10 MB');
  }
  const image = imageSize(data);
  if (!image) throw new PlatformError('BAD_REQUEST', NOT_AN_IMAGE);
  const { width, height } = image;
  if (
    width + height > MAX_PHOTO_SIDES ||
    Math.max(width, height) > MAX_PHOTO_RATIO * Math.min(width, height)
  ) {
    throw new PlatformError(
      'BAD_REQUEST',
      'the photo is too large or too narrow (width + height at most 10000, sides at most 20:1)',
    );
  }
  const mimeType = IMAGE_MIME_TYPES[image.format];
  return { upload: { data, filename: '', mimeType }, meta: { width, height, mimeType } };
}

function fileNameOf(given: string, noun: string): string {
  const filename = given.trim();
  if (filename === '' || filename.length > MAX_FILE_NAME_LENGTH || /[/\\\0]/.test(filename)) {
    throw new PlatformError(
      'BAD_REQUEST',
      `the ${noun} needs a file name of 1-${MAX_FILE_NAME_LENGTH} characters without slashes`,
    );
  }
  return filename;
}

/** A given MIME type, checked for its shape; undefined when none was given. */
function mimeTypeOf(given: string | undefined): string | undefined {
  const type = given?.trim().toLowerCase();
  if (!type) return undefined;
  if (!/^[a-z0-9][\w.+-]*\/[a-z0-9][\w.+-]*$/.test(type)) {
    throw new PlatformError('BAD_REQUEST', 'mime_type must look like type/subtype');
  }
  return type;
}

/** The attributes the kind keeps, each checked against what a client can report. */
function attributesOf(kind: keyof typeof ATTRIBUTE_FIELDS, given: ReportedAttributes): MediaAttributes {
  const attributes: MediaAttributes = {};
  for (const field of ATTRIBUTE_FIELDS[kind]) {
    const value = given[field];
    if (value === undefined) continue;
    if (field === 'performer' || field === 'title') {
      const text = String(value).trim();
      if (codePointLength(text) > MAX_PERFORMER_OR_TITLE_LENGTH) {
        throw new PlatformError(
          'BAD_REQUEST',
          `${field} is longer than ${MAX_PERFORMER_OR_TITLE_LENGTH} characters`,
        );
      }
      if (text !== '') attributes[field] = text;
      continue;
    }
    const max =
      field === 'duration'
        ? MAX_PERSON_MEDIA_DURATION
        : field === 'length'
          ? MAX_PERSON_VIDEO_NOTE_LENGTH
          : MAX_PERSON_MEDIA_SIDE;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
      throw new PlatformError('BAD_REQUEST', `${field} must be an integer from 0 to ${max}`);
    }
    // 0 is "not reported": the stand-in is shown, as for a bot that gives 0.
    if (value > 0) attributes[field] = value;
  }
  // A given field the kind does not keep is a mistake of the caller, not something to drop silently.
  for (const field of Object.keys(given) as Array<keyof ReportedAttributes>) {
    if (given[field] !== undefined && !ATTRIBUTE_FIELDS[kind].includes(field)) {
      throw new PlatformError('BAD_REQUEST', `a ${kind.replace('_', ' ')} has no ${field}`);
    }
  }
  return attributes;
}
