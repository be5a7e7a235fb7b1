/**
 * A message's reactions as the person sees them (counts, their own highlighted; a click toggles
 * theirs) and the palette to react with. The person keeps one reaction per message here.
 */
import { useState } from 'preact/hooks';
import type { Message } from './api.js';

/** The palette: reaction emoji of the spec's list. */
export const PALETTE = ['👍', '❤', '🔥', '🎉', '😁', '🤔', '👎'];

interface Summary {
  reactions: { type: { type: string; emoji?: string }; total_count: number }[];
  chosen: { type: string; emoji?: string }[];
}

export function Reactions({
  message,
  onReact,
}: {
  message: Message;
  /** The person's new reaction (undefined removes it). */
  onReact: (emoji: string | undefined) => void;
}) {
  const [open, setOpen] = useState(false);
  const summary = message.reaction_summary as Summary | undefined;
  const mine = summary?.chosen.find((r) => r.type === 'emoji')?.emoji;
  return (
    <div class="reactions">
      {summary?.reactions
        .filter((r) => r.type.type === 'emoji')
        .map((r) => (
          <button
            type="button"
            key={r.type.emoji}
            class="reaction"
            aria-pressed={r.type.emoji === mine}
            onClick={() => onReact(r.type.emoji === mine ? undefined : r.type.emoji)}
          >
            {r.type.emoji} {r.total_count}
          </button>
        ))}
      <button type="button" class="react" aria-expanded={open} onClick={() => setOpen(!open)}>
        React
      </button>
      {open && (
        <span class="palette" role="group" aria-label="Reactions">
          {PALETTE.map((emoji) => (
            <button
              type="button"
              key={emoji}
              onClick={() => {
                setOpen(false);
                onReact(emoji === mine ? undefined : emoji);
              }}
            >
              {emoji}
            </button>
          ))}
        </span>
      )}
    </div>
  );
}
