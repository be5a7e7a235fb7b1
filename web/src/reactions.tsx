/**
 * A message's reactions as the person sees them (counts, their own highlighted; a click toggles
 * theirs). The palette to react with is in the message's actions (message-item.tsx, ADR 0098). The
 * person keeps one reaction per message here.
 */
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
  const summary = message.reaction_summary as Summary | undefined;
  const mine = summary?.chosen.find((r) => r.type === 'emoji')?.emoji;
  const shown = summary?.reactions.filter((r) => r.type.type === 'emoji') ?? [];
  if (shown.length === 0) return null;
  return (
    <div class="reactions">
      {shown.map((r) => (
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
    </div>
  );
}
