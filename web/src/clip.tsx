/**
 * A video, an animation or a video note as the platform gives them (issue 27's media, issue 29's
 * chat view): the thumbnail the platform made (the clip's first frame, or the one the bot sent) at
 * the clip's own width and height, with its kind and duration; **Play** loads the clip itself,
 * fetched with the session as every file of the person (its file_id is theirs, ADR 0040). An audio
 * file and a voice message: their name (an audio's performer and title) and duration, and **Play**
 * for an audio player.
 */
import { useState } from 'preact/hooks';
import { useObjectUrl } from './object-url.js';
import { api, type Message } from './api.js';

export const CLIP_KINDS = ['video', 'animation', 'video_note', 'audio', 'voice'] as const;
export type ClipKind = (typeof CLIP_KINDS)[number];

const NAMES: Record<ClipKind, string> = {
  video: 'Video',
  animation: 'GIF',
  video_note: 'Video message',
  audio: 'Audio',
  voice: 'Voice message',
};
/** Kinds that are heard, not seen: no frame, an audio player. */
const HEARD = new Set<ClipKind>(['audio', 'voice']);

interface ClipView {
  width?: number;
  height?: number;
  /** A video note's side. */
  length?: number;
  duration?: number;
  thumbnail?: { file_id: string; width: number; height: number };
  /** An audio's. */
  title?: string;
  performer?: string;
}

/** `0:07`, `12:03`. */
export function clipDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

export function Clip({ chat, message, kind }: { chat: string; message: Message; kind: ClipKind }) {
  const clip = (message[kind] ?? {}) as ClipView;
  const [playing, setPlaying] = useState(false);
  const thumbnail = clip.thumbnail;
  const id = message.message_id;
  const frame = useObjectUrl(
    thumbnail && !playing && !HEARD.has(kind) ? `${chat}/${id}/${thumbnail.file_id}` : null,
    () => api.fileUrl(chat, id, thumbnail!.file_id),
  );
  const video = useObjectUrl(playing ? `${chat}/${id}` : null, () => api.fileUrl(chat, id));
  // The clip's own size (a video note is a square of its length); the thumbnail's without them.
  const width = clip.width ?? clip.length ?? thumbnail?.width;
  const height = clip.height ?? clip.length ?? thumbnail?.height;
  const name = [clip.performer, clip.title].filter(Boolean).join(' – ') || NAMES[kind];
  const label = clip.duration === undefined ? name : `${name}, ${clipDuration(clip.duration)}`;
  const heard = HEARD.has(kind);
  return (
    <figure class={`media media-clip media-${kind}`}>
      {heard ? (
        playing && video && <audio src={video} controls autoplay aria-label={label} />
      ) : playing && video ? (
        <video
          src={video}
          width={width}
          height={height}
          controls
          autoplay
          loop={kind === 'animation'}
          muted={kind === 'animation'}
          aria-label={label}
        />
      ) : frame ? (
        <img src={frame} alt={label} width={width} height={height} />
      ) : (
        <span
          class="clip-frame"
          style={width && height ? { aspectRatio: `${width} / ${height}` } : undefined}
        >
          [{NAMES[kind]}]
        </span>
      )}
      <figcaption>
        {label}
        {!playing && (
          <button type="button" class="link" onClick={() => setPlaying(true)}>
            Play
          </button>
        )}
      </figcaption>
    </figure>
  );
}
