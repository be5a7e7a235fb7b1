/**
 * InputRichMessage into RichMessage (ADR 0051): the HTML or Markdown parser (or the blocks the Bot
 * API layer read, ADR 0088), then what applies to all three: links to a reference's name become reference links, entities found in plain text
 * (unless skip_entity_detection), the rich message limits, and the thinking block only in drafts.
 * Pure: media come out as placeholders (`ParsedRichMessage.media`) that `withMedia` fills.
 */
import { detectEntities } from '../formatting/detect-entities.js';
import { entityParseError, tdlibError } from '../formatting/formatting-error.js';
import { codePointLength } from '../formatting/utf16.js';
import { parseRichHtml } from './rich-html.js';
import { parseRichMarkdown } from './rich-markdown.js';
import { resolveMediaLinks } from './rich-media-links.js';
import { plainText, richText } from './rich-text.js';
import type { ParsedBlocks, ParsedRichMessage, RichBlock, RichText, RichTextObject } from './rich-types.js';

/** The limits of the Bot API's "Rich Message Limits". */
export const RICH_LIMITS = {
  characters: 32_768,
  blocks: 500,
  depth: 16,
  media: 50,
  columns: 20,
} as const;

export interface RichMessageInput {
  html?: string;
  markdown?: string;
  /** `blocks` as the Bot API layer read them (bot-api/rich-blocks-param.ts; ADR 0088). */
  blocks?: ParsedBlocks;
  /** `media`: the InputMedia object of each id that `tg://photo?id=` links of html/markdown name. */
  media?: ReadonlyMap<string, Record<string, unknown>>;
  isRtl?: boolean;
  skipEntityDetection?: boolean;
}

/** Auto-detected entity type -> the RichText type and its field. */
const DETECTED: Record<string, [string, string]> = {
  url: ['url', 'url'],
  email: ['email_address', 'email_address'],
  phone_number: ['phone_number', 'phone_number'],
  bank_card_number: ['bank_card_number', 'bank_card_number'],
  mention: ['mention', 'username'],
  hashtag: ['hashtag', 'hashtag'],
  cashtag: ['cashtag', 'cashtag'],
  bot_command: ['bot_command', 'bot_command'],
};
/** Rich text whose strings are not searched for entities. */
const OPAQUE = new Set([
  'code',
  'url',
  'email_address',
  'phone_number',
  'bank_card_number',
  'mention',
  'hashtag',
  'cashtag',
  'bot_command',
  'text_mention',
  'anchor_link',
  'reference_link',
  'custom_emoji',
  'mathematical_expression',
  'date_time',
]);

/**
 * Parses one InputRichMessage. `drafts`: whether the thinking block is allowed (sendRichMessageDraft
 * only: "it can't be received in messages").
 */
export function parseRichMessage(input: RichMessageInput, options: { drafts: boolean }): ParsedRichMessage {
  const parsed =
    input.blocks ??
    (input.html !== undefined ? parseRichHtml(input.html) : parseRichMarkdown(input.markdown ?? ''));
  const media = input.blocks ? parsed.media : resolveMediaLinks(parsed.media, input.media ?? new Map());
  const references = new Set<string>();
  const collect = (text: RichText): void => {
    if (typeof text === 'string') return;
    if (Array.isArray(text)) return text.forEach(collect);
    if (text.type === 'reference') references.add(String(text.name));
    if (text.text !== undefined) collect(text.text);
  };
  walkTexts(parsed.blocks, (text) => (collect(text), text));
  const detect = !input.skipEntityDetection;
  const blocks = mapTexts(parsed.blocks, (text, block) =>
    finishText(text, references, detect && block.type !== 'pre'),
  );
  for (const block of allBlocks(blocks)) {
    if (block.type === 'thinking' && !options.drafts) {
      throw entityParseError('Thinking blocks can be used only in message drafts');
    }
  }
  checkLimits(blocks, media.length);
  if (blocks.length === 0) throw tdlibError('Message must be non-empty');
  return {
    message: { blocks, ...(input.isRtl ? { is_rtl: true } : {}) },
    media,
    mentionedUserIds: parsed.mentionedUserIds,
  };
}

/** Puts the resolved media (`media[i]` a RichBlock such as {type: 'photo', photo: [...]}) in place of the placeholders. */
export function withMedia(blocks: RichBlock[], media: RichBlock[]): RichBlock[] {
  return blocks.map((block) => {
    if (block.type === 'media') {
      const { media: index, type: _type, ...rest } = block as RichBlock & { media: number };
      const resolved = media[index]!;
      // Audio and voice notes have no spoiler.
      if (resolved.type === 'audio' || resolved.type === 'voice_note') delete rest.has_spoiler;
      return { ...resolved, ...rest };
    }
    return mapChildBlocks(block, (children) => withMedia(children, media));
  });
}

/** Every text mention's user, filled by `user(id)`; one it can't give leaves the plain text. */
export function withMentionedUsers(blocks: RichBlock[], user: (id: number) => unknown): RichBlock[] {
  const fill = (text: RichText): RichText => {
    if (typeof text === 'string') return text;
    if (Array.isArray(text)) return richText(text.map(fill));
    const inner = text.text === undefined ? undefined : fill(text.text);
    if (text.type === 'text_mention') {
      const found = user((text.user as { id: number }).id);
      return found ? { ...text, text: inner, user: found } : (inner ?? '');
    }
    return inner === undefined ? text : { ...text, text: inner };
  };
  return mapTexts(blocks, fill);
}

function finishText(text: RichText, references: Set<string>, detect: boolean): RichText {
  if (typeof text === 'string') return detect ? detectIn(text) : text;
  if (Array.isArray(text)) return richText(text.map((t) => finishText(t, references, detect)));
  const object: RichTextObject = { ...text };
  if (object.type === 'anchor_link' && references.has(String(object.anchor_name))) {
    return {
      type: 'reference_link',
      text: finishText(object.text!, references, false),
      reference_name: object.anchor_name,
    };
  }
  if (object.text !== undefined)
    object.text = finishText(object.text, references, detect && !OPAQUE.has(object.type));
  return object;
}

/** A plain string with the entities the platform finds in it as rich text. */
function detectIn(text: string): RichText {
  const found = detectEntities(text).filter((entity) => DETECTED[entity.type] !== undefined);
  if (found.length === 0) return text;
  const parts: RichText[] = [];
  let at = 0;
  for (const entity of found) {
    const value = text.slice(entity.offset, entity.offset + entity.length);
    const [type, field] = DETECTED[entity.type]!;
    parts.push(text.slice(at, entity.offset));
    const stripped = type === 'mention' || type === 'hashtag' ? value.slice(1) : value;
    parts.push({ type, text: value, [field]: type === 'cashtag' ? value.slice(1) : stripped });
    at = entity.offset + entity.length;
  }
  parts.push(text.slice(at));
  return richText(parts);
}

function checkLimits(blocks: RichBlock[], mediaCount: number): void {
  let count = 0;
  let characters = 0;
  const textDepth = (text: RichText | undefined, depth: number): number => {
    if (text === undefined || typeof text === 'string') return depth;
    if (Array.isArray(text)) return Math.max(depth, ...text.map((t) => textDepth(t, depth)));
    return textDepth(text.text, depth + 1);
  };
  const visit = (list: RichBlock[], depth: number): void => {
    for (const block of list) {
      count++;
      if (depth > RICH_LIMITS.depth) throw tdlibError('Rich message nesting is too deep');
      for (const text of textsOf(block)) {
        characters += codePointLength(plainText(text));
        if (textDepth(text, depth) > RICH_LIMITS.depth) throw tdlibError('Rich message nesting is too deep');
      }
      if (block.type === 'list') {
        const items = block.items as Array<{ blocks: RichBlock[] }>;
        count += items.length;
        for (const item of items) visit(item.blocks, depth + 2);
      } else if (block.type === 'table') {
        const rows = block.cells as unknown[][];
        count += rows.length;
        if (rows.some((row) => row.length > RICH_LIMITS.columns)) throw tdlibError('Too many table columns');
      } else if (block.type === 'mathematical_expression') {
        characters += codePointLength(String(block.expression));
      }
      const children = block.blocks as RichBlock[] | undefined;
      if (children && block.type !== 'list') visit(children, depth + 1);
    }
  };
  visit(blocks, 1);
  if (characters > RICH_LIMITS.characters) throw tdlibError('Rich message is too long');
  if (count > RICH_LIMITS.blocks) throw tdlibError('Rich message has too many blocks');
  if (mediaCount > RICH_LIMITS.media) throw tdlibError('Rich message has too many media');
}

/** The RichText fields of a block (not of its child blocks). */
function textsOf(block: RichBlock): RichText[] {
  const texts: RichText[] = [];
  for (const key of ['text', 'summary', 'credit'] as const) {
    if (block[key] !== undefined) texts.push(block[key] as RichText);
  }
  if (block.type === 'table') {
    if (block.caption !== undefined) texts.push(block.caption as RichText);
    for (const row of block.cells as Array<Array<{ text?: RichText }>>) {
      for (const cell of row) if (cell.text !== undefined) texts.push(cell.text);
    }
  } else if (block.caption !== undefined) {
    const caption = block.caption as { text: RichText; credit?: RichText };
    texts.push(caption.text);
    if (caption.credit !== undefined) texts.push(caption.credit);
  }
  return texts;
}

function walkTexts(blocks: RichBlock[], f: (text: RichText, block: RichBlock) => RichText): void {
  mapTexts(blocks, f);
}

/** The blocks with every RichText field mapped by `f`, at any depth. */
function mapTexts(blocks: RichBlock[], f: (text: RichText, block: RichBlock) => RichText): RichBlock[] {
  return blocks.map((block) => {
    const out: RichBlock = { ...block };
    for (const key of ['text', 'summary', 'credit'] as const) {
      if (out[key] !== undefined) out[key] = f(out[key] as RichText, block);
    }
    if (block.type === 'table') {
      if (out.caption !== undefined) out.caption = f(out.caption as RichText, block);
      out.cells = (block.cells as Array<Array<{ text?: RichText }>>).map((row) =>
        row.map((cell) => (cell.text === undefined ? cell : { ...cell, text: f(cell.text!, block) })),
      );
    } else if (out.caption !== undefined) {
      const caption = out.caption as { text: RichText; credit?: RichText };
      out.caption = {
        text: f(caption.text, block),
        ...(caption.credit !== undefined ? { credit: f(caption.credit, block) } : {}),
      };
    }
    return mapChildBlocks(out, (children) => mapTexts(children, f));
  });
}

function mapChildBlocks(block: RichBlock, f: (children: RichBlock[]) => RichBlock[]): RichBlock {
  if (block.type === 'list') {
    const items = block.items as Array<{ blocks: RichBlock[] }>;
    return { ...block, items: items.map((item) => ({ ...item, blocks: f(item.blocks) })) };
  }
  if (Array.isArray(block.blocks)) return { ...block, blocks: f(block.blocks as RichBlock[]) };
  return block;
}

function* allBlocks(blocks: RichBlock[]): Generator<RichBlock> {
  for (const block of blocks) {
    yield block;
    if (block.type === 'list') {
      for (const item of block.items as Array<{ blocks: RichBlock[] }>) yield* allBlocks(item.blocks);
    } else if (Array.isArray(block.blocks)) yield* allBlocks(block.blocks as RichBlock[]);
  }
}
