/**
 * Reads an image's format and pixel size from its header, without decoding it, for JPEG, PNG, GIF
 * and WebP: what sendPhoto needs to fill PhotoSize.width/height and to refuse bytes that are not an
 * image (the reference answers IMAGE_PROCESS_FAILED for those). No dependency: each format keeps
 * its size in the first few bytes, except JPEG, where we walk the segments to the frame header.
 */

export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp';

export interface ImageInfo {
  format: ImageFormat;
  width: number;
  height: number;
}

export const IMAGE_MIME_TYPES: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** File name extensions as the reference's file paths use them (`photos/file_0.jpg`). */
export const IMAGE_EXTENSIONS: Record<ImageFormat, string> = {
  jpeg: 'jpg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
};

/** The format and size of an image, or undefined when the bytes are not one we can read. */
export function imageSize(data: Buffer): ImageInfo | undefined {
  const info = readPng(data) ?? readGif(data) ?? readJpeg(data) ?? readWebp(data);
  // A zero dimension means a truncated or corrupt header; no decoder would accept it.
  return info && info.width > 0 && info.height > 0 ? info : undefined;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function readPng(data: Buffer): ImageInfo | undefined {
  // The signature, then the IHDR chunk first: length (4), "IHDR", width (4), height (4), big-endian.
  if (data.length < 24 || !data.subarray(0, 8).equals(PNG_SIGNATURE)) return undefined;
  if (data.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { format: 'png', width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

function readGif(data: Buffer): ImageInfo | undefined {
  // "GIF87a"/"GIF89a", then the logical screen size, little-endian 16-bit.
  if (data.length < 10) return undefined;
  const magic = data.toString('latin1', 0, 6);
  if (magic !== 'GIF87a' && magic !== 'GIF89a') return undefined;
  return { format: 'gif', width: data.readUInt16LE(6), height: data.readUInt16LE(8) };
}

/** Start-of-frame markers carry the size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function readJpeg(data: Buffer): ImageInfo | undefined {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) return undefined;
  let i = 2;
  while (i + 3 < data.length) {
    if (data[i] !== 0xff) return undefined;
    // Any number of 0xFF fill bytes may precede a marker.
    while (i < data.length && data[i] === 0xff) i++;
    if (i >= data.length) return undefined;
    const marker = data[i]!;
    i++;
    // Markers without a length field: TEM and the restart markers; SOI again would be corrupt.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    // End of image or start of scan before any frame header: no size to read.
    if (marker === 0xd9 || marker === 0xda || marker === 0xd8) return undefined;
    if (i + 2 > data.length) return undefined;
    const length = data.readUInt16BE(i);
    if (length < 2) return undefined;
    if (isStartOfFrame(marker)) {
      // length (2), sample precision (1), height (2), width (2).
      if (i + 7 > data.length) return undefined;
      return { format: 'jpeg', width: data.readUInt16BE(i + 5), height: data.readUInt16BE(i + 3) };
    }
    i += length;
  }
  return undefined;
}

function readWebp(data: Buffer): ImageInfo | undefined {
  // A RIFF container of type WEBP; the first chunk is VP8 (lossy), VP8L (lossless) or VP8X (extended).
  if (data.length < 30) return undefined;
  if (data.toString('latin1', 0, 4) !== 'RIFF' || data.toString('latin1', 8, 12) !== 'WEBP') return undefined;
  const chunk = data.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    // Frame tag (3 bytes), start code 9D 01 2A, then 14-bit width and height (2 bits of scale each).
    if (data[23] !== 0x9d || data[24] !== 0x01 || data[25] !== 0x2a) return undefined;
    return { format: 'webp', width: data.readUInt16LE(26) & 0x3fff, height: data.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    // Signature 0x2F, then width-1 and height-1 as two 14-bit fields, little-endian bit order.
    if (data[20] !== 0x2f) return undefined;
    const bits = data.readUInt32LE(21);
    return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    // Flags (4 bytes), then canvas width-1 and height-1 as 24-bit little-endian.
    return { format: 'webp', width: data.readUIntLE(24, 3) + 1, height: data.readUIntLE(27, 3) + 1 };
  }
  return undefined;
}
