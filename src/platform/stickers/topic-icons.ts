/**
 * The custom emoji any user may choose as a forum topic's icon (getForumTopicIconStickers): a set
 * that Parley ships, drawn at run time as 100 by 100 PNG images (png.ts), stored as sticker files
 * and kept as a custom emoji set owned by no one, made on first use (ADR 0046).
 */
import { encodePng } from './png.js';

/** The set's name: it does not end in `_by_<bot>`, so no bot can make or take it. */
export const TOPIC_ICON_SET_NAME = 'ParleyTopicIcons';
export const TOPIC_ICON_SET_TITLE = 'Topic icons';

interface TopicIcon {
  emoji: string;
  /** The fill, then the mark in the middle (RGB). */
  colors: readonly [number, number, number, number, number, number];
  /** The mark: a smaller disc, a ring, a square or a diamond. */
  mark: 'disc' | 'ring' | 'square' | 'diamond';
}

/** The reference's topic colours (createForumTopic icon_color) with a mark each. */
export const TOPIC_ICONS: readonly TopicIcon[] = [
  { emoji: '💬', colors: [0x6f, 0xb9, 0xf0, 0xff, 0xff, 0xff], mark: 'disc' },
  { emoji: '📰', colors: [0xff, 0xd6, 0x7e, 0x80, 0x50, 0x10], mark: 'square' },
  { emoji: '💡', colors: [0xcb, 0x86, 0xdb, 0xff, 0xf0, 0x80], mark: 'disc' },
  { emoji: '🔥', colors: [0xfb, 0x6f, 0x5f, 0xff, 0xd0, 0x40], mark: 'diamond' },
  { emoji: '✅', colors: [0x8e, 0xee, 0x98, 0x20, 0x80, 0x30], mark: 'ring' },
  { emoji: '❤️', colors: [0xff, 0x93, 0xb2, 0xd0, 0x10, 0x40], mark: 'diamond' },
  { emoji: '🎮', colors: [0x6f, 0xb9, 0xf0, 0x20, 0x30, 0x60], mark: 'square' },
  { emoji: '🎵', colors: [0xcb, 0x86, 0xdb, 0x30, 0x10, 0x50], mark: 'ring' },
];

export const TOPIC_ICON_SIDE = 100;

/** The PNG of an icon: a disc of its colour on a transparent square, its mark in the middle. */
export function drawTopicIcon(icon: TopicIcon): Buffer {
  const [r, g, b, mr, mg, mb] = icon.colors;
  const centre = (TOPIC_ICON_SIDE - 1) / 2;
  return encodePng(TOPIC_ICON_SIDE, TOPIC_ICON_SIDE, (x, y) => {
    const dx = x - centre;
    const dy = y - centre;
    const distance = Math.hypot(dx, dy);
    if (distance > 48) return [0, 0, 0, 0];
    const inMark =
      icon.mark === 'disc'
        ? distance < 18
        : icon.mark === 'ring'
          ? distance > 14 && distance < 24
          : icon.mark === 'square'
            ? Math.max(Math.abs(dx), Math.abs(dy)) < 16
            : Math.abs(dx) + Math.abs(dy) < 22;
    return inMark ? [mr, mg, mb, 255] : [r, g, b, 255];
  });
}
