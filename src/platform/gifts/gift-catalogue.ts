/**
 * The gifts Parley ships (getAvailableGifts; ADR 0050): a fixed catalogue, the same on every
 * server, with prices in Stars, some limited (total_count for all senders, personal_total_count for
 * one bot), some upgradable to unique gifts. Their stickers are drawn at run time (png.ts) as
 * 512 by 512 PNG images; so are the models and symbols of unique gifts.
 */
import { encodePng } from '../stickers/png.js';

export interface CatalogueGift {
  /** Fixed ids of 19 digits, as the reference's. */
  id: string;
  /** Human-readable name (UniqueGift.base_name). */
  name: string;
  emoji: string;
  star_count: number;
  /** Stars the receiver can take instead of a gift sent by a person (none for bots' gifts). */
  convert_star_count: number;
  upgrade_star_count?: number;
  total_count?: number;
  personal_total_count?: number;
  /** Centre and edge colours of the background, and the text colour (RGB). */
  background: readonly [number, number, number];
}

export const GIFT_CATALOGUE: readonly CatalogueGift[] = [
  {
    id: '5170145012310081615',
    name: 'Heart',
    emoji: '💝',
    star_count: 15,
    convert_star_count: 13,
    upgrade_star_count: 25,
    background: [0xff93b2, 0xd01040, 0xffffff],
  },
  {
    id: '5170233102089322756',
    name: 'Teddy Bear',
    emoji: '🧸',
    star_count: 15,
    convert_star_count: 13,
    upgrade_star_count: 25,
    background: [0xc8a070, 0x805030, 0xffffff],
  },
  {
    id: '5168103777563050263',
    name: 'Rose',
    emoji: '🌹',
    star_count: 25,
    convert_star_count: 21,
    background: [0xfb6f5f, 0x901010, 0xffffff],
  },
  {
    id: '5170144170496491616',
    name: 'Birthday Cake',
    emoji: '🎂',
    star_count: 50,
    convert_star_count: 43,
    upgrade_star_count: 50,
    background: [0xffd67e, 0xc08020, 0x402000],
  },
  {
    id: '5170564780938756245',
    name: 'Rocket',
    emoji: '🚀',
    star_count: 50,
    convert_star_count: 43,
    background: [0x6fb9f0, 0x205090, 0xffffff],
  },
  {
    id: '5168043875654172773',
    name: 'Trophy',
    emoji: '🏆',
    star_count: 100,
    convert_star_count: 85,
    upgrade_star_count: 100,
    background: [0xffe070, 0xa07010, 0x302000],
  },
  {
    id: '5170521118301225164',
    name: 'Diamond Ring',
    emoji: '💍',
    star_count: 100,
    convert_star_count: 85,
    upgrade_star_count: 100,
    total_count: 500,
    personal_total_count: 50,
    background: [0xcb86db, 0x502070, 0xffffff],
  },
  {
    id: '5170690322832818290',
    name: 'Comet',
    emoji: '☄️',
    star_count: 250,
    convert_star_count: 212,
    total_count: 3,
    personal_total_count: 2,
    background: [0x8eee98, 0x206030, 0x102010],
  },
] as const satisfies readonly CatalogueGift[];

export function catalogueGift(id: string): CatalogueGift | undefined {
  return GIFT_CATALOGUE.find((gift) => gift.id === id);
}

/** Models, symbols and backdrops a unique gift is made of, with their rarity per mille. */
export const UNIQUE_MODELS = [
  { name: 'Classic', rarity_per_mille: 500, tint: 0xffffff },
  { name: 'Golden', rarity_per_mille: 300, tint: 0xffd700 },
  { name: 'Midnight', rarity_per_mille: 200, tint: 0x303060 },
] as const;

export const UNIQUE_SYMBOLS = [
  { name: 'Star', rarity_per_mille: 500, shape: 'diamond' },
  { name: 'Moon', rarity_per_mille: 300, shape: 'disc' },
  { name: 'Crown', rarity_per_mille: 200, shape: 'square' },
] as const;

export const UNIQUE_BACKDROPS = [
  {
    name: 'Sky',
    rarity_per_mille: 500,
    colors: { center_color: 0x9fd0ff, edge_color: 0x3070c0, symbol_color: 0x10306a, text_color: 0xffffff },
  },
  {
    name: 'Ember',
    rarity_per_mille: 300,
    colors: { center_color: 0xffb070, edge_color: 0xc04010, symbol_color: 0x601000, text_color: 0xffffff },
  },
  {
    name: 'Onyx',
    rarity_per_mille: 200,
    colors: { center_color: 0x505050, edge_color: 0x101010, symbol_color: 0xc0c0c0, text_color: 0xffffff },
  },
] as const;

/** The side of the drawn stickers. */
export const GIFT_STICKER_SIDE = 512;

const rgb = (color: number) => [(color >> 16) & 0xff, (color >> 8) & 0xff, color & 0xff] as const;

/**
 * A gift's sticker: a disc shading from its background's centre to its edge colour with a lighter
 * box-and-ribbon mark; `tint` (a unique gift's model) mixes into the disc.
 */
export function drawGift(gift: CatalogueGift, tint?: number): Buffer {
  const [centre, edge, text] = gift.background.map(rgb) as [Rgb, Rgb, Rgb];
  const mixed = tint === undefined ? undefined : rgb(tint);
  const half = (GIFT_STICKER_SIDE - 1) / 2;
  return encodePng(GIFT_STICKER_SIDE, GIFT_STICKER_SIDE, (x, y) => {
    const dx = x - half;
    const dy = y - half;
    const distance = Math.hypot(dx, dy) / half;
    if (distance > 0.98) return [0, 0, 0, 0];
    const ribbon = Math.abs(dx) < 24 || Math.abs(dy) < 24;
    const box = Math.abs(dx) < 150 && Math.abs(dy) < 130 && dy > -90;
    if (ribbon && (box || (dy < -90 && dy > -150 && Math.abs(dx) < 110))) return [...text, 255];
    if (box) return [...blend(edge, text, 0.35), 255];
    const base = blend(centre, edge, distance);
    return [...(mixed ? blend(base, mixed, 0.4) : base), 255];
  });
}

/** A unique gift's symbol: a small shape in one colour on a transparent square. */
export function drawSymbol(shape: 'diamond' | 'disc' | 'square', color: number): Buffer {
  const side = 100;
  const half = (side - 1) / 2;
  const [r, g, b] = rgb(color);
  return encodePng(side, side, (x, y) => {
    const dx = Math.abs(x - half);
    const dy = Math.abs(y - half);
    const inside =
      shape === 'disc' ? Math.hypot(dx, dy) < 40 : shape === 'square' ? Math.max(dx, dy) < 34 : dx + dy < 44;
    return inside ? [r, g, b, 255] : [0, 0, 0, 0];
  });
}

type Rgb = readonly [number, number, number];

function blend(a: Rgb, b: Rgb, t: number): Rgb {
  const k = Math.min(1, Math.max(0, t));
  return [
    Math.round(a[0] + (b[0] - a[0]) * k),
    Math.round(a[1] + (b[1] - a[1]) * k),
    Math.round(a[2] + (b[2] - a[2]) * k),
  ];
}
