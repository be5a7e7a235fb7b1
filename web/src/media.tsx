/**
 * What a message carries besides its text: photos (the image itself, the platform's largest size),
 * videos, animations and video notes (their thumbnail, clip.tsx), audio files and voice messages
 * (a player, clip.tsx), documents (a download), stickers (an image; a video sticker plays, an
 * animated one shows its thumbnail), locations, venues, contacts, dice and
 * polls (options are buttons until it closes).
 */
import { useState } from 'preact/hooks';
import { useObjectUrl } from './object-url.js';
import { api, type Message } from './api.js';
import { CLIP_KINDS, Clip } from './clip.js';
import { DocumentIcon, PersonIcon, PlaceIcon } from './icons.js';

interface PollView {
  question: string;
  options: { text: string; voter_count: number }[];
  total_voter_count: number;
  is_closed: boolean;
}

/** A poll: its options are buttons until it closes; a vote shows the counts. */
function PollCard({ poll, onVote }: { poll: PollView; onVote: (option: number) => void }) {
  return (
    <fieldset class="media media-poll">
      <legend>{poll.question}</legend>
      <ul>
        {poll.options.map((option, index) => (
          <li key={option.text}>
            {poll.is_closed ? (
              <span>{option.text}</span>
            ) : (
              <button type="button" onClick={() => onVote(index)}>
                {option.text}
              </button>
            )}
            <span class="votes"> {option.voter_count}</span>
          </li>
        ))}
      </ul>
      <small>
        {poll.total_voter_count} {poll.total_voter_count === 1 ? 'vote' : 'votes'}
        {poll.is_closed ? ' · closed' : ''}
      </small>
    </fieldset>
  );
}

/** Loads a file of the message (with the session) into an object URL, freed when it goes. */
function useFileUrl(chat: string, messageId: number, enabled: boolean): string | null {
  return useObjectUrl(enabled ? `${chat}/${messageId}` : null, () => api.fileUrl(chat, messageId));
}

function Photo({ chat, message }: { chat: string; message: Message }) {
  const url = useFileUrl(chat, message.message_id, true);
  const sizes = message.photo as { width: number; height: number }[];
  const largest = sizes[sizes.length - 1];
  return (
    <div class="media media-photo">
      {url ? (
        <img src={url} alt={message.caption ?? 'Photo'} width={largest?.width} height={largest?.height} />
      ) : (
        <span>[photo]</span>
      )}
    </div>
  );
}

/** A static sticker: its image (WEBP or PNG), named by its emoji; the emoji until it is loaded. */
function StickerImage({
  chat,
  message,
  emoji,
}: {
  chat: string;
  message: Message;
  emoji?: string | undefined;
}) {
  const url = useFileUrl(chat, message.message_id, true);
  const name = `Sticker ${emoji ?? ''}`.trim();
  return (
    <div class="media media-sticker">
      {url ? <img src={url} alt={name} class="sticker-image" /> : <span>[{emoji ?? 'sticker'}]</span>}
    </div>
  );
}

interface StickerView {
  emoji?: string;
  is_animated?: boolean;
  is_video?: boolean;
  width?: number;
  height?: number;
  thumbnail?: { file_id: string; width: number; height: number };
}

/**
 * A video sticker plays as the platform's apps play one (its WEBM, muted and looped, at the sticker's
 * size); an animated one (TGS, a Lottie animation this page does not draw) shows the thumbnail the
 * platform keeps of it. The emoji until it is loaded, or where there is no thumbnail.
 */
function MovingSticker({ chat, message, sticker }: { chat: string; message: Message; sticker: StickerView }) {
  const id = message.message_id;
  const video = useFileUrl(chat, id, sticker.is_video === true);
  const thumbnail = sticker.thumbnail;
  const still = useObjectUrl(
    sticker.is_video !== true && thumbnail ? `${chat}/${id}/${thumbnail.file_id}` : null,
    () => api.fileUrl(chat, id, thumbnail!.file_id),
  );
  const name = `Sticker ${sticker.emoji ?? ''}`.trim();
  let view = <span>[{sticker.emoji ?? 'sticker'}]</span>;
  if (video) {
    view = (
      <video
        src={video}
        class="sticker-image"
        aria-label={name}
        width={sticker.width}
        height={sticker.height}
        autoplay
        loop
        muted
        playsInline
      />
    );
  } else if (still) {
    view = (
      <img src={still} alt={name} class="sticker-image" width={thumbnail?.width} height={thumbnail?.height} />
    );
  }
  return <div class="media media-sticker">{view}</div>;
}

function Document({ chat, message }: { chat: string; message: Message }) {
  const document = message.document as { file_name?: string; file_size?: number };
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    try {
      const url = await api.fileUrl(chat, message.message_id);
      const link = window.document.createElement('a');
      link.href = url;
      link.download = document.file_name ?? 'file';
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <div class="media media-document">
      <DocumentIcon />{' '}
      <button type="button" class="link" onClick={() => void download()}>
        {document.file_name ?? 'document'}
      </button>
      {document.file_size !== undefined && <small> {Math.ceil(document.file_size / 1024)} KB</small>}
      {error && <small role="alert"> {error}</small>}
    </div>
  );
}

export function Media({
  chat,
  message,
  onVote,
}: {
  chat: string;
  message: Message;
  onVote: (option: number) => void;
}) {
  if (message.photo) return <Photo chat={chat} message={message} />;
  for (const kind of CLIP_KINDS) if (message[kind]) return <Clip chat={chat} message={message} kind={kind} />;
  if (message.document) return <Document chat={chat} message={message} />;
  const sticker = message.sticker as StickerView | undefined;
  if (sticker && !sticker.is_animated && !sticker.is_video)
    return <StickerImage chat={chat} message={message} emoji={sticker.emoji} />;
  if (sticker) return <MovingSticker chat={chat} message={message} sticker={sticker} />;
  if (message.venue) {
    const venue = message.venue as { title: string; address: string };
    return (
      <div class="media media-venue">
        <PlaceIcon /> {venue.title}, {venue.address}
      </div>
    );
  }
  const location = message.location as { latitude: number; longitude: number } | undefined;
  if (location) {
    return (
      <div class="media media-location">
        <PlaceIcon /> {location.latitude.toFixed(5)}, {location.longitude.toFixed(5)}
      </div>
    );
  }
  if (message.contact) {
    const contact = message.contact as { first_name: string; phone_number: string };
    return (
      <div class="media media-contact">
        <PersonIcon /> {contact.first_name} {contact.phone_number}
      </div>
    );
  }
  if (message.dice) {
    const dice = message.dice as { emoji: string; value: number };
    return (
      <div class="media media-dice">
        {dice.emoji} {dice.value}
      </div>
    );
  }
  if (message.poll) return <PollCard poll={message.poll as PollView} onVote={onVote} />;
  return null;
}
