/**
 * A person downloads a file they were sent (control API `GET /control/files`, `parley download`):
 * the file of a message in a chat they are in, or a file by the file_id they see it under.
 *
 * No second mechanism: a person's file_id is the one rendering gives them (ADR 0040, derived from
 * their user id) and it is checked by `Files.byFileId`, as a bot's is by getFile. So a person can
 * name only files the platform showed them (or they sent): another viewer's file_id, a bot's
 * included, is not theirs and names nothing. By chat and message, the chat must be one the person
 * is in (a group they left answers CHAT_NOT_FOUND) and the file one of that message's own (its
 * photo sizes, document, audio, video, ..., thumbnails), as the person sees it.
 */
import { PlatformError } from '../core/errors.js';
import type { Files } from '../files/files.js';
import type { Messages } from './messages.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { Users } from '../users/users.js';
import type { WireMessage } from '../core/wire-types.js';
import type { FileRow } from '../../storage/store.js';

/**
 * The fields of a Message that carry its file, in the order that picks the message's main file
 * when several do (an animation also carries a document; the largest photo size is the photo's).
 */
const FILE_FIELDS = [
  'photo',
  'video',
  'animation',
  'audio',
  'voice',
  'video_note',
  'sticker',
  'document',
  'new_chat_photo',
] as const;

export interface PersonFileQuery {
  /** The chat as the person names it (CHAT_REF), with `messageId`. */
  chat?: string | undefined;
  messageId?: number | undefined;
  /** The file_id as the person sees it; with a message, it picks one of that message's files. */
  fileId?: string | undefined;
}

export interface PersonFile {
  file: FileRow;
  /** The person's file_id of it. */
  fileId: string;
}

/** Why no file was found, for the surface's error. */
export type PersonFileMiss = 'no_file' | 'not_in_message' | 'unknown_file_id';

export class PersonFiles {
  constructor(
    private readonly deps: PlatformDeps,
    private readonly users: Users,
    private readonly messages: Messages,
    private readonly files: Files,
  ) {}

  /**
   * The file the person asks for, or why there is none. Throws USER_NOT_FOUND, CHAT_NOT_FOUND
   * (also for a chat the person is not in) and MESSAGE_NOT_FOUND.
   */
  async find(userRef: string, query: PersonFileQuery): Promise<PersonFile | PersonFileMiss> {
    const { store } = this.deps;
    const user = await this.users.resolve(userRef, 'user');
    if (query.chat === undefined) {
      const fileId = query.fileId?.trim() ?? '';
      const stored = fileId === '' ? undefined : await this.files.byFileId(user.id, fileId, store);
      return stored ? { file: stored.file, fileId } : 'unknown_file_id';
    }
    const chat = await this.messages.chatForUser(store, user, query.chat, false);
    if (!chat) throw new PlatformError('CHAT_NOT_FOUND', `no chat "${query.chat}"`);
    const row = query.messageId === undefined ? undefined : await store.getMessage(chat.pk, query.messageId);
    if (!row) throw new PlatformError('MESSAGE_NOT_FOUND', `no message ${query.messageId} in the chat`);
    const message = await this.messages.render(store, chat, row, user.id);
    const candidates = fileObjectsOf(message);
    const chosen =
      query.fileId === undefined
        ? candidates[0]
        : candidates.find((object) => object.file_id === query.fileId!.trim());
    if (!chosen) return query.fileId === undefined ? 'no_file' : 'not_in_message';
    const file = await store.getFileByUniqueId(chosen.file_unique_id);
    return file ? { file, fileId: chosen.file_id } : 'no_file';
  }
}

interface FileObject {
  file_id: string;
  file_unique_id: string;
}

/**
 * The file objects of the message's own content (not of the message it replies to or pins), the
 * main file first: the largest photo size, else the first media field's file, then the rest
 * (other sizes, thumbnails).
 */
function fileObjectsOf(message: WireMessage): FileObject[] {
  const main: FileObject[] = [];
  const rest: FileObject[] = [];
  for (const field of FILE_FIELDS) {
    const value = (message as Record<string, unknown>)[field];
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      const sizes = value.filter(isFileObject);
      const largest = sizes.reduce<FileObject | undefined>(
        (best, size) => (!best || area(size) > area(best) ? size : best),
        undefined,
      );
      if (largest) main.push(largest);
      rest.push(...sizes.filter((size) => size !== largest));
    } else if (isFileObject(value)) {
      main.push(value);
      for (const key of ['thumbnail', 'thumb'] as const) {
        const thumbnail = (value as unknown as Record<string, unknown>)[key];
        if (isFileObject(thumbnail)) rest.push(thumbnail);
      }
    }
  }
  return [...main, ...rest];
}

function isFileObject(value: unknown): value is FileObject {
  if (typeof value !== 'object' || value === null) return false;
  const object = value as Record<string, unknown>;
  return typeof object.file_id === 'string' && typeof object.file_unique_id === 'string';
}

function area(size: FileObject): number {
  const { width, height } = size as unknown as { width?: number; height?: number };
  return (width ?? 0) * (height ?? 0);
}
