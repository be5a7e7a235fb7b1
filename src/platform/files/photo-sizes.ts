/**
 * Photos as the reference stores them (ADR 0081): a set of JPEG PhotoSizes, each its own file —
 * a thumbnail with its longest side 90 ('s'), then 320 ('m'), 800 ('x') and 1280 ('y') — only
 * the sizes below the original's, and the original itself downsized to at most 1280 on its
 * longest side. A photo smaller than 90 is only itself.
 *
 * The work is sharp's (libvips): its async API decodes, resizes and encodes in libuv's thread
 * pool, so the event loop keeps serving other requests while a photo is processed. A spooled
 * upload is read by sharp from its temporary file (ADR 0063), never held whole in memory; what is
 * held is the encoded sizes, at most 1280 px JPEGs.
 *
 * The smaller sizes are derived from the largest one, not from the original, so that sending a
 * photo again by the file_id of its largest size derives the same bytes (libvips is deterministic),
 * hence the same files and file_unique_ids (content addressing, files.ts).
 */
import { loadSharp } from './load-sharp.js';

/** The boxes of the reference's photo sizes, smallest first; the last one bounds the original. */
export const PHOTO_SIZE_BOXES = [90, 320, 800, 1280] as const;
const LARGEST_BOX = PHOTO_SIZE_BOXES[PHOTO_SIZE_BOXES.length - 1]!;
/** JPEG quality of every size (what TDLib's clients use for photos they send). */
const JPEG_QUALITY = 87;
/** A transparent image is flattened onto white, as the reference's clients show it. */
const BACKGROUND = { r: 255, g: 255, b: 255 };
/** A thumbnail given with a document, video or audio is at most this side (spec/bot-api.md §8). */
export const THUMBNAIL_BOX = 320;

/** One encoded size: JPEG bytes and their pixel size. */
export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
}

/** Raised when the bytes cannot be decoded as an image (the surface words it). */
export class ImageDecodeError extends Error {}

/**
 * The JPEG sizes of a photo, smallest first, from an image file's path (a spooled upload) or
 * bytes. Throws ImageDecodeError when the bytes are not an image sharp can decode.
 */
export async function encodePhotoSizes(source: string | Buffer): Promise<EncodedImage[]> {
  const largest = await encodeJpeg(source, LARGEST_BOX);
  return [...(await smallerSizes(largest)), largest];
}

/**
 * The sizes below `largest` (a stored photo size, JPEG, at most 1280), derived from its bytes
 * exactly as encodePhotoSizes derives them: for sending a photo again by a file_id.
 */
export async function smallerSizes(largest: EncodedImage): Promise<EncodedImage[]> {
  const side = Math.max(largest.width, largest.height);
  const boxes = PHOTO_SIZE_BOXES.filter((box) => box < side);
  return Promise.all(boxes.map((box) => encodeJpeg(largest.data, box)));
}

/**
 * An image re-encoded as JPEG, fit inside `box` by `box` (never enlarged), turned upright by its
 * EXIF orientation and flattened onto white.
 */
export async function encodeJpeg(source: string | Buffer, box: number): Promise<EncodedImage> {
  try {
    const { data, info } = await loadSharp()(source, { failOn: 'error' })
      .rotate()
      .resize(box, box, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: BACKGROUND })
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (error) {
    throw new ImageDecodeError(error instanceof Error ? error.message : String(error));
  }
}
