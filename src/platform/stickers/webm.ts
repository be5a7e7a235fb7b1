/**
 * Reads what a video sticker's rules need from a WEBM file's header (Matroska EBML, no decoding):
 * the document type, the tracks (one VP9 video, no audio), the frame's sides, the duration and the
 * frame rate when the file states them. Stops at the first cluster: the header is all it needs.
 */

export interface WebmInfo {
  width: number;
  height: number;
  /** From Info/Duration and TimecodeScale, when given. */
  seconds?: number;
  /** From the video track's DefaultDuration, when given. */
  fps?: number;
}

const ID = {
  ebml: 0x1a45dfa3,
  docType: 0x4282,
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackType: 0x83,
  codecId: 0x86,
  defaultDuration: 0x23e383,
  video: 0xe0,
  pixelWidth: 0xb0,
  pixelHeight: 0xba,
  cluster: 0x1f43b675,
} as const;

interface Element {
  id: number;
  start: number;
  end: number;
}

/** A variable-length integer at `at`: its value (marker bit kept for ids) and its length. */
function vint(data: Buffer, at: number, keepMarker: boolean): { value: number; length: number } | undefined {
  const first = data[at];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23;
  if (length > 8 || at + length > data.length) return undefined;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + data[at + i]!;
    if (data[at + i] !== 0xff) allOnes = false;
  }
  // A size of all ones is "unknown": to the end of what encloses it.
  return { value: !keepMarker && allOnes ? -1 : value, length };
}

function* children(data: Buffer, start: number, end: number): Generator<Element> {
  let at = start;
  while (at < end) {
    const id = vint(data, at, true);
    if (!id) return;
    const size = vint(data, at + id.length, false);
    if (!size) return;
    const bodyStart = at + id.length + size.length;
    const bodyEnd = size.value < 0 ? end : Math.min(end, bodyStart + size.value);
    yield { id: id.value, start: bodyStart, end: bodyEnd };
    at = bodyEnd;
  }
}

function uint(data: Buffer, element: Element): number {
  let value = 0;
  for (let i = element.start; i < element.end; i++) value = value * 256 + data[i]!;
  return value;
}

function float(data: Buffer, element: Element): number | undefined {
  const size = element.end - element.start;
  if (size === 4) return data.readFloatBE(element.start);
  if (size === 8) return data.readDoubleBE(element.start);
  return undefined;
}

export function readWebm(data: Buffer): WebmInfo | undefined {
  const top = [...children(data, 0, data.length)];
  const header = top[0];
  if (header?.id !== ID.ebml) return undefined;
  const docType = [...children(data, header.start, header.end)].find((e) => e.id === ID.docType);
  if (!docType || data.toString('latin1', docType.start, docType.end).replace(/\0+$/, '') !== 'webm') {
    return undefined;
  }
  const segment = top.find((e) => e.id === ID.segment);
  if (!segment) return undefined;
  let scale = 1_000_000;
  let duration: number | undefined;
  let video: WebmInfo | undefined;
  let audio = false;
  for (const part of children(data, segment.start, segment.end)) {
    if (part.id === ID.cluster) break;
    if (part.id === ID.info) {
      for (const e of children(data, part.start, part.end)) {
        if (e.id === ID.timecodeScale) scale = uint(data, e);
        if (e.id === ID.duration) duration = float(data, e);
      }
    }
    if (part.id === ID.tracks) {
      for (const entry of children(data, part.start, part.end)) {
        if (entry.id !== ID.trackEntry) continue;
        const track = readTrack(data, entry);
        if (track.type === 2) audio = true;
        if (track.type === 1 && track.codec === 'V_VP9' && track.width && track.height) {
          video = { width: track.width, height: track.height };
          if (track.frameNs) video.fps = 1e9 / track.frameNs;
        }
      }
    }
  }
  if (!video || audio) return undefined;
  if (duration !== undefined) video.seconds = (duration * scale) / 1e9;
  return video;
}

function readTrack(data: Buffer, entry: Element) {
  const track: { type?: number; codec?: string; width?: number; height?: number; frameNs?: number } = {};
  for (const e of children(data, entry.start, entry.end)) {
    if (e.id === ID.trackType) track.type = uint(data, e);
    if (e.id === ID.codecId) track.codec = data.toString('latin1', e.start, e.end).replace(/\0+$/, '');
    if (e.id === ID.defaultDuration) track.frameNs = uint(data, e);
    if (e.id === ID.video) {
      for (const v of children(data, e.start, e.end)) {
        if (v.id === ID.pixelWidth) track.width = uint(data, v);
        if (v.id === ID.pixelHeight) track.height = uint(data, v);
      }
    }
  }
  return track;
}
