/**
 * Live photos (sendLivePhoto, ADR 0048): a short MPEG-4 video with a static photo. Parley reads the
 * video's duration and size from its MP4 header (the movie header `mvhd` and the first visual
 * track's `tkhd`), so the spec's limit of 10 seconds is checked on the real bytes; the message has
 * `live_photo` (LivePhoto, with the static photo's sizes) and, as the spec keeps for older
 * clients, `photo`.
 */
import type { StoredFile, WirePhotoSize } from '../files/files.js';
import type { MessageContent } from '../core/wire-types.js';

/** The spec: "no longer than 10 seconds and must not exceed 10 MB". */
export const MAX_LIVE_PHOTO_SECONDS = 10;
export const MAX_LIVE_PHOTO_BYTES = 10 * 1024 * 1024;

export interface Mp4Info {
  /** Seconds, rounded up. */
  duration: number;
  width: number;
  height: number;
}

interface Box {
  type: string;
  start: number;
  end: number;
}

function boxesIn(data: Buffer, start: number, end: number): Box[] {
  const boxes: Box[] = [];
  let at = start;
  while (at + 8 <= end) {
    let size = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) break;
      size = Number(data.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = end - at;
    if (size < header || at + size > end) break;
    boxes.push({ type, start: at + header, end: at + size });
    at += size;
  }
  return boxes;
}

/** The duration and size an MP4 (ISO BMFF) file declares; undefined for other bytes. */
export function mp4Info(data: Buffer): Mp4Info | undefined {
  const top = boxesIn(data, 0, data.length);
  if (top[0]?.type !== 'ftyp') return undefined;
  const moov = top.find((box) => box.type === 'moov');
  if (!moov) return undefined;
  const inner = boxesIn(data, moov.start, moov.end);
  const mvhd = inner.find((box) => box.type === 'mvhd');
  if (!mvhd || mvhd.end - mvhd.start < 20) return undefined;
  const version = data[mvhd.start];
  let timescale: number;
  let units: number;
  if (version === 1) {
    if (mvhd.end - mvhd.start < 32) return undefined;
    timescale = data.readUInt32BE(mvhd.start + 20);
    units = Number(data.readBigUInt64BE(mvhd.start + 24));
  } else {
    timescale = data.readUInt32BE(mvhd.start + 12);
    units = data.readUInt32BE(mvhd.start + 16);
  }
  if (timescale === 0) return undefined;
  let width = 0;
  let height = 0;
  for (const trak of inner.filter((box) => box.type === 'trak')) {
    const tkhd = boxesIn(data, trak.start, trak.end).find((box) => box.type === 'tkhd');
    if (!tkhd || tkhd.end - tkhd.start < 84) continue;
    // The last 8 bytes: width and height, 16.16 fixed point.
    width = Math.round(data.readUInt32BE(tkhd.end - 8) / 65536);
    height = Math.round(data.readUInt32BE(tkhd.end - 4) / 65536);
    if (width > 0 && height > 0) break;
  }
  if (width === 0 || height === 0) return undefined;
  return { duration: Math.ceil(units / timescale), width, height };
}

/** The content of a live photo message: live_photo with the static photo's sizes, and photo. */
export function livePhotoContent(video: StoredFile, info: Mp4Info, photo: WirePhotoSize): MessageContent {
  return {
    live_photo: {
      photo: [photo],
      file_id: video.ref.file_id,
      file_unique_id: video.file.unique_id,
      width: info.width,
      height: info.height,
      duration: info.duration,
      mime_type: video.file.mime_type ?? 'video/mp4',
      file_size: video.file.size,
    },
    photo: [{ ...photo }],
  };
}
