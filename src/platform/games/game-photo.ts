/**
 * A game's photo (spec Game.photo, which is required). The reference platform takes a 640x360
 * image from BotFather when a game is made; Parley's games are registered through the control API
 * without one, so Parley draws it (ADR 0079): a 640x360 PNG and its 320x180 size, in two colours
 * derived from the bot and the game's short name, so that a game's photo is the same file (the same
 * file_unique_id) at every send while different games look different.
 */
import { createHash } from 'node:crypto';
import { encodePng } from '../stickers/png.js';

/** The sizes of a game's photo, smallest first, as PhotoSize arrays are ordered. */
export const GAME_PHOTO_SIZES: ReadonlyArray<readonly [width: number, height: number]> = [
  [320, 180],
  [640, 360],
];

type Rgba = readonly [number, number, number, number];

/** The PNG of a game's photo at one size: diagonal bands of the game's two colours. */
export function drawGamePhoto(
  game: { bot_id: number; short_name: string },
  width: number,
  height: number,
): Buffer {
  const digest = createHash('sha256').update(`${game.bot_id}:${game.short_name}`).digest();
  const first: Rgba = [digest[0]!, digest[1]!, digest[2]!, 255];
  const second: Rgba = [255 - digest[0]!, 255 - digest[1]!, 255 - digest[2]!, 255];
  const band = Math.max(1, Math.round(width / 16));
  return encodePng(width, height, (x, y) => (Math.floor((x + y) / band) % 2 === 0 ? first : second));
}
