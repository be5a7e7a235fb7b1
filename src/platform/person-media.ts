/**
 * People send photos and documents (control API `POST /control/messages/media`, `parley send
 * --photo/--document`): the bytes become a file that no bot owns, and each bot of the chat gets a
 * `message` (or `channel_post`) with the photo or document under its own file_id (ADR 0040), which
 * works with getFile and the download route.
 *
 * The chat, the person's rights and the reply target are checked (in a write of their own, which
 * makes a first private chat) before the file is stored, so a refused send leaves neither a file
 * nor a message behind; the message's own write checks them again.
 */
import { checkUserCanSend } from './chat-access.js';
import { PlatformError } from './errors.js';
import { extensionOf, renderPhotoSize, type Files, type StoredFile } from './files.js';
import { IMAGE_MIME_TYPES, imageSize } from './image-size.js';
import { renderDocument } from './media.js';
import type { Messages } from './messages.js';
import { mimeTypeOfExtension } from './mime-types.js';
import type { PlatformDeps } from './platform-deps.js';
import type { Users } from './users.js';
import type { MessageContent, WireMessage } from './wire-types.js';
import { codePointLength, detectEntities } from './formatting/index.js';
import type { FileRow } from '../storage/store.js';

/** Photos: as the Bot API's uploads (10 MB; width + height ≤ 10000; sides at most 20:1). */
export const MAX_PERSON_PHOTO_BYTES = 10 * 1024 * 1024;
const MAX_PHOTO_SIDES = 10_000;
const MAX_PHOTO_RATIO = 20;
/** Documents: what a bot can still download (getFile's 20 MB). */
export const MAX_PERSON_DOCUMENT_BYTES = 20 * 1024 * 1024;
const MAX_CAPTION_LENGTH = 1024;
const MAX_FILE_NAME_LENGTH = 255;

export type PersonMedia =
  | { kind: 'photo'; data: Buffer }
  | { kind: 'document'; data: Buffer; filename: string; mimeType?: string | undefined };

export class PersonMediaSender {
  constructor(
    private readonly deps: PlatformDeps,
    private readonly users: Users,
    private readonly messages: Messages,
    private readonly files: Files,
  ) {}

  /** A person sends a photo or a document with an optional caption; returns it as they see it. */
  async send(
    userRef: string,
    chatRef: string,
    media: PersonMedia,
    caption?: string,
    replyTo?: number,
  ): Promise<WireMessage> {
    const user = await this.users.resolve(userRef, 'user');
    const captionContent = captionOf(caption);
    const prepared = prepare(media);

    // Everything that can refuse the message is checked before the file is stored. (A private chat
    // written to for the first time is made here rather than with the message: it cannot refuse.)
    const { store, clock } = this.deps;
    await store.write(async (tx) => {
      const chat = (await this.messages.chatForUser(tx, user, chatRef, true))!;
      const probe: MessageContent = media.kind === 'photo' ? { photo: [] } : { document: {} };
      await checkUserCanSend(tx, chat, user, clock.now(), probe);
      if (replyTo !== undefined && !(await tx.getMessage(chat.pk, replyTo))) {
        throw new PlatformError('REPLY_MESSAGE_NOT_FOUND', 'message to be replied not found');
      }
    });

    const file = await this.files.storeForPerson(media.kind, prepared.upload, prepared.meta);
    // The body keeps the sender's view, as for bots; every viewer gets its own file_id on render.
    const stored: StoredFile = {
      file,
      ref: {
        file_id: await this.#fileIdFor(user.id, file),
        file_pk: file.pk,
        bot_id: user.id,
        file_path: '',
      },
    };
    const content: MessageContent =
      media.kind === 'photo'
        ? { photo: [renderPhotoSize(stored)], ...captionContent }
        : { document: renderDocument(stored), ...captionContent };
    return this.messages.deliverFromUser(user, chatRef, content, replyTo);
  }

  async #fileIdFor(viewerId: number, file: FileRow): Promise<string> {
    const holder = { file_id: '', file_unique_id: file.unique_id };
    await this.files.bindFileIds(this.deps.store, viewerId, holder);
    return holder.file_id;
  }
}

/** The caption as a person's client sends it: trimmed, entities detected, at most 1024 characters. */
function captionOf(caption: string | undefined): MessageContent {
  const trimmed = (caption ?? '').trim();
  if (trimmed === '') return {};
  if (codePointLength(trimmed) > MAX_CAPTION_LENGTH) {
    throw new PlatformError('BAD_REQUEST', `caption is longer than ${MAX_CAPTION_LENGTH} characters`);
  }
  const entities = detectEntities(trimmed);
  return entities.length > 0 ? { caption: trimmed, caption_entities: entities } : { caption: trimmed };
}

/** Checks the bytes and says what to record: an image's real size and type, a document's name and type. */
function prepare(media: PersonMedia) {
  if (media.data.length === 0) throw new PlatformError('BAD_REQUEST', `the ${media.kind} is empty`);
  if (media.kind === 'photo') {
    if (media.data.length > MAX_PERSON_PHOTO_BYTES) {
      throw new PlatformError('BAD_REQUEST', 'the photo is larger than 10 MB');
    }
    const image = imageSize(media.data);
    if (!image) throw new PlatformError('BAD_REQUEST', 'the photo is not a JPEG, PNG, GIF or WebP image');
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
    return { upload: { data: media.data, filename: '', mimeType }, meta: { width, height, mimeType } };
  }
  if (media.data.length > MAX_PERSON_DOCUMENT_BYTES) {
    throw new PlatformError('BAD_REQUEST', 'the document is larger than 20 MB');
  }
  const filename = media.filename.trim();
  if (filename === '' || filename.length > MAX_FILE_NAME_LENGTH || /[/\\\0]/.test(filename)) {
    throw new PlatformError(
      'BAD_REQUEST',
      `the document needs a file name of 1-${MAX_FILE_NAME_LENGTH} characters without slashes`,
    );
  }
  const given = media.mimeType?.trim().toLowerCase();
  if (given && !/^[a-z0-9][\w.+-]*\/[a-z0-9][\w.+-]*$/.test(given)) {
    throw new PlatformError('BAD_REQUEST', 'mime_type must look like type/subtype');
  }
  const mimeType = given || mimeTypeOfExtension(extensionOf(filename) ?? '') || 'application/octet-stream';
  return { upload: { data: media.data, filename, mimeType }, meta: { mimeType } };
}
