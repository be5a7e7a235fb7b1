/**
 * Durations and sizes read from audio and video files (ADR 0086), so that a file sent without them
 * shows what it is, as the reference's do: an MP4 or QuickTime file's movie header and first video
 * track are read with mp4box; anything else (MP3, OGG/Opus, M4A with sound, WebM/Matroska, FLAC,
 * WAV, ...) with music-metadata. Both are pure JavaScript readers of the containers' headers: no
 * frame is decoded, and a file is read in chunks, stopping as soon as the header is found.
 *
 * A file neither reader understands gives an empty probe; the caller keeps what the sender said
 * and its stand-ins (platform/messages/media.ts).
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Movie } from 'mp4box';

export interface MediaProbe {
  /** Whole seconds, rounded, at least 1 when the file has any length. */
  duration?: number;
  width?: number;
  height?: number;
}

/** How much of an MP4 is read at a time while looking for its movie header. */
const MP4_CHUNK_BYTES = 256 << 10;

/** Reads a media file's duration and, for video, its size. Never throws: unknown bytes give {}. */
export async function probeMedia(source: string | Buffer): Promise<MediaProbe> {
  try {
    const head = typeof source === 'string' ? await readHead(source, 12) : source.subarray(0, 12);
    if (isIsoMedia(head)) return await probeMp4(source);
    // Loaded at the first probe (issue 28: a world that sends no audio or video never loads them).
    const { parseBuffer, parseFile } = await import('music-metadata');
    const metadata =
      typeof source === 'string'
        ? await parseFile(source, { duration: true, skipCovers: true })
        : await parseBuffer(source, undefined, { duration: true, skipCovers: true });
    const probe: MediaProbe = {};
    const seconds = wholeSeconds(metadata.format.duration);
    if (seconds !== undefined) probe.duration = seconds;
    const video = metadata.format.trackInfo.find((track) => track.video)?.video;
    if (video?.pixelWidth && video.pixelHeight) {
      probe.width = video.pixelWidth;
      probe.height = video.pixelHeight;
    }
    return probe;
  } catch {
    return {};
  }
}

/** An ISO base media file (MP4, MOV, M4A, 3GP): its first box is `ftyp`. */
function isIsoMedia(head: Buffer): boolean {
  return head.length >= 8 && head.toString('latin1', 4, 8) === 'ftyp';
}

/**
 * The movie's duration and its first video track's size, from the `moov` box: fed to mp4box chunk
 * by chunk (without keeping media data) until it has read the header. An audio-only MP4 (M4A) has
 * no video track and gives only its duration.
 */
async function probeMp4(source: string | Buffer): Promise<MediaProbe> {
  const { createFile, MP4BoxBuffer } = await import('mp4box');
  const file = createFile(false);
  let movie: Movie | undefined;
  file.onReady = (info) => {
    movie = info;
  };
  file.onError = () => undefined;
  let offset = 0;
  const feed = (chunk: Buffer): void => {
    const copy = chunk.buffer.slice(chunk.byteOffset, chunk.byteOffset + chunk.length);
    file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(copy, offset));
    offset += chunk.length;
  };
  if (typeof source === 'string') {
    for await (const chunk of createReadStream(source, { highWaterMark: MP4_CHUNK_BYTES })) {
      feed(chunk as Buffer);
      if (movie) break;
    }
  } else {
    feed(source);
  }
  file.flush();
  if (!movie) return {};
  const probe: MediaProbe = {};
  const seconds = movie.timescale > 0 ? wholeSeconds(movie.duration / movie.timescale) : undefined;
  if (seconds !== undefined) probe.duration = seconds;
  const track = movie.videoTracks[0];
  const width = track?.video?.width || track?.track_width;
  const height = track?.video?.height || track?.track_height;
  if (width && height) {
    probe.width = Math.round(width);
    probe.height = Math.round(height);
  }
  return probe;
}

function wholeSeconds(seconds: number | undefined): number | undefined {
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return undefined;
  return Math.max(1, Math.round(seconds));
}

async function readHead(file: string, bytes: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
