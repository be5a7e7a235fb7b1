/**
 * The media blocks of a rich message (photo, video, animation, audio, voice note) and its map, as
 * the person's app draws them. A file is fetched through the person API's own file route by the
 * file_id the person sees it under (`GET /web/api/files?file_id=`, ADR 0095), into an object URL.
 */
import { useState } from 'preact/hooks';
import type { ComponentChildren } from 'preact';
import { api } from './api.js';
import { useObjectUrl } from './object-url.js';
import { RichTextView, plainText, type RichScope, type RichText } from './rich-text.js';
import type { RichBlockView } from './rich-types.js';

interface FileView {
  file_id: string;
  width?: number;
  height?: number;
  duration?: number;
  title?: string;
  performer?: string;
  file_name?: string;
}

interface CaptionView {
  text: RichText;
  credit?: RichText;
}

/** A block's caption (RichBlockCaption): its text, and its credit as a <cite>. */
export function Caption({ caption, scope }: { caption: CaptionView | undefined; scope: RichScope }) {
  if (!caption) return null;
  return (
    <figcaption>
      <RichTextView text={caption.text} scope={scope} />
      {caption.credit !== undefined && (
        <>
          {' '}
          <cite>
            <RichTextView text={caption.credit} scope={scope} />
          </cite>
        </>
      )}
    </figcaption>
  );
}

function useRichFile(file: FileView | undefined): string | null {
  return useObjectUrl(file ? file.file_id : null, () => api.richFileUrl(file!.file_id));
}

/** `1:05` for 65 seconds. */
export function duration(seconds: number | undefined): string {
  const total = Math.max(0, Math.round(seconds ?? 0));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** A media preview covered until the person reveals it (`has_spoiler`). */
function Spoiler({ on, children }: { on: boolean; children: ComponentChildren }) {
  const [shown, setShown] = useState(!on);
  if (shown) return <>{children}</>;
  return (
    <div class="media-spoiler">
      <div class="media-spoiler-cover" aria-hidden="true" inert>
        {children}
      </div>
      <button type="button" onClick={() => setShown(true)}>
        Show spoiler
      </button>
    </div>
  );
}

function Pending({ label }: { label: string }) {
  return <span class="rich-pending">[{label}]</span>;
}

/** The element of one media block, without its caption. */
function MediaElement({ block, alt }: { block: RichBlockView; alt: string }) {
  const sizes = block.type === 'photo' ? (block.photo as FileView[] | undefined) : undefined;
  const file =
    block.type === 'photo'
      ? sizes?.reduce<FileView | undefined>(
          (best, size) =>
            !best || (size.width ?? 0) * (size.height ?? 0) > (best.width ?? 0) * (best.height ?? 0)
              ? size
              : best,
          undefined,
        )
      : (block[block.type] as FileView | undefined);
  const url = useRichFile(file);
  if (!file) return null;
  switch (block.type) {
    case 'photo':
      return url ? (
        <img src={url} alt={alt} width={file.width} height={file.height} />
      ) : (
        <Pending label="photo" />
      );
    case 'video':
      return url ? (
        <video
          src={url}
          controls
          preload="metadata"
          width={file.width}
          height={file.height}
          aria-label={alt}
        />
      ) : (
        <Pending label="video" />
      );
    case 'animation':
      return url ? (
        <video
          src={url}
          autoplay
          loop
          muted
          playsInline
          width={file.width}
          height={file.height}
          aria-label={alt}
        />
      ) : (
        <Pending label="animation" />
      );
    case 'audio': {
      const name = [file.performer, file.title].filter(Boolean).join(' – ') || file.file_name || 'Audio';
      return (
        <div class="rich-audio">
          <span class="rich-audio-title">
            {name} <small>{duration(file.duration)}</small>
          </span>
          {url ? (
            <audio src={url} controls preload="metadata" aria-label={name} />
          ) : (
            <Pending label="audio" />
          )}
        </div>
      );
    }
    case 'voice_note':
      return (
        <div class="rich-audio rich-voice">
          <span class="rich-audio-title">
            Voice message <small>{duration(file.duration)}</small>
          </span>
          {url ? (
            <audio
              src={url}
              controls
              preload="metadata"
              aria-label={`Voice message, ${duration(file.duration)}`}
            />
          ) : (
            <Pending label="voice message" />
          )}
        </div>
      );
    default:
      return null;
  }
}

/** The media block kinds (RichBlockPhoto, RichBlockVideo, ...). */
export const MEDIA_BLOCKS = new Set(['photo', 'video', 'animation', 'audio', 'voice_note']);

/** A media block with its caption; the alt text is the caption's text, else the kind. */
export function MediaBlock({ block, scope }: { block: RichBlockView; scope: RichScope }) {
  const caption = block.caption as CaptionView | undefined;
  const kind =
    block.type === 'voice_note' ? 'Voice message' : block.type[0]!.toUpperCase() + block.type.slice(1);
  const alt = caption ? plainText(caption.text) || kind : kind;
  return (
    <figure class={`rich-media rich-${block.type}`}>
      <Spoiler on={block.has_spoiler === true}>
        <MediaElement block={block} alt={alt} />
      </Spoiler>
      <Caption caption={caption} scope={scope} />
    </figure>
  );
}

/** 41.90000° N, 12.50000° E */
function coordinates(latitude: number, longitude: number): string {
  const lat = `${Math.abs(latitude).toFixed(5)}° ${latitude < 0 ? 'S' : 'N'}`;
  const long = `${Math.abs(longitude).toFixed(5)}° ${longitude < 0 ? 'W' : 'E'}`;
  return `${lat}, ${long}`;
}

/**
 * A map (RichBlockMap) as a static card: the place and a link to open it in a map, no tiles (the
 * server fetches nothing for a page, and a page of a closed network could not either).
 */
export function MapBlock({ block, scope }: { block: RichBlockView; scope: RichScope }) {
  const location = block.location as { latitude?: number; longitude?: number } | undefined;
  const latitude = Number(location?.latitude ?? 0);
  const longitude = Number(location?.longitude ?? 0);
  const zoom = Number(block.zoom ?? 15);
  const width = Number(block.width) || 600;
  const height = Number(block.height) || 300;
  const href = `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=${zoom}/${latitude}/${longitude}`;
  const place = coordinates(latitude, longitude);
  return (
    <figure class="rich-map">
      <a
        class="rich-map-card"
        href={href}
        target="_blank"
        rel="noreferrer noopener"
        style={{ aspectRatio: `${width} / ${height}` }}
        aria-label={`Map: ${place}, open in OpenStreetMap`}
      >
        <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
          <path
            fill="currentColor"
            d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z"
          />
        </svg>
        <span class="rich-map-place">{place}</span>
        <span class="rich-map-open">Open map</span>
      </a>
      <Caption caption={block.caption as CaptionView | undefined} scope={scope} />
    </figure>
  );
}
