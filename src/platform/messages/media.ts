/**
 * The media objects of a message (Audio, Video, Animation, Voice, VideoNote) as the reference
 * writes them, from a stored file, what its sender said about it, and its thumbnail.
 *
 * What the sender says (duration, width, height, performer, title, file name, MIME type) comes first;
 * what it leaves out is read from the file where it can be (bot-api/send-media-file.ts, ADR 0086),
 * and what is still missing gets stand-ins: a duration of 1 second, 1280x720 for videos and
 * animations (or the size in a GIF/PNG/WebP header), a 240 pixel video note. The attributes are kept
 * with the file when it is uploaded, so that sending it again by file_id shows the same (as the
 * reference, which ignores new attributes for old files).
 */
import { renderPhotoSize, type StoredFile } from '../files/files.js';
import type { MediaProbe } from '../files/media-probe.js';
import type { Store } from '../../storage/store.js';

export type MediaKind = 'audio' | 'video' | 'animation' | 'voice' | 'video_note';

export interface MediaAttributes {
  duration?: number;
  width?: number;
  height?: number;
  /** Video notes: the diameter. */
  length?: number;
  performer?: string;
  title?: string;
  start_timestamp?: number;
  /** The pk of the file's thumbnail, when one was uploaded with it. */
  thumbnail_file_pk?: number;
}

export const STAND_IN_DURATION = 1;
export const STAND_IN_VIDEO_SIZE = { width: 1280, height: 720 };
export const STAND_IN_VIDEO_NOTE_LENGTH = 240;

/** The reference clamps durations to a day and sizes to 10000 (Client.h MAX_DURATION, MAX_LENGTH). */
export const MAX_DURATION = 24 * 60 * 60;
export const MAX_LENGTH = 10_000;

/**
 * What the sender gave, completed by what was read from the file (files/media-probe.ts, ADR 0086)
 * where the sender gave nothing; only a video note keeps a `length` (its side). Width and height
 * are a pair (ADR 0097): both given, they are the video's even where the file differs, as TDLib
 * passes them on as the document's attributes; one of them missing or 0, TDLib's get_dimensions
 * drops both, and both are read from the file.
 */
export function withFileAttributes(
  kind: MediaKind,
  given: MediaAttributes,
  probe: MediaProbe,
): MediaAttributes {
  const attributes = { ...given };
  if (!given.width || !given.height) {
    delete attributes.width;
    delete attributes.height;
  }
  if (!attributes.duration && probe.duration) attributes.duration = Math.min(probe.duration, MAX_DURATION);
  if ((kind === 'video' || kind === 'animation') && probe.width && probe.height && !attributes.width) {
    attributes.width = Math.min(probe.width, MAX_LENGTH);
    attributes.height = Math.min(probe.height, MAX_LENGTH);
  }
  if (kind === 'video_note' && !given.length && probe.width)
    attributes.length = Math.min(probe.width, MAX_LENGTH);
  if (kind !== 'video_note') delete attributes.length;
  return attributes;
}

/** The attributes to keep for a newly stored file: what was given, stand-ins for the rest. */
export function completeAttributes(kind: MediaKind, given: MediaAttributes): MediaAttributes {
  const attributes: MediaAttributes = { ...given, duration: given.duration || STAND_IN_DURATION };
  if (kind === 'video' || kind === 'animation') {
    attributes.width = given.width || STAND_IN_VIDEO_SIZE.width;
    attributes.height = given.height || STAND_IN_VIDEO_SIZE.height;
  }
  if (kind === 'video_note') attributes.length = given.length || STAND_IN_VIDEO_NOTE_LENGTH;
  return attributes;
}

function fileFields({ file, ref }: StoredFile): Record<string, unknown> {
  return { file_id: ref.file_id, file_unique_id: file.unique_id, file_size: file.size };
}

/** The reference writes a thumbnail twice: under its name and its legacy name `thumb`. */
function thumbnailFields(thumbnail: StoredFile | undefined): Record<string, unknown> {
  if (!thumbnail) return {};
  return { thumbnail: renderPhotoSize(thumbnail), thumb: renderPhotoSize(thumbnail) };
}

function nameAndType({ file }: StoredFile): Record<string, unknown> {
  const wire: Record<string, unknown> = {};
  if (file.file_name) wire.file_name = file.file_name;
  if (file.mime_type) wire.mime_type = file.mime_type;
  return wire;
}

/**
 * The wire object of a media file, in the reference's key order (JsonAudio, JsonVideo, ...).
 * `asDocument` gives the Document that accompanies an Animation.
 */
export function renderMedia(
  kind: MediaKind,
  stored: StoredFile,
  attributes: MediaAttributes,
  thumbnail?: StoredFile,
  asDocument = false,
): Record<string, unknown> {
  const duration = attributes.duration ?? 0;
  switch (kind) {
    case 'audio': {
      const wire: Record<string, unknown> = { duration, ...nameAndType(stored) };
      if (attributes.title) wire.title = attributes.title;
      if (attributes.performer) wire.performer = attributes.performer;
      return { ...wire, ...thumbnailFields(thumbnail), ...fileFields(stored) };
    }
    case 'video': {
      const wire: Record<string, unknown> = {
        duration,
        width: attributes.width ?? 0,
        height: attributes.height ?? 0,
        ...nameAndType(stored),
        ...thumbnailFields(thumbnail),
      };
      if (attributes.start_timestamp) wire.start_timestamp = attributes.start_timestamp;
      return { ...wire, ...fileFields(stored) };
    }
    case 'animation':
      return {
        ...nameAndType(stored),
        ...(asDocument ? {} : { duration, width: attributes.width ?? 0, height: attributes.height ?? 0 }),
        ...thumbnailFields(thumbnail),
        ...fileFields(stored),
      };
    case 'voice':
      return {
        duration,
        ...(stored.file.mime_type ? { mime_type: stored.file.mime_type } : {}),
        ...fileFields(stored),
      };
    case 'video_note':
      return {
        duration,
        length: attributes.length ?? 0,
        ...thumbnailFields(thumbnail),
        ...fileFields(stored),
      };
  }
}

/**
 * The attributes to show for a file. New bytes (an upload or a download) bring their own, which
 * are stored for the file, replacing those of an earlier upload of the same bytes; a file sent
 * again by file_id shows what its latest upload said (`given` then only fills a file that has
 * none stored, such as one first stored by another kind of method).
 */
export async function attributesFor(
  store: Store,
  filePk: number,
  given: MediaAttributes,
  newBytes: boolean,
): Promise<MediaAttributes> {
  return store.write(async (tx) => {
    const stored = newBytes ? undefined : await tx.getFileAttributes(filePk);
    if (stored !== undefined) return JSON.parse(stored) as MediaAttributes;
    await tx.setFileAttributes(filePk, JSON.stringify(given));
    return given;
  });
}

/** A Document object (the reference's JsonDocument): name and type, thumbnail, then the file. */
export function renderDocument(stored: StoredFile, thumbnail?: StoredFile): Record<string, unknown> {
  return { ...nameAndType(stored), ...thumbnailFields(thumbnail), ...fileFields(stored) };
}
