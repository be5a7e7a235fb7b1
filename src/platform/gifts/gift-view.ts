/**
 * The wire objects of gifts (spec Gift, GiftInfo, UniqueGift, OwnedGift), built from the catalogue
 * and the stored rows. Sticker files are drawn and stored on first use (content-addressed, so every
 * node stores the same files); file_ids are left empty here and bound to each viewer afterwards
 * (Files.bindFileIds, ADR 0040).
 */
import type {
  Gift,
  MessageEntity as WireMessageEntity,
  OwnedGift,
  OwnedGiftRegular,
  UniqueGift,
} from '../../wire/bot-api-types.js';
import type { Files } from '../files/files.js';
import { renderSticker, type WireSticker } from '../stickers/sticker-view.js';
import { renderUser } from '../users/users.js';
import {
  drawGift,
  drawSymbol,
  GIFT_STICKER_SIDE,
  UNIQUE_BACKDROPS,
  UNIQUE_MODELS,
  UNIQUE_SYMBOLS,
  type CatalogueGift,
} from './gift-catalogue.js';
import type { FileRow, OwnedGiftRow } from '../../storage/store.js';
import type { GiftsReader } from '../../storage/ports/gifts.js';
import type { MessageEntity } from '../formatting/index.js';
import type { UsersReader } from '../../storage/ports/users.js';

/** What an owned gift's `data` column holds (ports/gifts.ts). */
export interface OwnedGiftData {
  text?: string;
  entities?: MessageEntity[];
  is_private?: boolean;
  /** Stars the owner can take instead (gifts sent by people only). */
  convert_star_count?: number;
  prepaid_upgrade_star_count?: number;
  unique_gift_number?: number;
  /** The UniqueGift once upgraded (stickers without file_ids). */
  unique?: UniqueGift;
  /** The chat and message of the gift's service message. */
  chat_pk?: number;
  message_id?: number;
}

export type WireGift = Gift;

const VARIANTS = UNIQUE_MODELS.length * UNIQUE_SYMBOLS.length * UNIQUE_BACKDROPS.length;

export class GiftView {
  readonly #files = new Map<string, Promise<FileRow>>();

  constructor(private readonly files: Files) {}

  /** A stored sticker file drawn by `draw`, stored once per process (and once per content). */
  #file(key: string, side: number, draw: () => Buffer): Promise<FileRow> {
    let file = this.#files.get(key);
    if (!file) {
      file = this.files.storeForPerson(
        'sticker',
        { data: draw(), filename: '', mimeType: 'image/png' },
        { width: side, height: side, mimeType: 'image/png' },
      );
      file.catch(() => this.#files.delete(key));
      this.#files.set(key, file);
    }
    return file;
  }

  /**
   * Stores the files a unique gift of `gift` may use, before a write that makes one (storing a
   * file is a write of its own, which must not run inside another).
   */
  async prepareUnique(gift: CatalogueGift): Promise<void> {
    for (const model of UNIQUE_MODELS) await this.#modelFile(gift, model);
    for (const symbol of UNIQUE_SYMBOLS) await this.#symbolFile(symbol);
  }

  #modelFile(gift: CatalogueGift, model: (typeof UNIQUE_MODELS)[number]): Promise<FileRow> {
    return this.#file(`model:${gift.id}:${model.name}`, GIFT_STICKER_SIDE, () => drawGift(gift, model.tint));
  }

  #symbolFile(symbol: (typeof UNIQUE_SYMBOLS)[number]): Promise<FileRow> {
    return this.#file(`symbol:${symbol.name}`, 100, () => drawSymbol(symbol.shape, 0x202020));
  }

  /** The gift's sticker (stored on first use: call it before a write that renders the gift). */
  async sticker(gift: CatalogueGift): Promise<WireSticker> {
    const file = await this.#file(`gift:${gift.id}`, GIFT_STICKER_SIDE, () => drawGift(gift));
    return renderSticker(file, { type: 'regular', emoji: gift.emoji });
  }

  /**
   * The Gift object; with `reader`, the remaining counts of a limited gift (personal ones for
   * `buyerId`).
   */
  async gift(gift: CatalogueGift, reader?: GiftsReader, buyerId?: number): Promise<WireGift> {
    const [centre, edge, text] = gift.background;
    const { total_count: total, personal_total_count: personalTotal } = gift;
    const sold = total !== undefined && reader ? await reader.getGiftSold(gift.id, 0) : 0;
    const personalSold =
      personalTotal !== undefined && reader && buyerId !== undefined
        ? await reader.getGiftSold(gift.id, buyerId)
        : 0;
    return {
      id: gift.id,
      sticker: await this.sticker(gift),
      star_count: gift.star_count,
      ...(gift.upgrade_star_count !== undefined ? { upgrade_star_count: gift.upgrade_star_count } : {}),
      ...(total !== undefined ? { total_count: total, remaining_count: Math.max(0, total - sold) } : {}),
      ...(personalTotal !== undefined
        ? {
            personal_total_count: personalTotal,
            personal_remaining_count: Math.max(0, personalTotal - personalSold),
          }
        : {}),
      background: { center_color: centre, edge_color: edge, text_color: text },
      ...(gift.upgrade_star_count !== undefined ? { unique_gift_variant_count: VARIANTS } : {}),
    };
  }

  /** A UniqueGift made from a regular gift: its number and the variant `pick` chooses (0-26). */
  async unique(gift: CatalogueGift, number: number, pick: number): Promise<UniqueGift> {
    const model = UNIQUE_MODELS[pick % UNIQUE_MODELS.length]!;
    const symbol = UNIQUE_SYMBOLS[Math.floor(pick / UNIQUE_MODELS.length) % UNIQUE_SYMBOLS.length]!;
    const backdrop =
      UNIQUE_BACKDROPS[
        Math.floor(pick / (UNIQUE_MODELS.length * UNIQUE_SYMBOLS.length)) % UNIQUE_BACKDROPS.length
      ]!;
    const modelFile = await this.#modelFile(gift, model);
    const symbolFile = await this.#symbolFile(symbol);
    return {
      gift_id: gift.id,
      base_name: gift.name,
      name: `${gift.name.replace(/[^A-Za-z0-9]/g, '')}-${number}`,
      number,
      model: {
        name: model.name,
        sticker: renderSticker(modelFile, { type: 'regular', emoji: gift.emoji }),
        rarity_per_mille: model.rarity_per_mille,
      },
      symbol: {
        name: symbol.name,
        sticker: renderSticker(symbolFile, { type: 'regular', emoji: gift.emoji }),
        rarity_per_mille: symbol.rarity_per_mille,
      },
      backdrop: {
        name: backdrop.name,
        colors: { ...backdrop.colors },
        rarity_per_mille: backdrop.rarity_per_mille,
      },
    };
  }

  /** GiftInfo of a regular gift's service message (owned_gift_id added for its owner's view). */
  info(gift: WireGift, data: OwnedGiftData, upgradable: boolean): Record<string, unknown> {
    const info: Record<string, unknown> = { gift };
    if (data.convert_star_count !== undefined) info.convert_star_count = data.convert_star_count;
    if (data.prepaid_upgrade_star_count) info.prepaid_upgrade_star_count = data.prepaid_upgrade_star_count;
    if (upgradable) info.can_be_upgraded = true;
    if (data.text) {
      info.text = data.text;
      if (data.entities && data.entities.length > 0) info.entities = data.entities;
    }
    if (data.is_private) info.is_private = true;
    if (data.unique_gift_number !== undefined && upgradable)
      info.unique_gift_number = data.unique_gift_number;
    return info;
  }

  /**
   * OwnedGift as `viewer` sees it: `full` (the owner, or the bot of the owner's business account)
   * adds owned_gift_id, is_saved, can_be_upgraded, convert_star_count and the transfer fields; a
   * private gift's sender and text are shown to the owner only.
   */
  async owned(
    reader: UsersReader,
    row: OwnedGiftRow,
    gift: CatalogueGift,
    full: boolean,
    transferStarCount: number,
  ): Promise<OwnedGift> {
    const data = JSON.parse(row.data) as OwnedGiftData;
    const sender = row.sender_id === null ? undefined : await reader.getUser(row.sender_id);
    const showSender = sender !== undefined && (full || !data.is_private);
    if (row.kind === 'unique') {
      return {
        type: 'unique',
        // A unique gift's row holds its UniqueGift (upgradeGift stores it).
        gift: structuredClone(data.unique!),
        ...(full ? { owned_gift_id: row.id } : {}),
        ...(showSender ? { sender_user: renderUser(sender) } : {}),
        send_date: row.send_date,
        ...(full ? { is_saved: true, can_be_transferred: true, transfer_star_count: transferStarCount } : {}),
      };
    }
    const wire: OwnedGiftRegular = {
      type: 'regular',
      gift: await this.gift(gift),
      ...(full ? { owned_gift_id: row.id } : {}),
      ...(showSender ? { sender_user: renderUser(sender) } : {}),
      send_date: row.send_date,
    };
    if (data.text && (full || !data.is_private)) {
      wire.text = data.text;
      // Only formatting entities are kept (checkText's GIFT_ENTITIES): none names a user.
      if (data.entities && data.entities.length > 0) wire.entities = data.entities as WireMessageEntity[];
    }
    if (data.is_private) wire.is_private = true;
    const upgradable = gift.upgrade_star_count !== undefined;
    if (full) {
      wire.is_saved = true;
      if (upgradable) wire.can_be_upgraded = true;
      if (data.convert_star_count !== undefined) wire.convert_star_count = data.convert_star_count;
    }
    if (data.prepaid_upgrade_star_count) wire.prepaid_upgrade_star_count = data.prepaid_upgrade_star_count;
    if (upgradable && data.unique_gift_number !== undefined)
      wire.unique_gift_number = data.unique_gift_number;
    return wire;
  }
}
