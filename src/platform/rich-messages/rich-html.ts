/**
 * Rich-message HTML (InputRichMessage.html) into RichBlocks (ADR 0051). Each block type names its
 * tag in the reference JSON (<p>, <h1>-<h6>, <pre>, <footer>, <hr/>, <tg-math-block>, <a name>,
 * <ul>/<ol>/<li>, <blockquote>, <aside>, <tg-collage>, <tg-slideshow>, <table>, <details>,
 * <tg-map>, <video>, <audio>, <img>, <tg-thinking>); text formatting uses the message HTML tags
 * plus <sub>, <sup>, <mark>, <tg-math> and <tg-reference name>. Inline content met where blocks
 * are expected forms a paragraph; whitespace between blocks is ignored.
 * The tags themselves and their tables are in rich-html-tags.ts.
 *
 * Long because: it is one grammar, the twenty block types of the reference JSON and their tags, each
 * a small case of one walker; split by block type it would only scatter that table.
 */
import { entityParseError } from '../formatting/formatting-error.js';
import { parseHtmlTree, textContent, type HtmlElement, type HtmlNode } from './html-tree.js';
import {
  ALIGN,
  INLINE,
  INLINE_SIMPLE,
  listLabel,
  LIST_TYPES,
  MEDIA_TAGS,
  SUPPORTED,
  VALIGN,
  VOID,
} from './rich-html-tags.js';
import { customEmoji, dateTime, isEmptyText, linkText, richText, trimText } from './rich-text.js';
import type {
  ParsedBlocks,
  PendingMediaBlock,
  RichBlock,
  RichBlockCaption,
  RichMediaSource,
  RichText,
} from './rich-types.js';

export function parseRichHtml(html: string): ParsedBlocks {
  const root = parseHtmlTree(html, SUPPORTED, VOID);
  const parser = new HtmlBlocks();
  const blocks = parser.blocks(root.children);
  return { blocks, media: parser.media, mentionedUserIds: parser.mentions };
}

const isElement = (node: HtmlNode, ...names: string[]): node is HtmlElement =>
  node.kind === 'element' && names.includes(node.name);

const misplaced = (element: HtmlElement) =>
  entityParseError(`Unexpected tag "${element.name}" at byte offset ${element.offset}`);

class HtmlBlocks {
  readonly media: RichMediaSource[] = [];
  readonly mentions: number[] = [];

  /** Blocks of a container: block tags as blocks, runs of inline content as paragraphs. */
  blocks(nodes: HtmlNode[]): RichBlock[] {
    const blocks: RichBlock[] = [];
    let run: HtmlNode[] = [];
    const flush = () => {
      const anchors = run.filter((n) => n.kind === 'element' || n.value.trim() !== '');
      if (anchors.length > 0 && anchors.every((n) => isElement(n, 'a') && isAnchor(n))) {
        for (const a of anchors as HtmlElement[])
          blocks.push({ type: 'anchor', name: a.attributes.get('name')! });
      } else {
        const text = trimText(this.inline(run));
        if (!isEmptyText(text)) blocks.push({ type: 'paragraph', text });
      }
      run = [];
    };
    for (const node of nodes) {
      if (node.kind === 'text' || INLINE.has(node.name)) {
        run.push(node);
        continue;
      }
      flush();
      blocks.push(this.block(node));
    }
    flush();
    return blocks;
  }

  block(element: HtmlElement): RichBlock {
    const { name, attributes } = element;
    switch (name) {
      case 'p':
      case 'footer':
        return { type: name === 'p' ? 'paragraph' : 'footer', text: this.inlineOnly(element) };
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4':
      case 'h5':
      case 'h6':
        return { type: 'heading', text: this.inlineOnly(element), size: Number(name[1]) };
      case 'pre': {
        // <pre><code class="language-x">...</code></pre> carries a language.
        const only = element.children.length === 1 ? element.children[0]! : undefined;
        const code = only && isElement(only, 'code') ? only : undefined;
        const language = code?.attributes.get('class')?.match(/^language-(.+)$/)?.[1];
        const text = this.inlineOnly(code ?? element);
        return language ? { type: 'pre', text, language } : { type: 'pre', text };
      }
      case 'hr':
        return { type: 'divider' };
      case 'tg-math-block':
        return { type: 'mathematical_expression', expression: textContent(element).trim() };
      case 'ul':
      case 'ol':
        return this.list(element);
      case 'blockquote': {
        const { rest, credit } = this.splitCredit(element.children);
        const withCredit = credit !== undefined ? { credit } : {};
        // 10.3 (@grammyjs/types 5.0.0): `<blockquote expandable>` holds text, not blocks (ADR 0089).
        if (element.attributes.has('expandable') || element.attributes.has('collapsed')) {
          return { type: 'expandable_blockquote', text: trimText(this.inline(rest)), ...withCredit };
        }
        return { type: 'blockquote', blocks: this.blocks(rest), ...withCredit };
      }
      case 'aside': {
        const { rest, credit } = this.splitCredit(element.children);
        return {
          type: 'pullquote',
          text: trimText(this.inline(rest)),
          ...(credit !== undefined ? { credit } : {}),
        };
      }
      case 'tg-collage':
      case 'tg-slideshow': {
        const { rest, caption } = this.splitCaption(element.children);
        const blocks = this.blocks(rest);
        for (const block of blocks) if (block.type !== 'media') throw misplaced(element);
        return {
          type: name === 'tg-collage' ? 'collage' : 'slideshow',
          blocks,
          ...(caption ? { caption } : {}),
        };
      }
      case 'table':
        return this.table(element);
      case 'details': {
        const [first, ...rest] = element.children.filter(
          (n) => n.kind === 'element' || n.value.trim() !== '',
        );
        if (!first || !isElement(first, 'summary')) {
          throw entityParseError(`Tag "details" must start with "summary" at byte offset ${element.offset}`);
        }
        return {
          type: 'details',
          summary: trimText(this.inline(first.children)),
          blocks: this.blocks(rest),
          ...(attributes.has('open') ? { is_open: true } : {}),
        };
      }
      case 'tg-map':
        return this.map(element, undefined);
      case 'img':
      case 'video':
      case 'audio':
        return this.mediaBlock(element, undefined);
      case 'figure': {
        const { rest, caption } = this.splitCaption(element.children);
        const content = rest.filter((n) => n.kind === 'element' || n.value.trim() !== '');
        const only = content.length === 1 ? content[0]! : undefined;
        if (only?.kind !== 'element' || !(only.name === 'tg-map' || MEDIA_TAGS.has(only.name))) {
          throw entityParseError(`Tag "figure" must hold one media element at byte offset ${element.offset}`);
        }
        return only.name === 'tg-map' ? this.map(only, caption) : this.mediaBlock(only, caption);
      }
      case 'tg-thinking':
        return { type: 'thinking', text: this.inlineOnly(element) };
      default:
        throw misplaced(element);
    }
  }

  /** Inline content of a node; a block tag inside is refused. */
  inlineOnly(element: HtmlElement): RichText {
    return trimText(this.inline(element.children));
  }

  inline(nodes: HtmlNode[]): RichText {
    return richText(nodes.map((node) => this.inlineNode(node)));
  }

  inlineNode(node: HtmlNode): RichText {
    if (node.kind === 'text') return node.value;
    const { name, attributes } = node;
    const simple = INLINE_SIMPLE[name];
    if (simple !== undefined) return { type: simple, text: this.inline(node.children) };
    switch (name) {
      case 'span':
        if (attributes.get('class') !== 'tg-spoiler') {
          throw entityParseError(`Tag "span" must have class "tg-spoiler" at byte offset ${node.offset}`);
        }
        return { type: 'spoiler', text: this.inline(node.children) };
      case 'br':
        return '\n';
      case 'a': {
        if (isAnchor(node)) return { type: 'anchor', name: attributes.get('name')! };
        const text = this.inline(node.children);
        const href = attributes.get('href') ?? textContent(node);
        return linkText(href, text, this.mentions);
      }
      case 'tg-emoji':
        return customEmoji(attributes.get('emoji-id') ?? '', textContent(node));
      case 'tg-time':
        return dateTime(
          this.inline(node.children),
          attributes.get('unix') ?? '',
          attributes.get('format') ?? '',
        );
      case 'tg-math':
        return { type: 'mathematical_expression', expression: textContent(node) };
      case 'tg-reference':
        return { type: 'reference', text: this.inline(node.children), name: attributes.get('name') ?? '' };
      default:
        throw misplaced(node);
    }
  }

  list(element: HtmlElement): RichBlock {
    const ordered = element.name === 'ol';
    const listType = element.attributes.get('type') ?? '1';
    if (ordered && !LIST_TYPES.includes(listType)) {
      throw entityParseError(`Invalid list type "${listType}" at byte offset ${element.offset}`);
    }
    let next = ordered ? integerAttribute(element, 'start', 1) : 0;
    const items: Array<Record<string, unknown>> = [];
    for (const child of element.children) {
      if (child.kind === 'text' && child.value.trim() === '') continue;
      if (child.kind === 'text') throw misplaced(element);
      if (child.name !== 'li') throw misplaced(child);
      let content = child.children;
      const first = content.find((n) => n.kind === 'element' || n.value.trim() !== '');
      const checkbox = first && isElement(first, 'input') && first.attributes.get('type') === 'checkbox';
      if (checkbox) content = content.slice(content.indexOf(first) + 1);
      const value = ordered ? integerAttribute(child, 'value', next) : undefined;
      const item: Record<string, unknown> = {
        label: value !== undefined ? `${listLabel(value, listType)}.` : '•',
        blocks: this.blocks(content),
      };
      if (checkbox) {
        item.has_checkbox = true;
        if (first.attributes.has('checked')) item.is_checked = true;
      }
      if (value !== undefined) {
        item.value = value;
        item.type = listType;
        next = value + 1;
      }
      items.push(item);
    }
    return { type: 'list', items };
  }

  table(element: HtmlElement): RichBlock {
    const rows: HtmlElement[] = [];
    let caption: RichText | undefined;
    const collect = (nodes: HtmlNode[]) => {
      for (const node of nodes) {
        if (node.kind === 'text') {
          if (node.value.trim() !== '') throw misplaced(element);
        } else if (node.name === 'tr') rows.push(node);
        else if (['thead', 'tbody', 'tfoot'].includes(node.name)) collect(node.children);
        else if (node.name === 'caption') caption = trimText(this.inline(node.children));
        else throw misplaced(node);
      }
    };
    collect(element.children);
    const cells = rows.map((row) => {
      const out: RichBlock[] = [];
      for (const node of row.children) {
        if (node.kind === 'text') {
          if (node.value.trim() !== '') throw misplaced(row);
          continue;
        }
        if (node.name !== 'td' && node.name !== 'th') throw misplaced(node);
        const align = node.attributes.get('align') ?? 'left';
        const valign = node.attributes.get('valign') ?? 'top';
        if (!ALIGN.includes(align) || !VALIGN.includes(valign)) {
          throw entityParseError(`Invalid cell alignment at byte offset ${node.offset}`);
        }
        const text = trimText(this.inline(node.children));
        const colspan = integerAttribute(node, 'colspan', 1);
        const rowspan = integerAttribute(node, 'rowspan', 1);
        out.push({
          ...(!isEmptyText(text) || node.children.length > 0 ? { text } : {}),
          ...(node.name === 'th' ? { is_header: true } : {}),
          ...(colspan > 1 ? { colspan } : {}),
          ...(rowspan > 1 ? { rowspan } : {}),
          align,
          valign,
        } as unknown as RichBlock);
      }
      return out;
    });
    return {
      type: 'table',
      cells,
      ...(element.attributes.has('bordered') ? { is_bordered: true } : {}),
      ...(element.attributes.has('striped') ? { is_striped: true } : {}),
      ...(element.attributes.has('compact') ? { is_compact: true } : {}),
      ...(caption !== undefined ? { caption } : {}),
    };
  }

  map(element: HtmlElement, caption: RichBlockCaption | undefined): RichBlock {
    const latitude = Number(element.attributes.get('lat'));
    const longitude = Number(element.attributes.get('long'));
    if (
      !element.attributes.has('lat') ||
      !element.attributes.has('long') ||
      !(Math.abs(latitude) <= 90) ||
      !(Math.abs(longitude) <= 180)
    ) {
      throw entityParseError(`Invalid map location specified at byte offset ${element.offset}`);
    }
    const zoom = Math.min(20, Math.max(13, integerAttribute(element, 'zoom', 15)));
    return {
      type: 'map',
      location: { latitude, longitude },
      zoom,
      width: Math.max(1, integerAttribute(element, 'width', 600)),
      height: Math.max(1, integerAttribute(element, 'height', 300)),
      ...(caption ? { caption } : {}),
    };
  }

  mediaBlock(element: HtmlElement, caption: RichBlockCaption | undefined): PendingMediaBlock {
    const src = element.attributes.get('src') ?? '';
    if (src.trim() === '')
      throw entityParseError(
        `Tag "${element.name}" must have attribute "src" at byte offset ${element.offset}`,
      );
    const { attributes } = element;
    const request =
      element.name === 'img'
        ? 'photo'
        : element.name === 'video'
          ? attributes.has('autoplay')
            ? 'animation'
            : 'video'
          : attributes.has('voice')
            ? 'voice_note'
            : 'audio';
    this.media.push({ request, src: src.trim() });
    const spoiler = attributes.has('tg-spoiler') || attributes.has('spoiler');
    return {
      type: 'media',
      media: this.media.length - 1,
      ...(spoiler && request !== 'audio' && request !== 'voice_note' ? { has_spoiler: true } : {}),
      ...(caption ? { caption } : {}),
    };
  }

  /** A trailing <cite> of a quotation: its credit. */
  splitCredit(nodes: HtmlNode[]): { rest: HtmlNode[]; credit?: RichText } {
    const index = nodes.findIndex((n) => isElement(n, 'cite'));
    if (index < 0) return { rest: nodes };
    const cite = nodes[index] as HtmlElement;
    return { rest: nodes.filter((_, i) => i !== index), credit: trimText(this.inline(cite.children)) };
  }

  /** A <figcaption> (with an optional <cite> credit) of a figure, collage or slideshow. */
  splitCaption(nodes: HtmlNode[]): { rest: HtmlNode[]; caption?: RichBlockCaption } {
    const index = nodes.findIndex((n) => isElement(n, 'figcaption'));
    if (index < 0) return { rest: nodes };
    const figcaption = nodes[index] as HtmlElement;
    const { rest, credit } = this.splitCredit(figcaption.children);
    return {
      rest: nodes.filter((_, i) => i !== index),
      caption: { text: trimText(this.inline(rest)), ...(credit !== undefined ? { credit } : {}) },
    };
  }
}

function isAnchor(element: HtmlElement): boolean {
  return element.attributes.has('name') && !element.attributes.has('href') && textContent(element) === '';
}

function integerAttribute(element: HtmlElement, name: string, fallback: number): number {
  const value = element.attributes.get(name);
  if (value === undefined) return fallback;
  if (!/^-?\d{1,9}$/.test(value.trim())) {
    throw entityParseError(`Invalid value of attribute "${name}" at byte offset ${element.offset}`);
  }
  return Number(value.trim());
}

export { listLabel };
