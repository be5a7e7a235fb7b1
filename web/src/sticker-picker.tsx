/**
 * The composer's sticker picker (ADR 0090): a set by its name (the names opened before are kept
 * in this browser), its stickers as buttons, and a press sends that sticker by the set's name and
 * its position, as a client's picker does: the sticker need never have reached the person.
 */
import { useState } from 'preact/hooks';
import type { Message } from './api.js';
import { personApi, type SetSticker, type StickerSet } from './person-api.js';
import { useObjectUrl } from './object-url.js';

const RECENT_KEY = 'parley.sticker-sets';
const RECENT_MAX = 8;

function recentSets(): string[] {
  try {
    const stored = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]') as unknown;
    return Array.isArray(stored) ? stored.filter((name): name is string => typeof name === 'string') : [];
  } catch {
    return [];
  }
}

function remember(name: string): string[] {
  const names = [name, ...recentSets().filter((old) => old.toLowerCase() !== name.toLowerCase())];
  const kept = names.slice(0, RECENT_MAX);
  localStorage.setItem(RECENT_KEY, JSON.stringify(kept));
  return kept;
}

/** A sticker of the set: its image when static (WEBP or PNG), else its emoji. */
function StickerFace({ set, index, sticker }: { set: string; index: number; sticker: SetSticker }) {
  const still = !sticker.is_animated && !sticker.is_video;
  const url = useObjectUrl(still ? `${set}/${index}/${sticker.file_unique_id}` : null, () =>
    personApi.stickerUrl(set, index),
  );
  return url ? <img src={url} alt="" class="sticker-image" /> : <span>{sticker.emoji ?? '?'}</span>;
}

export function StickerPicker({
  chatRef,
  replyTo,
  onSent,
  onClose,
}: {
  chatRef: string;
  replyTo: Message | null;
  onSent: (message: Message) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const [recent, setRecent] = useState(recentSets);
  const [set, setSet] = useState<StickerSet | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const open = async (wanted: string) => {
    if (wanted.trim() === '') return;
    setError(null);
    try {
      const found = await personApi.stickerSet(wanted.trim());
      setSet(found);
      setRecent(remember(found.name));
    } catch (e) {
      setSet(null);
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  const send = async (index: number) => {
    if (!set || busy) return;
    setBusy(true);
    setError(null);
    try {
      onSent(await personApi.sendSticker(chatRef, set.name, index, replyTo?.message_id));
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      class="sticker-picker"
      aria-label="Stickers"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <form
        class="sticker-set-form"
        onSubmit={(event) => {
          event.preventDefault();
          void open(name);
        }}
      >
        <label for="sticker-set-name">Sticker set</label>
        <input
          id="sticker-set-name"
          value={name}
          placeholder="set name"
          onInput={(event) => setName(event.currentTarget.value)}
        />
        <button type="submit">Open set</button>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </form>
      {recent.length > 0 && (
        <div class="recent-sets" role="group" aria-label="Recent sticker sets">
          {recent.map((recentName) => (
            <button type="button" key={recentName} onClick={() => void open(recentName)}>
              {recentName}
            </button>
          ))}
        </div>
      )}
      {set && (
        <>
          <h3>{set.title}</h3>
          <ul class="sticker-grid" aria-label={`Stickers of ${set.title}`}>
            {set.stickers.map((sticker, index) => (
              <li key={sticker.file_unique_id}>
                <button
                  type="button"
                  disabled={busy}
                  aria-label={`Send sticker ${index + 1} ${sticker.emoji ?? ''}`.trim()}
                  onClick={() => void send(index)}
                >
                  <StickerFace set={set.name} index={index} sticker={sticker} />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </section>
  );
}
