/**
 * answerInlineQuery's parameters read as the reference reads them (Client.cpp
 * get_inline_query_results and get_inline_query_result; reference §6.3): the JSON array of results
 * with the required fields of each type (spec reference/bot-api-10.1.json InlineQueryResult*),
 * then the checks TDLib and the platform make (file ids, result ids, next_offset, button).
 * Structural errors are "can't parse inline query result: <detail>" with the detail as TDLib words
 * it (`Can't find field "title"`, `Field "id" must be of type String`).
 */
import { BotApiError, botApiError, withoutPrefix } from './errors.js';
import { codePointLength, formatText, FormattingError } from '../platform/formatting/index.js';
import type { MethodContext } from './method-context.js';
import { Params } from './params.js';
import { parseReplyMarkup } from './reply-markup.js';
import type { InlineMediaKind, InlineSend } from '../platform/inline/inline-content.js';
import type { InlineAnswer, StoredResult } from '../platform/inline/inline-queries.js';
import { MAX_TEXT_LENGTH } from '../platform/messages/messages.js';
import type { MessageContent } from '../platform/core/wire-types.js';

export const MAX_INLINE_RESULTS = 50;
export const MAX_ID_BYTES = 64;
const MAX_CAPTION_LENGTH = 1024;
/** answerInlineQuery cache_time: default 300, clamped to 0..86400 (reference §6.3). */
const DEFAULT_CACHE_TIME = 300;
const MAX_CACHE_TIME = 86_400;

type Json = Record<string, unknown>;

/** The detail of "Can't parse inline query result: <detail>". */
export class ResultError extends Error {}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(o: Json, name: string, required = false): string | undefined {
  const value = o[name];
  if (value === undefined || value === null) {
    if (required) throw new ResultError(`Can't find field "${name}"`);
    return undefined;
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  throw new ResultError(`Field "${name}" must be of type String`);
}

function num(o: Json, name: string, required = false): number | undefined {
  const value = o[name];
  if (value === undefined || value === null) {
    if (required) throw new ResultError(`Can't find field "${name}"`);
    return undefined;
  }
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) {
    throw new ResultError(`Field "${name}" must be of type Number`);
  }
  return number;
}

function obj(o: Json, name: string): Json | undefined {
  const value = o[name];
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) throw new ResultError(`Field "${name}" must be of type Object`);
  return value;
}

/** Text with parse_mode or entities, as the reference's get_formatted_text. */
function formatted(text: string, parseMode: string | undefined, entities: unknown, allowEmpty: boolean) {
  try {
    return formatText(text, parseMode, entities === undefined ? undefined : JSON.stringify(entities), {
      allowEmpty,
    });
  } catch (error) {
    if (error instanceof FormattingError) throw new ResultError(capitalized(error.message));
    throw error;
  }
}

function location(o: Json): Json {
  const loc: Json = { latitude: num(o, 'latitude', true), longitude: num(o, 'longitude', true) };
  for (const key of ['horizontal_accuracy', 'live_period', 'heading', 'proximity_alert_radius']) {
    const value = num(o, key);
    if (value !== undefined && value !== 0) loc[key] = value;
  }
  return loc;
}

/** A venue with the spec's provider field names; the reference's names are read too. */
function venue(o: Json): MessageContent {
  const loc = location(o);
  const place: Json = { location: loc, title: str(o, 'title', true), address: str(o, 'address', true) };
  const names: Array<[string, string]> = [
    ['venueprovider1_id', 'foursquare_id'],
    ['venueprovider1_type', 'foursquare_type'],
    ['venueprovider2_place_id', 'google_place_id'],
    ['venueprovider2_place_type', 'google_place_type'],
  ];
  for (const [spec, reference] of names) {
    const value = str(o, spec) ?? str(o, reference);
    if (value !== undefined && value !== '') place[spec] = value;
  }
  return { venue: place, location: loc };
}

function contact(o: Json): MessageContent {
  const card: Json = { phone_number: str(o, 'phone_number', true), first_name: str(o, 'first_name', true) };
  const last = str(o, 'last_name');
  if (last) card.last_name = last;
  const vcard = str(o, 'vcard');
  if (vcard) card.vcard = vcard;
  return { contact: card };
}

/**
 * input_message_content (reference get_input_message_content): text when message_text is
 * non-empty, else a location (a venue with title and address), else a contact, else an invoice.
 */
function inputMessageContent(o: Json, required: boolean): InlineSend | undefined {
  const text = str(o, 'message_text');
  if (text !== undefined && text !== '') {
    const f = formatted(text, str(o, 'parse_mode'), o.entities, false);
    if (codePointLength(f.text) > MAX_TEXT_LENGTH) throw botApiError('MESSAGE_TOO_LONG_TOKEN');
    const content: MessageContent = {
      text: f.text,
      ...(f.entities.length > 0 ? { entities: f.entities } : {}),
    };
    const preview = obj(o, 'link_preview_options');
    if (preview) content.link_preview_options = preview;
    else if (o.disable_web_page_preview === true) content.link_preview_options = { is_disabled: true };
    return { content };
  }
  if (o.latitude !== undefined && o.longitude !== undefined) {
    if (o.title !== undefined && o.address !== undefined) return { content: venue(o) };
    return { content: { location: location(o) } };
  }
  if (o.phone_number !== undefined) return { content: contact(o) };
  if (o.payload !== undefined || o.prices !== undefined) {
    for (const field of ['title', 'description', 'payload', 'currency']) str(o, field, true);
    if (!Array.isArray(o.prices)) throw new ResultError(`Can't find field "prices"`);
    return { content: {}, unsupported: 'invoices are not supported by Parley: there are no payments' };
  }
  if (required) throw new ResultError('Input message content is not specified');
  return undefined;
}

/** The media result types: the file's kind, its URL and file_id fields, and what else is required. */
// prettier-ignore
const MEDIA: Record<string, { kind: InlineMediaKind; url?: string; fileId: string; title?: 'always' | 'url'; mime?: true; thumb?: true; attrs: string[] }> = {
  photo: { kind: 'photo', url: 'photo_url', fileId: 'photo_file_id', thumb: true, attrs: ['photo_width', 'photo_height'] },
  gif: { kind: 'animation', url: 'gif_url', fileId: 'gif_file_id', thumb: true, attrs: ['gif_width', 'gif_height', 'gif_duration'] },
  mpeg4_gif: { kind: 'animation', url: 'mpeg4_url', fileId: 'mpeg4_file_id', thumb: true, attrs: ['mpeg4_width', 'mpeg4_height', 'mpeg4_duration'] },
  video: { kind: 'video', url: 'video_url', fileId: 'video_file_id', title: 'always', mime: true, thumb: true, attrs: ['video_width', 'video_height', 'video_duration'] },
  audio: { kind: 'audio', url: 'audio_url', fileId: 'audio_file_id', title: 'url', attrs: ['audio_duration', 'performer', 'title'] },
  voice: { kind: 'voice', url: 'voice_url', fileId: 'voice_file_id', title: 'always', attrs: ['voice_duration'] },
  document: { kind: 'document', url: 'document_url', fileId: 'document_file_id', title: 'always', mime: true, attrs: [] },
  sticker: { kind: 'sticker', fileId: 'sticker_file_id', attrs: [] },
};

/** The media of a result without input_message_content: by URL, or by a file_id of the bot. */
function media(type: string, o: Json): InlineSend {
  const spec = MEDIA[type]!;
  if (spec.title === 'always') str(o, 'title', true);
  const url = spec.url === undefined ? undefined : str(o, spec.url);
  if (spec.title === 'url' && url) str(o, 'title', true);
  if (spec.thumb && url) {
    if (str(o, 'thumbnail_url') === undefined && str(o, 'thumb_url') === undefined) {
      throw new ResultError(`Can't find field "thumbnail_url"`);
    }
  }
  const mimeType = spec.mime && url ? str(o, 'mime_type', true) : undefined;
  const fileId = url ? undefined : str(o, spec.fileId, true);
  const attributes: Record<string, string | number> = {};
  for (const key of spec.attrs) {
    const value = key === 'performer' || key === 'title' ? str(o, key) : num(o, key);
    // gif_width -> width, audio_duration -> duration: the names of the sent file's fields.
    if (value !== undefined) attributes[key.replace(/^[a-z0-9]+_(width|height|duration)$/, '$1')] = value;
  }
  const caption = formatted(str(o, 'caption') ?? '', str(o, 'parse_mode'), o.caption_entities, true);
  if (codePointLength(caption.text) > MAX_CAPTION_LENGTH) throw botApiError('MEDIA_CAPTION_TOO_LONG');
  const content: MessageContent = {};
  if (caption.text !== '') {
    content.caption = caption.text;
    if (caption.entities.length > 0) content.caption_entities = caption.entities;
    if (o.show_caption_above_media === true) content.show_caption_above_media = true;
  }
  const typeOfUrl = type === 'gif' ? 'image/gif' : type === 'mpeg4_gif' ? 'video/mp4' : mimeType;
  return {
    content,
    media: {
      kind: spec.kind,
      ...(fileId !== undefined ? { fileId: fileId.trim() } : { url: url! }),
      ...(typeOfUrl !== undefined ? { mimeType: typeOfUrl } : {}),
      attributes,
    },
  };
}

/** One result: its type's fields, what choosing it sends, and its inline keyboard. */
export function parseResult(value: unknown): StoredResult {
  if (!isObject(value)) throw new ResultError('Inline query result must be an object');
  const type = str(value, 'type', true)!.toLowerCase();
  const id = str(value, 'id', true)!;
  const imc = obj(value, 'input_message_content');
  let send: InlineSend | undefined;
  if (imc) send = inputMessageContent(imc, type === 'article');
  else if (type === 'article') {
    // The legacy form: the text fields on the result itself.
    str(value, 'message_text', true);
    send = inputMessageContent(value, true);
  }

  const result: Json = { ...value, type, id };
  const markup = obj(value, 'reply_markup');
  if (markup) result.reply_markup = inlineKeyboard(markup);

  if (type === 'article') {
    str(value, 'title', true);
  } else if (type === 'location') {
    const own = { content: { location: location(value) } };
    str(value, 'title', true);
    send ??= own;
  } else if (type === 'venue') {
    const own = { content: venue(value) };
    send ??= own;
  } else if (type === 'contact') {
    const own = { content: contact(value) };
    send ??= own;
  } else if (type === 'game') {
    str(value, 'game_short_name', true);
    send = { content: {}, unsupported: 'games are not supported by Parley' };
  } else if (Object.hasOwn(MEDIA, type)) {
    const own = media(type, value);
    send ??= own;
  } else {
    throw new ResultError(`type "${type}" is unsupported for the inline query result`);
  }
  return { result, send: send! };
}

function inlineKeyboard(markup: Json): Json {
  const params = new Params();
  params.add('reply_markup', JSON.stringify(markup));
  try {
    const parsed = parseReplyMarkup(params);
    if (parsed?.kind !== 'inline') throw new ResultError('Inline keyboard expected');
    return parsed.markup;
  } catch (error) {
    if (!(error instanceof BotApiError)) throw error;
    const detail = withoutPrefix(error);
    // Tokens such as BUTTON_DATA_INVALID are the platform's own answers, not parse errors.
    if (/^[A-Z_]+$/.test(detail)) throw error;
    throw new ResultError(capitalized(detail));
  }
}

/** The InlineQueryResultsButton, or the legacy switch_pm_text / switch_pm_parameter. */
function resultsButton({ params }: MethodContext): Json | undefined {
  let value: unknown;
  const text = params.json('button');
  if (text !== undefined) {
    try {
      value = JSON.parse(text);
    } catch {
      throw botApiError('JSON_UNPARSABLE', { object: 'InlineQueryResultsButton' });
    }
  } else if (params.string('switch_pm_text') !== undefined) {
    value = {
      text: params.string('switch_pm_text'),
      start_parameter: params.string('switch_pm_parameter') ?? '',
    };
  } else return undefined;
  if (!isObject(value)) throw botApiError('OBJECT_EXPECTED', { object: 'InlineQueryResultsButton' });
  let button: Json;
  try {
    button = { text: str(value, 'text', true) };
    const webApp = obj(value, 'web_app');
    if (webApp) button.web_app = { url: str(webApp, 'url', true) };
    else button.start_parameter = str(value, 'start_parameter') ?? '';
  } catch (error) {
    if (error instanceof ResultError) {
      throw botApiError('UNPARSABLE', { object: 'InlineQueryResultsButton', detail: error.message });
    }
    throw error;
  }
  const start = button.start_parameter;
  if (typeof start === 'string') {
    if (start === '') throw botApiError('START_PARAMETER_EMPTY');
    if (start.length > 64) throw botApiError('START_PARAMETER_TOO_LONG');
    if (!/^[A-Za-z0-9_-]+$/.test(start)) throw botApiError('START_PARAMETER_INVALID');
  }
  return button;
}

/** Reads every parameter of answerInlineQuery but the query id; throws the reference's texts. */
export async function readInlineAnswer(ctx: MethodContext): Promise<InlineAnswer> {
  const { params, platform, botId } = ctx;
  let values: unknown = [];
  const json = params.json('results');
  if (json !== undefined) {
    try {
      values = JSON.parse(json);
    } catch (error) {
      const detail = (error as Error).message;
      throw botApiError('UNPARSABLE', { object: 'JSON encoded inline query results', detail });
    }
  }
  if (values === null) values = [];
  if (!Array.isArray(values)) throw botApiError('ARRAY_EXPECTED', { of: 'inline query results' });
  if (values.length > MAX_INLINE_RESULTS) throw botApiError('TOO_MANY_INLINE_RESULTS');
  const results: StoredResult[] = [];
  for (const value of values) {
    try {
      results.push(parseResult(value));
    } catch (error) {
      if (error instanceof ResultError) {
        throw botApiError('UNPARSABLE', { object: 'inline query result', detail: error.message });
      }
      throw error;
    }
  }
  // TDLib resolves the file_ids, then the platform checks the ids of the results.
  for (const { send } of results) {
    const fileId = send.media?.fileId;
    if (fileId === undefined) continue;
    const stored = await platform.files.byFileId(botId, fileId);
    if (!stored) throw botApiError('REMOTE_FILE_ID_INVALID');
    if (stored.file.kind !== send.media!.kind) {
      const type = TDLIB_TYPE[stored.file.kind] ?? 'Document';
      throw botApiError('FILE_TYPE_UNUSABLE', { type, as: TDLIB_TYPE[send.media!.kind]! });
    }
  }
  const seen = new Set<string>();
  for (const { result } of results) {
    const id = result.id as string;
    if (id === '') throw botApiError('RESULT_ID_EMPTY');
    if (Buffer.byteLength(id) > MAX_ID_BYTES) throw botApiError('RESULT_ID_INVALID');
    if (seen.has(id)) throw botApiError('RESULT_ID_DUPLICATE');
    seen.add(id);
  }
  const nextOffset = params.string('next_offset') ?? '';
  if (Buffer.byteLength(nextOffset) > MAX_ID_BYTES) throw botApiError('NEXT_OFFSET_INVALID');
  const button = resultsButton(ctx);
  return {
    results,
    cache_time: params.clampedInt('cache_time', DEFAULT_CACHE_TIME, 0, MAX_CACHE_TIME),
    is_personal: params.bool('is_personal'),
    next_offset: nextOffset,
    ...(button ? { button } : {}),
  };
}

/** TDLib's names of file types, as its "can't use file of type X as Y" says them. */
export const TDLIB_TYPE: Record<string, string> = {
  photo: 'Photo',
  document: 'Document',
  video: 'Video',
  audio: 'Audio',
  voice: 'VoiceNote',
  animation: 'Animation',
  sticker: 'Sticker',
  video_note: 'VideoNote',
};
