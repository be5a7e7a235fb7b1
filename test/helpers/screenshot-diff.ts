/**
 * Compares a screenshot with its committed reference (ADR 0103): the two are decoded to raw RGB by
 * sharp, and a pixel differs when any of its channels differs by more than `threshold` (of 255);
 * they match while at most `tolerance` of the pixels differ. A mismatch writes the actual picture
 * and a diff (differing pixels red on a faded reference) to a temporary folder, which it names.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

export interface Comparison {
  /** The share of pixels that differ, 0 to 1 (1 when the sizes differ). */
  differing: number;
  /** What the difference is, and where the actual picture and the diff were written, when they do not match. */
  failure?: string;
}

async function rgb(png: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

export async function compareScreenshot(
  name: string,
  actualPng: Buffer,
  referencePng: Buffer,
  { threshold = 32, tolerance = 0.01 }: { threshold?: number; tolerance?: number } = {},
): Promise<Comparison> {
  const actual = await rgb(actualPng);
  const reference = await rgb(referencePng);
  const pixels = reference.width * reference.height;
  let differing = pixels;
  let diff: Buffer | undefined;
  if (actual.width === reference.width && actual.height === reference.height) {
    differing = 0;
    diff = Buffer.alloc(reference.data.length);
    for (let i = 0; i < reference.data.length; i += 3) {
      const off =
        Math.abs(actual.data[i]! - reference.data[i]!) > threshold ||
        Math.abs(actual.data[i + 1]! - reference.data[i + 1]!) > threshold ||
        Math.abs(actual.data[i + 2]! - reference.data[i + 2]!) > threshold;
      if (off) differing += 1;
      // Red where the pixel differs; the reference faded towards white elsewhere.
      diff[i] = off ? 255 : 192 + (reference.data[i]! >> 2);
      diff[i + 1] = off ? 0 : 192 + (reference.data[i + 1]! >> 2);
      diff[i + 2] = off ? 0 : 192 + (reference.data[i + 2]! >> 2);
    }
  }
  const share = differing / pixels;
  if (share <= tolerance) return { differing: share };
  const folder = mkdtempSync(path.join(tmpdir(), 'parley-screenshot-'));
  const actualFile = path.join(folder, `${name}.actual.png`);
  writeFileSync(actualFile, actualPng);
  let diffNote = '';
  if (diff) {
    const diffFile = path.join(folder, `${name}.diff.png`);
    await sharp(diff, { raw: { width: reference.width, height: reference.height, channels: 3 } })
      .png()
      .toFile(diffFile);
    diffNote = `, the diff in ${diffFile}`;
  }
  const what =
    diff === undefined
      ? `is ${actual.width}x${actual.height}, its reference ${reference.width}x${reference.height}`
      : `differs from its reference in ${(share * 100).toFixed(2)}% of its pixels (more than ${tolerance * 100}%)`;
  return {
    differing: share,
    failure: `screenshot ${name} ${what}: the actual picture is in ${actualFile}${diffNote}`,
  };
}
