/**
 * A message's rich content (`rich_message`, RichMessage of Bot API 10.1-10.3; ADR 0051, 0088, 0089,
 * 0095) as the person's app draws it: each RichBlock as the semantic element it stands for
 * (headings, paragraphs, lists with their labels, quotations, code, tables, details, figures), its
 * texts by rich-text.tsx and its media and maps by rich-media.tsx. No text of the message is read
 * as HTML.
 */
import { useState } from 'preact/hooks';
import { Caption, MapBlock, MediaBlock, MEDIA_BLOCKS } from './rich-media.js';
import type { RichBlockView, RichMessageView } from './rich-types.js';
import { RichTextView, anchorId, plainText, type RichScope, type RichText } from './rich-text.js';

interface ListItemView {
  label: string;
  blocks: RichBlockView[];
  has_checkbox?: boolean;
  is_checked?: boolean;
  value?: number;
  type?: string;
}

interface CellView {
  text?: RichText;
  is_header?: boolean;
  colspan?: number;
  rowspan?: number;
  align?: string;
  valign?: string;
}

const ALIGN = new Set(['left', 'center', 'right']);
const VALIGN: Record<string, string> = { top: 'top', middle: 'middle', bottom: 'bottom' };

function Blocks({ blocks, scope }: { blocks: RichBlockView[] | undefined; scope: RichScope }) {
  return (
    <>
      {(blocks ?? []).map((block, index) => (
        <Block key={index} block={block} scope={scope} />
      ))}
    </>
  );
}

/**
 * A list: numbered (<ol>) once its labels are numbers or letters, else bulleted (<ul>). The label
 * the platform gave each item is drawn as given ("iii.", "•"), so the screen shows what the bot's
 * user sees on the platform; a checkbox shows its state and cannot be changed.
 */
function List({ items, scope }: { items: ListItemView[]; scope: RichScope }) {
  const ordered = items.some((item) => item.label !== '•' && item.label !== '');
  const children = items.map((item, index) => (
    <li key={index} value={ordered ? item.value : undefined}>
      <span class="rich-label" aria-hidden={ordered ? undefined : 'true'}>
        {item.label}
      </span>
      {item.has_checkbox && (
        <input
          type="checkbox"
          checked={item.is_checked === true}
          disabled
          aria-label={item.is_checked ? 'done' : 'not done'}
        />
      )}
      <div class="rich-item">
        <Blocks blocks={item.blocks} scope={scope} />
      </div>
    </li>
  ));
  const type = items.find((item) => item.type)?.type;
  return ordered ? (
    <ol class="rich-list" type={type as 'a' | 'A' | 'i' | 'I' | '1' | undefined}>
      {children}
    </ol>
  ) : (
    <ul class="rich-list">{children}</ul>
  );
}

function Table({ block, scope }: { block: RichBlockView; scope: RichScope }) {
  const rows = (block.cells as CellView[][] | undefined) ?? [];
  const classes = [
    'rich-table',
    block.is_bordered ? 'bordered' : '',
    block.is_striped ? 'striped' : '',
    block.is_compact ? 'compact' : '',
  ].filter(Boolean);
  return (
    <div class="rich-table-scroll">
      <table class={classes.join(' ')}>
        {block.caption !== undefined && (
          <caption>
            <RichTextView text={block.caption as RichText} scope={scope} />
          </caption>
        )}
        <tbody>
          {rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, c) => {
                const Cell = cell.is_header ? 'th' : 'td';
                return (
                  <Cell
                    key={c}
                    colSpan={cell.colspan}
                    rowSpan={cell.rowspan}
                    class={cell.text === undefined ? 'rich-cell-empty' : undefined}
                    style={{
                      textAlign: ALIGN.has(cell.align ?? '') ? cell.align : 'left',
                      verticalAlign: VALIGN[cell.valign ?? ''] ?? 'top',
                    }}
                  >
                    <RichTextView text={cell.text} scope={scope} />
                  </Cell>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** An expandable quotation (10.3): a few lines until the person expands it. */
function ExpandableQuote({ block, scope }: { block: RichBlockView; scope: RichScope }) {
  const [open, setOpen] = useState(false);
  return (
    <figure class="rich-quote">
      <blockquote class={`expandable ${open ? 'expanded' : 'collapsed'}`}>
        <RichTextView text={block.text as RichText} scope={scope} />
      </blockquote>
      <button type="button" class="link rich-expand" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'Show less' : 'Show more'}
      </button>
      <Credit credit={block.credit as RichText | undefined} scope={scope} />
    </figure>
  );
}

function Credit({ credit, scope }: { credit: RichText | undefined; scope: RichScope }) {
  if (credit === undefined) return null;
  return (
    <figcaption>
      <cite>
        <RichTextView text={credit} scope={scope} />
      </cite>
    </figcaption>
  );
}

/** A collage shows its media together; a slideshow one at a time, with buttons to go through them. */
function Slideshow({ block, scope }: { block: RichBlockView; scope: RichScope }) {
  const items = (block.blocks as RichBlockView[] | undefined) ?? [];
  const [at, setAt] = useState(0);
  const shown = Math.min(at, Math.max(0, items.length - 1));
  return (
    <figure class="rich-slideshow" aria-roledescription="slideshow">
      {items[shown] && <Block block={items[shown]} scope={scope} />}
      {items.length > 1 && (
        <div class="rich-slideshow-nav">
          <button type="button" aria-label="Previous" disabled={shown === 0} onClick={() => setAt(shown - 1)}>
            ‹
          </button>
          <span aria-live="polite">
            {shown + 1} / {items.length}
          </span>
          <button
            type="button"
            aria-label="Next"
            disabled={shown === items.length - 1}
            onClick={() => setAt(shown + 1)}
          >
            ›
          </button>
        </div>
      )}
      <Caption caption={block.caption as never} scope={scope} />
    </figure>
  );
}

function Block({ block, scope }: { block: RichBlockView; scope: RichScope }) {
  const text = block.text as RichText | undefined;
  if (MEDIA_BLOCKS.has(block.type)) return <MediaBlock block={block} scope={scope} />;
  switch (block.type) {
    case 'paragraph':
      return (
        <p>
          <RichTextView text={text} scope={scope} />
        </p>
      );
    case 'heading': {
      // The chat's own title is the page's <h2>: a message's headings sit below it.
      const size = Math.min(6, Math.max(1, Number(block.size) || 1));
      const Heading = `h${Math.min(6, size + 2)}` as 'h3';
      return (
        <Heading class={`rich-heading rich-size-${size}`}>
          <RichTextView text={text} scope={scope} />
        </Heading>
      );
    }
    case 'pre': {
      const language = typeof block.language === 'string' ? block.language : '';
      return (
        <figure class="rich-pre">
          {language && <figcaption class="rich-language">{language}</figcaption>}
          <pre>
            <code class={language ? `language-${language.replace(/[^\w+#-]/g, '')}` : undefined}>
              <RichTextView text={text} scope={scope} />
            </code>
          </pre>
        </figure>
      );
    }
    case 'footer':
      return (
        <footer class="rich-footer">
          <RichTextView text={text} scope={scope} />
        </footer>
      );
    case 'divider':
      return <hr />;
    case 'mathematical_expression': {
      const expression = String(block.expression ?? '');
      return (
        <div class="rich-math" role="math" aria-label={expression}>
          <code>{expression}</code>
        </div>
      );
    }
    case 'anchor':
      return <span id={anchorId(scope, String(block.name ?? ''))} class="rich-anchor" />;
    case 'list':
      return <List items={(block.items as ListItemView[] | undefined) ?? []} scope={scope} />;
    case 'blockquote':
      return (
        <figure class="rich-quote">
          <blockquote>
            <Blocks blocks={block.blocks as RichBlockView[]} scope={scope} />
          </blockquote>
          <Credit credit={block.credit as RichText | undefined} scope={scope} />
        </figure>
      );
    case 'expandable_blockquote':
      return <ExpandableQuote block={block} scope={scope} />;
    case 'pullquote':
      return (
        <figure class="rich-quote rich-pullquote">
          <blockquote>
            <p>
              <RichTextView text={text} scope={scope} />
            </p>
          </blockquote>
          <Credit credit={block.credit as RichText | undefined} scope={scope} />
        </figure>
      );
    case 'collage':
      return (
        <figure class="rich-collage">
          <div class="rich-collage-grid">
            <Blocks blocks={block.blocks as RichBlockView[]} scope={scope} />
          </div>
          <Caption caption={block.caption as never} scope={scope} />
        </figure>
      );
    case 'slideshow':
      return <Slideshow block={block} scope={scope} />;
    case 'table':
      return <Table block={block} scope={scope} />;
    case 'details':
      return (
        <details class="rich-details" open={block.is_open === true}>
          <summary>
            <RichTextView text={block.summary as RichText} scope={scope} />
          </summary>
          <Blocks blocks={block.blocks as RichBlockView[]} scope={scope} />
        </details>
      );
    case 'map':
      return <MapBlock block={block} scope={scope} />;
    case 'thinking':
      return (
        <div class="rich-thinking" role="status" aria-label="Thinking">
          <span class="rich-thinking-label" aria-hidden="true">
            Thinking
          </span>
          <p>
            <RichTextView text={text} scope={scope} />
          </p>
        </div>
      );
    default:
      // A block of a later Bot API version: its text, if it has one, so nothing is lost.
      return text === undefined ? null : (
        <p class="rich-unknown">
          <RichTextView text={text} scope={scope} />
        </p>
      );
  }
}

/**
 * The whole rich message of one message (or draft): `id` keeps its anchors apart from those of
 * other messages in the page.
 */
export function RichMessage({ rich, id }: { rich: RichMessageView; id: string }) {
  const scope: RichScope = { prefix: `rich-${id}` };
  return (
    <div class="rich-message" id={scope.prefix} dir={rich.is_rtl ? 'rtl' : undefined}>
      <Blocks blocks={rich.blocks} scope={scope} />
    </div>
  );
}

/** A short text of a rich message for previews (the chat list, a reply, a pin): its first text. */
export function richPreview(rich: RichMessageView | undefined): string | undefined {
  if (!rich) return undefined;
  const visit = (blocks: RichBlockView[] | undefined): string => {
    for (const block of blocks ?? []) {
      const own = plainText((block.text ?? block.summary) as RichText | undefined).trim();
      if (own) return own;
      const items = (block.items as ListItemView[] | undefined) ?? [];
      const inner = visit([
        ...((block.blocks as RichBlockView[] | undefined) ?? []),
        ...items.flatMap((i) => i.blocks),
      ]);
      if (inner) return inner;
      if (MEDIA_BLOCKS.has(block.type)) return block.type === 'voice_note' ? 'Voice message' : block.type;
    }
    return '';
  };
  return visit(rich.blocks) || 'Rich message';
}
