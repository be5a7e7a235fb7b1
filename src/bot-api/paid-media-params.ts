/**
 * InputPaidMedia (spec sendPaidMedia `media`): photos, videos and live photos, read field by field as
 * InputMedia is (input-media.ts), each problem reported as `can't parse InputPaidMedia: <detail>`;
 * then their files stored or found, giving the full PaidMedia objects of the message. ADR 0050.
 */
import { botApiError } from './errors.js';
import {
  acquireFile,
  storeThumbnail,
  thumbnailOf,
  inputFileOf,
  type InputFile,
  type ThumbnailUpload,
} from './input-file.js';
import type { MethodContext } from './method-context.js';
import { acquireMedia, MAX_DURATION, MAX_LENGTH, mediaContent } from './send-media-file.js';
import { acquirePhoto, checkPhoto } from './methods/send-photo.js';
import { renderPhotoSize } from '../platform/files/files.js';
import type { MediaAttributes } from '../platform/messages/media.js';
import type { WirePaidMedia } from '../platform/paid-media/paid-media.js';

type PaidMediaType = 'photo' | 'video' | 'live_photo';

interface PaidMediaItem {
  type: PaidMediaType;
  input: InputFile;
  /** live_photo: the static photo. */
  photo?: InputFile;
  attributes: MediaAttributes;
  thumbnail: ThumbnailUpload | undefined;
}

class ItemError extends Error {}

/** `media`: a JSON array of InputPaidMedia. */
export function readPaidMediaList(ctx: MethodContext): PaidMediaItem[] {
  const value = ctx.params.parsedJson('media', 'media');
  if (value === undefined) throw botApiError('PARAMETER_REQUIRED', { name: 'media' });
  if (!Array.isArray(value)) throw botApiError('ARRAY_EXPECTED', { of: 'InputPaidMedia' });
  return value.map((item) => {
    try {
      return parseItem(ctx, item);
    } catch (error) {
      if (error instanceof ItemError) {
        throw botApiError('UNPARSABLE', { object: 'InputPaidMedia', detail: error.message });
      }
      throw error;
    }
  });
}

/** The full PaidMedia object of an item, its files stored for the bot or found by file_id. */
export async function paidMediaOf(ctx: MethodContext, item: PaidMediaItem): Promise<WirePaidMedia> {
  if (item.type === 'photo') {
    return { type: 'photo', photo: await acquirePhoto(ctx, item.input) };
  }
  const acquired = await acquireMedia(ctx, item.input, 'video');
  const thumbnail = await storeThumbnail(ctx, item.thumbnail);
  const content = await mediaContent(ctx, acquired, item.attributes, thumbnail);
  const video = content.video as Record<string, unknown>;
  if (item.type === 'video') return { type: 'video', video };
  const photo = renderPhotoSize(await acquireFile(ctx, item.photo!, 'photo', checkPhoto));
  // LivePhoto (spec): the static photo's sizes, then the video's fields.
  const livePhoto: Record<string, unknown> = { photo: [photo] };
  for (const key of ['file_id', 'file_unique_id', 'width', 'height', 'duration', 'mime_type', 'file_size']) {
    if (video[key] !== undefined) livePhoto[key] = video[key];
  }
  return { type: 'live_photo', live_photo: livePhoto };
}

function parseItem(ctx: MethodContext, value: unknown): PaidMediaItem {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ItemError('expected an Object');
  const object = value as Record<string, unknown>;
  const type = stringField(object, 'type');
  if (type === undefined) throw new ItemError('Can\'t find field "type"');
  if (type !== 'photo' && type !== 'video' && type !== 'live_photo')
    throw new ItemError(`type "${type}" is unsupported`);
  const input = inputFileOf(ctx.params, stringField(object, 'media') ?? '');
  if (!input) throw new ItemError('media not found');
  const item: PaidMediaItem = { type, input, attributes: {}, thumbnail: undefined };
  if (type === 'live_photo') {
    const photo = inputFileOf(ctx.params, stringField(object, 'photo') ?? '');
    if (!photo) throw new ItemError('photo not found');
    item.photo = photo;
  }
  if (type === 'video') {
    item.attributes = {
      duration: clamp(intField(object, 'duration'), MAX_DURATION),
      width: clamp(intField(object, 'width'), MAX_LENGTH),
      height: clamp(intField(object, 'height'), MAX_LENGTH),
    };
    const start = clamp(intField(object, 'start_timestamp'), MAX_DURATION);
    if (start > 0) item.attributes.start_timestamp = start;
    const thumbnailValue = stringField(object, 'thumbnail');
    if ('upload' in input && thumbnailValue) item.thumbnail = thumbnailOf(ctx, [thumbnailValue]);
  }
  return item;
}

function stringField(object: Record<string, unknown>, name: string): string | undefined {
  const value = object[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  throw new ItemError(`Field "${name}" must be of type String`);
}

function intField(object: Record<string, unknown>, name: string): number {
  const value = object[name];
  if (value === undefined || value === null) return 0;
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number))
    throw new ItemError(`Field "${name}" must be a valid Number`);
  return Math.trunc(number);
}

function clamp(value: number, max: number): number {
  return Math.min(max, Math.max(0, value));
}
