/**
 * InputMedia (spec/bot-api.md "InputMedia"): the JSON items of sendMediaGroup (and of
 * editMessageMedia), read field by field as the reference's get_input_media does, with its texts:
 * every problem of an item is reported as `can't parse InputMedia: <detail>`.
 */
import { botApiError } from './errors.js';
import {
  codePointLength,
  formatText,
  FormattingError,
  type MessageEntity,
} from '../platform/formatting/index.js';
import { inputFileOf, thumbnailOf, type InputFile, type ThumbnailUpload } from './input-file.js';
import type { MethodContext } from './method-context.js';
import { MAX_CAPTION_LENGTH } from './send-media.js';
import { MAX_DURATION, MAX_LENGTH } from './send-media-file.js';
import type { MediaAttributes } from '../platform/messages/media.js';

export type InputMediaType = 'photo' | 'video' | 'animation' | 'audio' | 'document';

export interface InputMediaItem<Type = InputMediaType> {
  type: Type;
  input: InputFile;
  caption: { caption?: string; caption_entities?: MessageEntity[] };
  showCaptionAboveMedia: boolean;
  hasSpoiler: boolean;
  attributes: MediaAttributes;
  thumbnail: ThumbnailUpload | undefined;
}

class ItemError extends Error {}

/** sendMediaGroup's `media`: a JSON array of InputMedia (`forAlbum` refuses animations). */
export function readInputMediaList(ctx: MethodContext, name = 'media'): InputMediaItem[] {
  const text = ctx.params.string(name);
  if (text === undefined) throw botApiError('PARAMETER_REQUIRED', { name });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw botApiError('JSON_UNPARSABLE', { object: name });
  }
  if (!Array.isArray(value)) throw botApiError('ARRAY_EXPECTED', { of: 'InputMedia' });
  return value.map((item) => readInputMedia(ctx, item, true));
}

/** One InputMedia value. */
/** The `media` parameter of a media edit: one InputMedia as a JSON object (the reference's get_input_media). */
export function readMediaParameter(ctx: MethodContext): InputMediaItem {
  const text = ctx.params.string('media');
  if (text === undefined || text === '') throw botApiError('PARAMETER_REQUIRED', { name: 'media' });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw botApiError('JSON_UNPARSABLE', { object: 'InputMedia' });
  }
  return readInputMedia(ctx, value, false);
}

export function readInputMedia(ctx: MethodContext, value: unknown, forAlbum: boolean): InputMediaItem {
  return readItem(ctx, value, forAlbum, false) as InputMediaItem;
}

/** The media of a rich message, which also take InputMediaVoiceNote (Bot API 10.2; ADR 0088). */
export function readRichInputMedia(ctx: MethodContext, value: unknown) {
  return readItem(ctx, value, false, true);
}

function readItem(ctx: MethodContext, value: unknown, forAlbum: boolean, voiceNote: boolean) {
  try {
    return parseItem(ctx, value, forAlbum, voiceNote);
  } catch (error) {
    if (error instanceof ItemError) {
      throw botApiError('UNPARSABLE', { object: 'InputMedia', detail: error.message });
    }
    if (error instanceof FormattingError) {
      // The formatter's text ("can't parse entities: ...") is capitalised as TDLib gives it.
      const detail = error.message.charAt(0).toUpperCase() + error.message.slice(1);
      throw botApiError('UNPARSABLE', { object: 'InputMedia', detail });
    }
    throw error;
  }
}

function parseItem(
  ctx: MethodContext,
  value: unknown,
  forAlbum: boolean,
  voiceNote: boolean,
): InputMediaItem<InputMediaType | 'voice_note'> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ItemError('expected an Object');
  const object = value as Record<string, unknown>;
  // The reference's order: caption, parse mode, entities, flags, media, thumbnail, then the type.
  const rawCaption = stringField(object, 'caption') ?? '';
  const parseMode = stringField(object, 'parse_mode');
  const entities =
    object.caption_entities === undefined ? undefined : JSON.stringify(object.caption_entities);
  const formatted = formatText(rawCaption, parseMode, entities, { allowEmpty: true });
  if (codePointLength(formatted.text) > MAX_CAPTION_LENGTH) {
    throw botApiError('MESSAGE_CAPTION_TOO_LONG');
  }
  const showCaptionAboveMedia = boolField(object, 'show_caption_above_media');
  const hasSpoiler = boolField(object, 'has_spoiler');
  const input = inputFileOf(ctx.params, stringField(object, 'media') ?? '');
  if (!input) throw new ItemError('media not found');
  const thumbnailValue = stringField(object, 'thumbnail') || stringField(object, 'thumb');
  const thumbnail = 'upload' in input ? thumbnailOf(ctx, [thumbnailValue]) : undefined;

  const type = stringField(object, 'type');
  if (type === undefined) throw new ItemError('Can\'t find field "type"');
  if (forAlbum && type === 'animation') throw new ItemError(`type "${type}" can't be used in sendMediaGroup`);
  if (
    !['photo', 'video', 'animation', 'audio', 'document'].includes(type) &&
    !(voiceNote && type === 'voice_note')
  ) {
    throw new ItemError(`type "${type}" is unsupported`);
  }
  const attributes: MediaAttributes = {};
  if (type === 'video' || type === 'animation' || type === 'audio' || type === 'voice_note') {
    attributes.duration = clamp(intField(object, 'duration'), MAX_DURATION);
  }
  if (type === 'video' || type === 'animation') {
    attributes.width = clamp(intField(object, 'width'), MAX_LENGTH);
    attributes.height = clamp(intField(object, 'height'), MAX_LENGTH);
  }
  if (type === 'audio') {
    const title = stringField(object, 'title');
    const performer = stringField(object, 'performer');
    if (title) attributes.title = title;
    if (performer) attributes.performer = performer;
  }
  const caption: InputMediaItem['caption'] = {};
  if (formatted.text !== '') {
    caption.caption = formatted.text;
    if (formatted.entities.length > 0) caption.caption_entities = formatted.entities;
  }
  return {
    type: type as InputMediaType | 'voice_note',
    input,
    caption,
    showCaptionAboveMedia,
    hasSpoiler,
    attributes,
    thumbnail,
  };
}

/** Fields inside JSON objects (reference §1.4): strings accept numbers too. */
function stringField(object: Record<string, unknown>, name: string): string | undefined {
  const value = object[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  throw new ItemError(`Field "${name}" must be of type String`);
}

function boolField(object: Record<string, unknown>, name: string): boolean {
  const value = object[name];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw new ItemError(`Field "${name}" must be of type Boolean`);
  return value;
}

function intField(object: Record<string, unknown>, name: string): number {
  const value = object[name];
  if (value === undefined || value === null) return 0;
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) {
    throw new ItemError(`Field "${name}" must be a valid Number`);
  }
  return Math.trunc(number);
}

function clamp(value: number, max: number): number {
  return Math.min(max, Math.max(0, value));
}
