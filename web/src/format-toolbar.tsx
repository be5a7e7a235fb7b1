/**
 * The composer's formatting toolbar: each button wraps the selected text of the message box in its
 * markers (markers.ts: `**bold**`, `__italic__`, `` `code` ``, `~~struck~~`, `||spoiler||`,
 * `[text](url)`); the markers become entities when the message is sent. Ctrl/⌘+B, I, E, Shift+X,
 * Shift+P and K do the same from the keyboard.
 */
import type { ComponentChildren, RefObject } from 'preact';
import { wrapSelection } from './markers.js';
import { LinkIcon } from './icons.js';

// The link's glyph is the inline SVG icon: an emoji draws as an empty box where no emoji font is installed.
const FORMATS: ReadonlyArray<{ label: string; marker: string; glyph: ComponentChildren; key: string }> = [
  { label: 'Bold', marker: '**', glyph: 'B', key: 'b' },
  { label: 'Italic', marker: '__', glyph: 'I', key: 'i' },
  { label: 'Code', marker: '`', glyph: '</>', key: 'e' },
  { label: 'Strikethrough', marker: '~~', glyph: 'S', key: 'X' },
  { label: 'Spoiler', marker: '||', glyph: '▒', key: 'P' },
  { label: 'Link', marker: 'link', glyph: <LinkIcon />, key: 'k' },
];

/** Wraps the box's selection in `marker` and selects the wrapped text (a link: its URL). */
function apply(box: HTMLTextAreaElement, marker: string, onChange: (text: string) => void): void {
  const next = wrapSelection(box.value, box.selectionStart, box.selectionEnd, marker);
  onChange(next.text);
  // After the new value is rendered.
  requestAnimationFrame(() => {
    box.focus();
    box.setSelectionRange(next.from, next.to);
  });
}

/** The marker of a keyboard shortcut of the message box, if the key is one. */
export function shortcutMarker(event: KeyboardEvent): string | undefined {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return undefined;
  const key = event.shiftKey ? event.key.toUpperCase() : event.key.toLowerCase();
  return FORMATS.find((format) => format.key === key)?.marker;
}

export function FormatToolbar({
  box,
  onChange,
}: {
  box: RefObject<HTMLTextAreaElement | null>;
  onChange: (text: string) => void;
}) {
  return (
    <div role="toolbar" aria-label="Formatting" class="format-toolbar">
      {FORMATS.map((format) => (
        <button
          type="button"
          key={format.label}
          aria-label={format.label}
          title={format.label}
          class={`format-${format.label.toLowerCase()}`}
          // Keep the selection in the box: the button takes no focus on press.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => box.current && apply(box.current, format.marker, onChange)}
        >
          {format.glyph}
        </button>
      ))}
    </div>
  );
}

/** Applies a keyboard shortcut's marker to the box; answers whether the key was one. */
export function applyShortcut(
  event: KeyboardEvent,
  box: HTMLTextAreaElement,
  onChange: (text: string) => void,
): boolean {
  const marker = shortcutMarker(event);
  if (!marker) return false;
  event.preventDefault();
  apply(box, marker, onChange);
  return true;
}
