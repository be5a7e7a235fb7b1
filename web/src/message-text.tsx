/** A message's text with its entities (bold, links, code, ...), as the person's app renders it. */
import type { ComponentChildren } from 'preact';
import type { Entity } from './api.js';

/** Wraps `children` in the element of one entity. */
function wrap(entity: Entity, children: ComponentChildren, key: number, raw: string) {
  switch (entity.type) {
    case 'bold':
      return <strong key={key}>{children}</strong>;
    case 'italic':
      return <em key={key}>{children}</em>;
    case 'underline':
      return <u key={key}>{children}</u>;
    case 'strikethrough':
      return <s key={key}>{children}</s>;
    case 'spoiler':
      return (
        <span key={key} class="spoiler">
          {children}
        </span>
      );
    case 'code':
      return <code key={key}>{children}</code>;
    case 'pre':
      return (
        <pre key={key}>
          <code>{children}</code>
        </pre>
      );
    case 'blockquote':
    case 'expandable_blockquote':
      return <blockquote key={key}>{children}</blockquote>;
    case 'text_link':
    case 'url': {
      const href = entity.type === 'url' ? raw : entity.url;
      return safeHref(href) ? (
        <a key={key} href={safeHref(href)} target="_blank" rel="noreferrer noopener">
          {children}
        </a>
      ) : (
        <span key={key}>{children}</span>
      );
    }
    case 'mention':
    case 'hashtag':
    case 'cashtag':
    case 'bot_command':
    case 'email':
    case 'phone_number':
    case 'text_mention':
      return (
        <span key={key} class={`entity-${entity.type}`}>
          {children}
        </span>
      );
    default:
      return <span key={key}>{children}</span>;
  }
}

/** Only web links open from a message; anything else (javascript:, data:) stays text. */
export function safeHref(href: string | undefined): string | undefined {
  if (!href) return undefined;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(href) ? href : `https://${href}`;
  return /^(https?|tg):/i.test(withScheme) ? withScheme : undefined;
}

/**
 * Renders `text` (offsets in UTF-16 code units, as JavaScript strings count) with nested entities:
 * an entity inside another is rendered inside it.
 */
export function MessageText({ text, entities = [] }: { text: string; entities?: Entity[] | undefined }) {
  const sorted = [...entities].sort((a, b) => a.offset - b.offset || b.length - a.length);
  let key = 0;
  const render = (from: number, to: number, inner: Entity[]): ComponentChildren[] => {
    const out: ComponentChildren[] = [];
    let at = from;
    let i = 0;
    while (i < inner.length) {
      const entity = inner[i]!;
      if (entity.offset > at) out.push(text.slice(at, entity.offset));
      const end = Math.min(entity.offset + entity.length, to);
      const nested: Entity[] = [];
      i++;
      while (i < inner.length && inner[i]!.offset < end) nested.push(inner[i++]!);
      out.push(
        wrap(entity, render(Math.max(entity.offset, at), end, nested), key++, text.slice(entity.offset, end)),
      );
      at = Math.max(at, end);
    }
    if (at < to) out.push(text.slice(at, to));
    return out;
  };
  return <>{render(0, text.length, sorted)}</>;
}
