/**
 * What the sticker methods read (ADR 0046): sticker formats and types, the set's owner and name,
 * InputSticker objects, and sticker files, whose bytes are checked for their use
 * (platform/stickers/sticker-files.ts) whether they are uploaded, downloaded or named by file_id.
 */
import { botApiError } from './errors.js';
import { acquireFile, inputFileOf, type InputFile } from './input-file.js';
import type { MethodContext } from './method-context.js';
import { readUserId } from './chat-params.js';
import type { StoredFile } from '../platform/files/files.js';
import { smallUploadBytes } from '../platform/files/upload.js';
import { isHttpUrl } from '../platform/net/url-fetch.js';
import {
  checkStickerFile,
  StickerFileError,
  STICKER_FORMATS,
  STICKER_TYPES,
  type StickerFileInfo,
  type StickerFormat,
  type StickerType,
  type StickerUse,
} from '../platform/stickers/sticker-files.js';
import {
  isValidEmojiList,
  isValidKeywords,
  maskPositionOf,
  normalizeTitle,
} from '../platform/stickers/sticker-rules.js';
import type { NewSticker } from '../platform/stickers/sticker-sets.js';
import type { UserRow } from '../storage/store.js';

/** A required text parameter: `parameter "X" is required` when absent or empty. */
export function requiredString({ params }: MethodContext, name: string): string {
  const value = params.string(name);
  if (value === undefined) throw botApiError('PARAMETER_REQUIRED', { name });
  return value;
}

export function readStickerFormat(ctx: MethodContext, name: string): StickerFormat {
  const value = requiredString(ctx, name);
  if (!STICKER_FORMATS.includes(value as StickerFormat)) throw botApiError('STICKER_FORMAT_INVALID');
  return value as StickerFormat;
}

/** sticker_type: regular by default. */
export function readStickerType({ params }: MethodContext): StickerType {
  const value = params.string('sticker_type') ?? 'regular';
  if (!STICKER_TYPES.includes(value as StickerType)) throw botApiError('STICKER_TYPE_INVALID');
  return value as StickerType;
}

/** title: 1-64 characters after trimming (longer ones are refused, ADR 0071). */
export function readTitle(ctx: MethodContext): string {
  const title = normalizeTitle(requiredString(ctx, 'title'));
  if (title === '') throw botApiError('STICKERSET_TITLE_EMPTY');
  return title;
}

/** The calling bot and the owner named by user_id (a person of the platform). */
export async function botAndOwner(ctx: MethodContext): Promise<{ bot: UserRow; ownerId: number }> {
  const ownerId = readUserId(ctx);
  const bot = await ctx.platform.users.resolve(ctx.botId, 'bot');
  const owner = await ctx.platform.deps.store.getUser(ownerId);
  if (!owner || owner.is_bot) throw botApiError('USER_NOT_FOUND');
  return { bot, ownerId };
}

export async function callingBot(ctx: MethodContext): Promise<UserRow> {
  return ctx.platform.users.resolve(ctx.botId, 'bot');
}

/** Runs a check of sticker bytes, answering its problem as the Bot API's error. */
export function checked(data: Buffer, format: StickerFormat, use: StickerUse): StickerFileInfo {
  try {
    return checkStickerFile(data, format, use);
  } catch (error) {
    if (error instanceof StickerFileError) throw botApiError(error.problem);
    throw error;
  }
}

/**
 * The stored file of a sticker input, its bytes checked for `use`: new bytes before they are
 * stored, a file_id's stored bytes as they are. Animated and video stickers cannot come by URL.
 */
export async function stickerFileOf(
  ctx: MethodContext,
  input: InputFile,
  format: StickerFormat,
  use: StickerUse,
): Promise<StoredFile> {
  if ('ref' in input && isHttpUrl(input.ref) && format !== 'static') {
    throw botApiError(format === 'animated' ? 'STICKER_TGS_NOTGS' : 'STICKER_VIDEO_NOWEBM');
  }
  const stored = await acquireFile(ctx, input, 'sticker', (upload) => {
    // A sticker file's limit is far below HEAD_BYTES: one that is not in memory is too big.
    const data = smallUploadBytes(upload);
    if (!data) throw botApiError('FILE_TOO_BIG');
    const info = checked(data, format, use);
    return { width: info.width, height: info.height, mimeType: info.mimeType };
  });
  if ('ref' in input && !isHttpUrl(input.ref))
    checked(await ctx.platform.files.read(stored.file), format, use);
  return stored;
}

/** An InputSticker as JSON, read and checked without storing anything. */
export interface InputStickerSpec {
  input: InputFile;
  format: StickerFormat;
  emoji_list: string[];
  keywords: string[];
  mask_position: NewSticker['mask_position'];
}

export function readInputSticker(ctx: MethodContext, value: unknown): InputStickerSpec {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw botApiError('OBJECT_EXPECTED', { object: 'InputSticker' });
  }
  const v = value as Record<string, unknown>;
  const sticker = typeof v.sticker === 'string' ? inputFileOf(ctx.params, v.sticker) : undefined;
  if (!sticker)
    throw botApiError('UNPARSABLE', { object: 'InputSticker', detail: 'Can\'t find field "sticker"' });
  if (!STICKER_FORMATS.includes(v.format as StickerFormat)) throw botApiError('STICKER_FORMAT_INVALID');
  if (!isValidEmojiList(v.emoji_list)) throw botApiError('STICKER_EMOJI_INVALID');
  const keywords = v.keywords ?? [];
  if (!isValidKeywords(keywords)) throw botApiError('STICKER_KEYWORDS_INVALID');
  let mask: NewSticker['mask_position'] = null;
  if (v.mask_position !== undefined && v.mask_position !== null) {
    mask = maskPositionOf(v.mask_position) ?? null;
    if (!mask) throw botApiError('MASK_POSITION_INVALID');
  }
  return {
    input: sticker,
    format: v.format as StickerFormat,
    emoji_list: v.emoji_list.map((e) => e.trim()),
    keywords: keywords.map((k) => k.trim()).filter((k) => k !== ''),
    mask_position: mask,
  };
}

/** The `sticker` parameter (an InputSticker as JSON), or the legacy form's file and `emojis`. */
export function readInputStickerParam(ctx: MethodContext): InputStickerSpec {
  if (ctx.params.string('sticker') === undefined) return readLegacyInputSticker(ctx);
  return readInputSticker(ctx, ctx.params.parsedJson('sticker', 'InputSticker'));
}

/**
 * The legacy file parameters, in the order the reference reads them, the format of each, and
 * whether it must be an upload (the reference reads tgs_sticker and webm_sticker as uploads only).
 */
const LEGACY_STICKER_FILES: ReadonlyArray<
  readonly [name: string, format: StickerFormat, uploadOnly: boolean]
> = [
  ['png_sticker', 'static', false],
  ['tgs_sticker', 'animated', true],
  ['webm_sticker', 'video', true],
];

/**
 * The sticker of createNewStickerSet/addStickerToSet in the form before Bot API 6.6, which the
 * reference server still reads (Client.cpp get_input_sticker, get_legacy_input_sticker; ADR 0072):
 * one of `png_sticker` (an upload, file_id or URL), `tgs_sticker` or `webm_sticker` (uploads only;
 * the first present wins), its emoji as one string `emojis`, and `mask_position` as JSON. With none
 * of them, a tgs_sticker or webm_sticker string is "must be uploaded as an InputFile", else there
 * is "no sticker file in the request", as the reference answers a call that names no sticker.
 */
export function readLegacyInputSticker(ctx: MethodContext): InputStickerSpec {
  const { params } = ctx;
  const found = LEGACY_STICKER_FILES.map(([name, format, uploadOnly]) => {
    const input = params.inputFile(name);
    return { input: input && (!uploadOnly || 'upload' in input) ? input : undefined, format };
  }).find((candidate) => candidate.input !== undefined);
  if (!found?.input) {
    if (params.string('tgs_sticker') !== undefined)
      throw botApiError('STICKER_NOT_UPLOADED', { kind: 'animated' });
    if (params.string('webm_sticker') !== undefined)
      throw botApiError('STICKER_NOT_UPLOADED', { kind: 'video' });
    throw botApiError('STICKER_FILE_MISSING');
  }
  const emoji = [
    ...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(params.string('emojis') ?? ''),
  ]
    .map(({ segment }) => segment.trim())
    .filter((segment) => segment !== '');
  if (!isValidEmojiList(emoji)) throw botApiError('STICKER_EMOJI_INVALID');
  let mask: NewSticker['mask_position'] = null;
  if (params.string('mask_position') !== undefined) {
    mask = maskPositionOf(params.parsedJson('mask_position', 'MaskPosition')) ?? null;
    if (!mask) throw botApiError('MASK_POSITION_INVALID');
  }
  return { input: found.input, format: found.format, emoji_list: emoji, keywords: [], mask_position: mask };
}

/** Stores (or finds) an InputSticker's file, checked for the set's type, and its thumbnail. */
export async function storeInputSticker(
  ctx: MethodContext,
  spec: InputStickerSpec,
  type: StickerType,
): Promise<NewSticker> {
  const { file } = await stickerFileOf(ctx, spec.input, spec.format, type);
  // Its thumbnail made now, before the set shows it (getStickerSet finds it; ADR 0097).
  await ctx.platform.files.media.thumbnail(file);
  return {
    file,
    format: spec.format,
    emoji_list: spec.emoji_list,
    keywords: spec.keywords,
    mask_position: spec.mask_position,
  };
}

/** The file a sticker's file_id (parameter `name`) names for this bot: its pk. */
export async function stickerFilePk(ctx: MethodContext, name = 'sticker'): Promise<number> {
  // The reference trims it and answers "sticker is not specified" for either name (get_sticker_input_file).
  const fileId = (ctx.params.string(name) ?? '').trim();
  if (fileId === '') throw botApiError('STICKER_NOT_SPECIFIED');
  const found = await ctx.platform.files.byFileId(ctx.botId, fileId);
  if (!found) throw botApiError('FILE_REFERENCE_INVALID');
  return found.file.pk;
}

/** A JSON array of strings (emoji_list, keywords, custom_emoji_ids); `fallback` when absent. */
export function stringArray(ctx: MethodContext, name: string, object: string, fallback?: string[]): unknown {
  if (ctx.params.string(name) === undefined) {
    if (fallback) return fallback;
    throw botApiError('PARAMETER_REQUIRED', { name });
  }
  const value = ctx.params.parsedJson(name, object);
  if (!Array.isArray(value)) throw botApiError('ARRAY_EXPECTED', { of: 'String' });
  return value;
}
