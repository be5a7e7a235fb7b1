/**
 * `InputRichMessage.blocks` and `InputRichMessage.media` (Bot API 10.2; ADR 0088): the 21
 * InputRichBlock types and their RichText read field by field into the RichBlocks the HTML and
 * Markdown parsers give, with the limits the reference documents (heading sizes 1-6, map zoom 0-24
 * and sizes 0-10000 with a total and a ratio, list label types, cell alignments, the 1-64 character
 * media ids). Media blocks come out as placeholders whose InputMedia object `resolveRichMedia`
 * (rich-message-param.ts) reads as the media methods read InputMedia. Every problem is reported as
 * `can't parse InputRichMessage: <detail>`, in the reference server's words for JSON fields
 * (`Can't find field "x"`, `Field "x" must be of type String`, ...).
 */
import { botApiError } from './errors.js';
import { tdlibError } from '../platform/formatting/formatting-error.js';
import { getCheckedLink } from '../platform/formatting/links.js';
import {
  customEmoji,
  dateTime,
  listLabel,
  RICH_LIMITS,
  type ParsedBlocks,
  type RichBlock,
  type RichBlockCaption,
  type RichMediaRequest,
  type RichMediaSource,
  type RichText,
} from '../platform/rich-messages/index.js';

const OBJECT = 'InputRichMessage';
/** A guard on the recursion of the reader; the limit that counts is 16 (RICH_LIMITS.depth). */
const MAX_READ_DEPTH = 64;
const MEDIA_ID = /^[A-Za-z0-9_-]{1,64}$/;
const LIST_TYPES = ['1', 'a', 'A', 'i', 'I'];
const ALIGN = ['left', 'center', 'right'];
const VALIGN = ['top', 'middle', 'bottom'];
/** InputRichBlockMap: "width and height must not exceed 10000 in total"; "ratio must be at most 20". */
const MAP = { maxSide: 10_000, maxTotal: 10_000, maxRatio: 20, minZoom: 0, maxZoom: 24 } as const;
/** RichBlockMap's zoom is 13-20; the HTML parser's defaults for a side given as 0 (ADR 0051). */
const SHOWN_ZOOM = { min: 13, max: 20 } as const;
const DEFAULT_MAP_SIZE = { width: 600, height: 300 } as const;

type Json = Record<string, unknown>;

/** The RichText object types with their fields besides `type` (`text` is RichText, `user` a User). */
const TEXT_TYPES: Record<string, readonly string[]> = {
  bold: ['text'],
  italic: ['text'],
  underline: ['text'],
  strikethrough: ['text'],
  spoiler: ['text'],
  subscript: ['text'],
  superscript: ['text'],
  marked: ['text'],
  code: ['text'],
  date_time: ['text', 'unix_time', 'date_time_format'],
  text_mention: ['text', 'user'],
  custom_emoji: ['custom_emoji_id', 'alternative_text'],
  mathematical_expression: ['expression'],
  url: ['text', 'url'],
  email_address: ['text', 'email_address'],
  phone_number: ['text', 'phone_number'],
  bank_card_number: ['text', 'bank_card_number'],
  mention: ['text', 'username'],
  hashtag: ['text', 'hashtag'],
  cashtag: ['text', 'cashtag'],
  bot_command: ['text', 'bot_command'],
  anchor: ['name'],
  anchor_link: ['text', 'anchor_name'],
  reference: ['text', 'name'],
  reference_link: ['text', 'reference_name'],
};

const MEDIA_BLOCKS = new Set<string>(['animation', 'audio', 'photo', 'video', 'voice_note']);

const problem = (detail: string) => botApiError('UNPARSABLE', { object: OBJECT, detail });
/** The text of the rich message limits (rich-message.ts), before the reader's own recursion runs away. */
const tooDeep = () => tdlibError('Rich message nesting is too deep');

/** `InputRichMessage.blocks`, read into blocks with media placeholders. */
export function readRichBlocks(value: unknown): ParsedBlocks {
  const reader = new BlockReader();
  const blocks = reader.blockList(value, 'blocks', 0);
  return { blocks, media: reader.media, mentionedUserIds: reader.mentions };
}

/** `InputRichMessage.media`: each entry's InputMedia object by its id. */
export function readRichMediaList(value: unknown): Map<string, Json> {
  const media = new Map<string, Json>();
  if (value === undefined || value === null) return media;
  if (!Array.isArray(value)) throw problem('Field "media" must be of type Array');
  // "Up to 50 media attachments in total", listed or used.
  if (value.length > RICH_LIMITS.media) throw tdlibError('Rich message has too many media');
  for (const item of value) {
    const entry = object(item, 'InputRichMessageMedia');
    const id = string(entry, 'id');
    if (!MEDIA_ID.test(id)) throw problem(`Invalid media identifier "${id}" specified`);
    if (media.has(id)) throw problem(`Duplicate media identifier "${id}" specified`);
    media.set(id, object(entry.media, 'InputMedia', 'media'));
  }
  return media;
}

class BlockReader {
  readonly media: RichMediaSource[] = [];
  readonly mentions: number[] = [];

  blockList(value: unknown, name: string, depth: number): RichBlock[] {
    if (depth > MAX_READ_DEPTH) throw tooDeep();
    if (!Array.isArray(value)) throw problem(`Field "${name}" must be of type Array`);
    return value.map((item) => this.block(item, depth + 1));
  }

  block(value: unknown, depth: number): RichBlock {
    const o = object(value, 'InputRichBlock');
    const type = string(o, 'type');
    switch (type) {
      case 'paragraph':
      case 'footer':
      case 'thinking':
        return { type, text: this.text(o, 'text', depth) };
      case 'heading': {
        const size = integer(o, 'size');
        if (size < 1 || size > 6) throw problem('Field "size" must be between 1 and 6');
        return { type, text: this.text(o, 'text', depth), size };
      }
      case 'pre': {
        const language = optionalString(o, 'language');
        return { type, text: this.text(o, 'text', depth), ...(language ? { language } : {}) };
      }
      case 'divider':
        return { type };
      case 'mathematical_expression':
        return { type, expression: string(o, 'expression') };
      case 'anchor':
        return { type, name: string(o, 'name') };
      case 'list':
        return { type, items: this.listItems(o, depth) };
      case 'blockquote':
        return {
          type,
          blocks: this.blockList(required(o, 'blocks'), 'blocks', depth),
          ...this.optionalText(o, 'credit', depth),
        };
      // expandable_blockquote: 10.3 (@grammyjs/types 5.0.0), a quotation of text the reader expands (ADR 0089).
      case 'pullquote':
      case 'expandable_blockquote':
        return { type, text: this.text(o, 'text', depth), ...this.optionalText(o, 'credit', depth) };
      case 'collage':
      case 'slideshow': {
        const blocks = this.blockList(required(o, 'blocks'), 'blocks', depth);
        if (blocks.some((block) => block.type !== 'media')) {
          throw problem(`Block "${type}" can contain only photos, videos, animations and audio`);
        }
        return { type, blocks, ...this.caption(o, depth) };
      }
      case 'table':
        return this.table(o, depth);
      case 'details':
        return {
          type,
          summary: this.text(o, 'summary', depth),
          blocks: this.blockList(required(o, 'blocks'), 'blocks', depth),
          ...(flag(o, 'is_open') ? { is_open: true } : {}),
        };
      case 'map':
        return this.map(o, depth);
      default:
        if (MEDIA_BLOCKS.has(type)) return this.mediaBlock(o, type as RichMediaRequest, depth);
        throw problem(`Unsupported block type "${type}" specified`);
    }
  }

  /** A media block: its InputMedia object must be of the block's type ("voice_note" for voice notes). */
  mediaBlock(o: Json, type: RichMediaRequest, depth: number): RichBlock {
    const input = object(required(o, type), 'InputMedia', type);
    if (input.type !== type) throw problem(`Field "${type}" must be an InputMedia of type "${type}"`);
    this.media.push({ request: type, src: '', input });
    return { type: 'media', media: this.media.length - 1, ...this.caption(o, depth) };
  }

  /** List items, labelled as the HTML parser labels them: "•", or "<n>." once a value or type is given. */
  listItems(o: Json, depth: number): Json[] {
    const items = required(o, 'items');
    if (!Array.isArray(items)) throw problem('Field "items" must be of type Array');
    const read = items.map((item) => object(item, 'InputRichBlockListItem'));
    const ordered = read.some((item) => item.value !== undefined || item.type !== undefined);
    let next = 1;
    let listType = '1';
    return read.map((item) => {
      const out: Json = { label: '•', blocks: this.blockList(required(item, 'blocks'), 'blocks', depth) };
      if (flag(item, 'has_checkbox')) {
        out.has_checkbox = true;
        if (flag(item, 'is_checked')) out.is_checked = true;
      }
      if (ordered) {
        const type = optionalString(item, 'type');
        if (type !== undefined && !LIST_TYPES.includes(type)) throw problem(`Invalid list type "${type}"`);
        listType = type ?? listType;
        const value = item.value === undefined ? next : integer(item, 'value');
        out.label = `${listLabel(value, listType)}.`;
        out.value = value;
        out.type = listType;
        next = value + 1;
      }
      return out;
    });
  }

  table(o: Json, depth: number): RichBlock {
    const rows = required(o, 'cells');
    if (!Array.isArray(rows)) throw problem('Field "cells" must be of type Array');
    const cells = rows.map((row) => {
      if (!Array.isArray(row)) throw problem('Field "cells" must be an Array of Array of RichBlockTableCell');
      return row.map((value) => {
        const cell = object(value, 'RichBlockTableCell');
        const align = string(cell, 'align');
        const valign = string(cell, 'valign');
        if (!ALIGN.includes(align) || !VALIGN.includes(valign)) throw problem('Invalid cell alignment');
        const out: Json = { ...this.optionalText(cell, 'text', depth) };
        if (flag(cell, 'is_header')) out.is_header = true;
        for (const span of ['colspan', 'rowspan']) {
          if (cell[span] === undefined) continue;
          const n = integer(cell, span);
          if (n < 1) throw problem(`Field "${span}" must be positive`);
          if (n > 1) out[span] = n;
        }
        return { ...out, align, valign };
      });
    });
    return {
      type: 'table',
      cells,
      ...(flag(o, 'is_bordered') ? { is_bordered: true } : {}),
      ...(flag(o, 'is_striped') ? { is_striped: true } : {}),
      // 10.3 (@grammyjs/types 5.0.0): smaller cell indents (ADR 0089).
      ...(flag(o, 'is_compact') ? { is_compact: true } : {}),
      ...this.optionalText(o, 'caption', depth),
    };
  }

  map(o: Json, depth: number): RichBlock {
    const location = object(required(o, 'location'), 'Location', 'location');
    const latitude = number(location, 'latitude');
    const longitude = number(location, 'longitude');
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) throw problem('Invalid map location specified');
    const zoom = integer(o, 'zoom');
    if (zoom < MAP.minZoom || zoom > MAP.maxZoom) throw problem('Field "zoom" must be between 0 and 24');
    const width = integer(o, 'width');
    const height = integer(o, 'height');
    if (width < 0 || height < 0 || width > MAP.maxSide || height > MAP.maxSide) {
      throw problem('Fields "width" and "height" must be between 0 and 10000');
    }
    if (width + height > MAP.maxTotal) throw problem('Map width and height must not exceed 10000 in total');
    if (width > 0 && height > 0 && Math.max(width / height, height / width) > MAP.maxRatio) {
      throw problem('Map width and height ratio must be at most 20');
    }
    return {
      type: 'map',
      location: { latitude, longitude },
      zoom: Math.min(SHOWN_ZOOM.max, Math.max(SHOWN_ZOOM.min, zoom)),
      width: width || DEFAULT_MAP_SIZE.width,
      height: height || DEFAULT_MAP_SIZE.height,
      ...this.caption(o, depth),
    };
  }

  /** RichBlockCaption: `text` and an optional `credit`. */
  caption(o: Json, depth: number): { caption?: RichBlockCaption } {
    if (o.caption === undefined || o.caption === null) return {};
    const caption = object(o.caption, 'RichBlockCaption', 'caption');
    return {
      caption: { text: this.text(caption, 'text', depth), ...this.optionalText(caption, 'credit', depth) },
    };
  }

  optionalText(o: Json, name: string, depth: number): Record<string, RichText> {
    return o[name] === undefined || o[name] === null ? {} : { [name]: this.text(o, name, depth) };
  }

  text(o: Json, name: string, depth: number): RichText {
    return this.richText(required(o, name), name, depth + 1);
  }

  /** RichText: a String, an Array of RichText or one of the typed objects. */
  richText(value: unknown, name: string, depth: number): RichText {
    if (depth > MAX_READ_DEPTH) throw tooDeep();
    if (typeof value === 'string') return value;
    if (Array.isArray(value)) return value.map((part) => this.richText(part, name, depth + 1));
    if (typeof value !== 'object' || value === null) {
      throw problem(`Field "${name}" must be of type String, Array or Object`);
    }
    const o = value as Json;
    const type = string(o, 'type');
    const fields = TEXT_TYPES[type];
    if (!fields) throw problem(`Unsupported rich text type "${type}" specified`);
    const text = fields.includes('text') ? this.text(o, 'text', depth) : undefined;
    switch (type) {
      case 'date_time':
        return dateTime(text!, String(integer(o, 'unix_time')), string(o, 'date_time_format'));
      case 'text_mention': {
        const id = integer(object(required(o, 'user'), 'User', 'user'), 'id');
        this.mentions.push(id);
        return { type, text, user: { id } };
      }
      case 'custom_emoji':
        return customEmoji(string(o, 'custom_emoji_id'), string(o, 'alternative_text'));
      case 'url': {
        // As a link of the HTML parser: one TDLib refuses leaves the plain text.
        const url = getCheckedLink(string(o, 'url'));
        return url === '' ? text! : { type, text, url };
      }
    }
    const out: Json = { type };
    if (text !== undefined) out.text = text;
    for (const field of fields) if (field !== 'text') out[field] = string(o, field);
    return out as RichText;
  }
}

function object(value: unknown, type: string, name?: string): Json {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Json;
  throw problem(name ? `Field "${name}" must be of type Object` : `expected ${type} as an Object`);
}

function required(o: Json, name: string): unknown {
  const value = o[name];
  if (value === undefined || value === null) throw problem(`Can't find field "${name}"`);
  return value;
}

function string(o: Json, name: string): string {
  const value = required(o, name);
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  throw problem(`Field "${name}" must be of type String`);
}

function optionalString(o: Json, name: string): string | undefined {
  return o[name] === undefined || o[name] === null ? undefined : string(o, name);
}

function number(o: Json, name: string): number {
  const value = required(o, name);
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) throw problem(`Field "${name}" must be a valid Number`);
  return n;
}

function integer(o: Json, name: string): number {
  const n = number(o, name);
  if (!Number.isSafeInteger(n)) throw problem(`Field "${name}" must be a valid Number`);
  return n;
}

function flag(o: Json, name: string): boolean {
  const value = o[name];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw problem(`Field "${name}" must be of type Boolean`);
  return value;
}
