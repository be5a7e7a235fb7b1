/**
 * RichText (Bot API 10.1, "RichText*" types) as the person's app draws it: a string, an array, or a
 * typed object whose marks nest. Everything is drawn as text and elements Preact creates; nothing of
 * the message is ever read as HTML, so a text holding `<script>` shows as those characters.
 */
import type { ComponentChildren } from 'preact';
import { safeHref } from './message-text.js';

/** A RichText value as the person's view carries it (ADR 0051, 0088). */
export type RichText = string | RichText[] | RichTextObject;

export interface RichTextObject {
  type: string;
  text?: RichText;
  [field: string]: unknown;
}

/**
 * Where the anchors of one message live: their element ids are prefixed with it, so that two
 * messages with an anchor of the same name do not share an id in the page.
 */
export interface RichScope {
  prefix: string;
}

/** The element id of an anchor or a reference named `name` in the message of `scope`. */
export function anchorId(scope: RichScope, name: string): string {
  return `${scope.prefix}-${name.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

function field(object: RichTextObject, name: string): string {
  const value = object[name];
  return typeof value === 'string' ? value : '';
}

/** The text of a RichText without its marks: alt texts, previews, labels. */
export function plainText(text: RichText | undefined): string {
  if (text === undefined || text === null) return '';
  if (typeof text === 'string') return text;
  if (Array.isArray(text)) return text.map(plainText).join('');
  if (text.type === 'custom_emoji') return field(text, 'alternative_text');
  if (text.type === 'mathematical_expression') return field(text, 'expression');
  return plainText(text.text);
}

/** A date_time's time as the person's locale writes it (the format string is the bot's wish). */
function localTime(unix: number): string {
  return new Date(unix * 1000).toLocaleString();
}

function Mark({ text, scope }: { text: RichTextObject; scope: RichScope }) {
  const inner = <RichTextView text={text.text} scope={scope} />;
  switch (text.type) {
    case 'bold':
      return <strong>{inner}</strong>;
    case 'italic':
      return <em>{inner}</em>;
    case 'underline':
      return <u>{inner}</u>;
    case 'strikethrough':
      return <s>{inner}</s>;
    case 'spoiler':
      return <span class="spoiler">{inner}</span>;
    case 'subscript':
      return <sub>{inner}</sub>;
    case 'superscript':
      return <sup>{inner}</sup>;
    case 'marked':
      return <mark>{inner}</mark>;
    case 'code':
      return <code>{inner}</code>;
    case 'date_time': {
      const unix = typeof text.unix_time === 'number' ? text.unix_time : 0;
      return (
        <time dateTime={new Date(unix * 1000).toISOString()} title={localTime(unix)}>
          {inner}
        </time>
      );
    }
    case 'custom_emoji':
      return (
        <span class="custom-emoji" role="img" aria-label={field(text, 'alternative_text')}>
          {field(text, 'alternative_text')}
        </span>
      );
    case 'mathematical_expression':
      return (
        <code class="math" role="math" aria-label={field(text, 'expression')}>
          {field(text, 'expression')}
        </code>
      );
    case 'url': {
      const href = safeHref(field(text, 'url'));
      return href ? (
        <a href={href} target="_blank" rel="noreferrer noopener">
          {inner}
        </a>
      ) : (
        <span>{inner}</span>
      );
    }
    case 'email_address':
      return <a href={`mailto:${encodeURI(field(text, 'email_address'))}`}>{inner}</a>;
    case 'phone_number':
      return <a href={`tel:${encodeURI(field(text, 'phone_number'))}`}>{inner}</a>;
    case 'anchor':
      return <span id={anchorId(scope, field(text, 'name'))} class="rich-anchor" />;
    case 'anchor_link': {
      const name = field(text, 'anchor_name');
      return <a href={`#${name === '' ? scope.prefix : anchorId(scope, name)}`}>{inner}</a>;
    }
    case 'reference':
      return (
        <span id={anchorId(scope, `ref-${field(text, 'name')}`)} class="rich-reference">
          {inner}
        </span>
      );
    case 'reference_link':
      return (
        <sup>
          <a href={`#${anchorId(scope, `ref-${field(text, 'reference_name')}`)}`}>{inner}</a>
        </sup>
      );
    case 'text_mention':
    case 'mention':
    case 'hashtag':
    case 'cashtag':
    case 'bot_command':
    case 'bank_card_number':
      return <span class={`entity-${text.type}`}>{inner}</span>;
    default:
      return <span>{inner}</span>;
  }
}

/** A RichText, its marks nested as given. */
export function RichTextView({ text, scope }: { text: RichText | undefined; scope: RichScope }) {
  if (text === undefined || text === null) return null;
  if (typeof text === 'string') return <>{text}</>;
  if (Array.isArray(text)) {
    const parts: ComponentChildren[] = text.map((part, index) => (
      <RichTextView key={index} text={part} scope={scope} />
    ));
    return <>{parts}</>;
  }
  return <Mark text={text} scope={scope} />;
}
