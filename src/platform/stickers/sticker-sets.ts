/**
 * Sticker sets that bots make and change for their users (createNewStickerSet, addStickerToSet,
 * replaceStickerInSet, setStickerPositionInSet, deleteStickerFromSet, setStickerEmojiList,
 * setStickerKeywords, setStickerMaskPosition, setStickerSetTitle, setStickerSetThumbnail,
 * setCustomEmojiStickerSetThumbnail, deleteStickerSet; ADR 0046).
 *
 * Invariants:
 * - A bot changes only the sets it made; any other set, or a sticker not in one of them, is
 *   STICKERSET_INVALID (the set of that name does not exist for this bot).
 * - Each call is one write, and every check is made in it: a refused call changes nothing. The
 *   files are stored before (bot-api/methods/sticker-input.ts), after `checkNewSet` / `checkSet`
 *   have refused what they can without them.
 * - A set's positions are 0..n-1 after every change; a file is at most once in a set.
 * - Custom emoji stickers get a custom_emoji_id that stays theirs while they are in the set.
 */
import { PlatformError } from '../core/errors.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import { isValidSetName, MAX_SET_STICKERS, setNameKey, type MaskPosition } from './sticker-rules.js';
import { UniqueViolation, type FileRow, type UserRow } from '../../storage/store.js';
import type {
  StickerFormat,
  StickerRow,
  StickerSetRow,
  StickerType,
  StickersReader,
  StickersWriter,
} from '../../storage/ports/stickers.js';
import type { UsersReader } from '../../storage/ports/users.js';
import type { SettingsWriter } from '../../storage/ports/settings.js';

/** A sticker to put in a set: its stored file (checked for the set's type) and what goes with it. */
export interface NewSticker {
  file: FileRow;
  format: StickerFormat;
  emoji_list: string[];
  keywords: string[];
  mask_position: MaskPosition | null;
}

export interface NewSet {
  ownerId: number;
  name: string;
  title: string;
  type: StickerType;
  needsRepainting: boolean;
  stickers: NewSticker[];
}

const invalidSet = () => new PlatformError('STICKERSET_INVALID', 'sticker set not found');

export class StickerSets {
  constructor(private readonly deps: PlatformDeps) {}

  /** What createNewStickerSet can refuse before its files are stored: the owner and the name. */
  async checkNewSet(
    bot: UserRow,
    ownerId: number,
    name: string,
    reader: StickersReader & UsersReader = this.deps.store,
  ) {
    const owner = await reader.getUser(ownerId);
    if (!owner || owner.is_bot) throw new PlatformError('USER_NOT_FOUND', 'user not found');
    if (!isValidSetName(name, bot.username ?? '')) {
      throw new PlatformError('STICKERSET_NAME_INVALID', 'sticker set name invalid');
    }
    if (await reader.getStickerSetByName(setNameKey(name))) {
      throw new PlatformError('STICKERSET_NAME_OCCUPIED', 'sticker set name is already occupied');
    }
  }

  /** The bot's set of that name (and, when given, of that owner): what a change can refuse first. */
  async checkSet(bot: UserRow, name: string, ownerId?: number, reader: StickersReader = this.deps.store) {
    return setOfBot(reader, bot, name, ownerId);
  }

  async create(bot: UserRow, input: NewSet): Promise<void> {
    try {
      await this.deps.store.write(async (tx) => {
        await this.checkNewSet(bot, input.ownerId, input.name, tx);
        const setPk = await tx.insertStickerSet({
          name: input.name.trim(),
          name_key: setNameKey(input.name),
          title: input.title,
          sticker_type: input.type,
          needs_repainting: input.type === 'custom_emoji' && input.needsRepainting,
          owner_id: input.ownerId,
          bot_id: bot.id,
          thumbnail_file_pk: null,
          thumbnail_format: null,
          thumbnail_custom_emoji_id: null,
          created_at: this.deps.clock.now(),
        });
        const seen = new Set<number>();
        for (const sticker of input.stickers) {
          if (seen.has(sticker.file.pk)) continue;
          seen.add(sticker.file.pk);
          await this.#insert(tx, setPk, input.type, sticker, seen.size - 1);
        }
      });
    } catch (error) {
      // Two creators of one name at once: the second meets the unique key.
      if (error instanceof UniqueViolation && /name/.test(error.constraint)) {
        throw new PlatformError('STICKERSET_NAME_OCCUPIED', 'sticker set name is already occupied');
      }
      throw error;
    }
  }

  /** addStickerToSet: at the end; a file already in the set leaves it as it is. */
  async add(bot: UserRow, ownerId: number, name: string, sticker: NewSticker): Promise<void> {
    await this.deps.store.write(async (tx) => {
      const set = await setOfBot(tx, bot, name, ownerId);
      await guardSet(tx, set.pk);
      const stickers = await tx.listStickers(set.pk);
      if (stickers.some((s) => s.file_pk === sticker.file.pk)) return;
      if (stickers.length >= MAX_SET_STICKERS[set.sticker_type]) {
        throw new PlatformError('STICKERS_TOO_MUCH', 'the set is full');
      }
      await this.#insert(tx, set.pk, set.sticker_type, sticker, stickers.length);
    });
  }

  /** replaceStickerInSet: delete, add, move to the old one's place; the same file again changes nothing. */
  async replace(bot: UserRow, ownerId: number, name: string, oldFilePk: number, sticker: NewSticker) {
    await this.deps.store.write(async (tx) => {
      const set = await setOfBot(tx, bot, name, ownerId);
      await guardSet(tx, set.pk);
      const stickers = await tx.listStickers(set.pk);
      const old = stickers.find((s) => s.file_pk === oldFilePk);
      if (!old) throw invalidSet();
      if (stickers.some((s) => s.file_pk === sticker.file.pk)) return;
      await tx.deleteSticker(old.pk);
      await this.#insert(tx, set.pk, set.sticker_type, sticker, old.position);
    });
  }

  /** setStickerPositionInSet: zero-based; a position past the end moves the sticker to the end. */
  async move(bot: UserRow, filePk: number, position: number): Promise<void> {
    await this.deps.store.write(async (tx) => {
      const { sticker, set } = await stickerOfBot(tx, bot, filePk);
      await guardSet(tx, set.pk);
      const others = (await tx.listStickers(set.pk)).filter((s) => s.pk !== sticker.pk);
      others.splice(Math.max(0, Math.min(position, others.length)), 0, sticker);
      await renumber(tx, others);
    });
  }

  async remove(bot: UserRow, filePk: number): Promise<void> {
    await this.deps.store.write(async (tx) => {
      const { sticker, set } = await stickerOfBot(tx, bot, filePk);
      await guardSet(tx, set.pk);
      await tx.deleteSticker(sticker.pk);
      await renumber(
        tx,
        (await tx.listStickers(set.pk)).filter((s) => s.pk !== sticker.pk),
      );
      if (set.thumbnail_custom_emoji_id && set.thumbnail_custom_emoji_id === sticker.custom_emoji_id) {
        await tx.updateStickerSet(set.pk, { thumbnail_custom_emoji_id: null });
      }
    });
  }

  async setEmojiList(bot: UserRow, filePk: number, emoji: string[]): Promise<void> {
    await this.#changeSticker(bot, filePk, () => ({ emoji_list: JSON.stringify(emoji) }));
  }

  async setKeywords(bot: UserRow, filePk: number, keywords: string[]): Promise<void> {
    await this.#changeSticker(bot, filePk, () => ({ keywords: JSON.stringify(keywords) }));
  }

  /** setStickerMaskPosition: mask stickers only; null removes the position. */
  async setMaskPosition(bot: UserRow, filePk: number, mask: MaskPosition | null): Promise<void> {
    await this.#changeSticker(bot, filePk, (set) => {
      if (set.sticker_type !== 'mask')
        throw new PlatformError('STICKER_NOT_MASK', 'the sticker is not a mask');
      return { mask_position: mask ? JSON.stringify(mask) : null };
    });
  }

  async setTitle(bot: UserRow, name: string, title: string): Promise<void> {
    await this.deps.store.write(async (tx) => {
      const set = await setOfBot(tx, bot, name);
      await tx.updateStickerSet(set.pk, { title });
    });
  }

  /**
   * setStickerSetThumbnail: regular and mask sets; the thumbnail's format must be that of stickers
   * of the set; null drops it (the first sticker stands for the set again).
   */
  async setThumbnail(
    bot: UserRow,
    ownerId: number,
    name: string,
    thumbnail: { file: FileRow; format: StickerFormat } | null,
  ): Promise<void> {
    await this.deps.store.write(async (tx) => {
      const set = await setOfBot(tx, bot, name, ownerId);
      if (set.sticker_type === 'custom_emoji') throw invalidSet();
      if (thumbnail) {
        const formats = new Set((await tx.listStickers(set.pk)).map((s) => s.format));
        if (!formats.has(thumbnail.format)) {
          throw new PlatformError(
            'STICKERSET_THUMBNAIL_FORMAT_INVALID',
            'the thumbnail is not of the set format',
          );
        }
      }
      await tx.updateStickerSet(set.pk, {
        thumbnail_file_pk: thumbnail?.file.pk ?? null,
        thumbnail_format: thumbnail?.format ?? null,
      });
    });
  }

  /** setCustomEmojiStickerSetThumbnail: one of the set's own custom emoji; '' drops it. */
  async setCustomEmojiThumbnail(bot: UserRow, name: string, customEmojiId: string): Promise<void> {
    await this.deps.store.write(async (tx) => {
      const set = await setOfBot(tx, bot, name);
      if (set.sticker_type !== 'custom_emoji') throw invalidSet();
      if (customEmojiId !== '') {
        const sticker = await tx.getStickerByCustomEmojiId(customEmojiId);
        if (!sticker || sticker.set_pk !== set.pk) throw invalidSet();
      }
      await tx.updateStickerSet(set.pk, { thumbnail_custom_emoji_id: customEmojiId || null });
    });
  }

  async deleteSet(bot: UserRow, name: string): Promise<void> {
    await this.deps.store.write(async (tx) => {
      const set = await setOfBot(tx, bot, name);
      await guardSet(tx, set.pk);
      await tx.deleteStickerSet(set.pk);
    });
  }

  async #changeSticker(
    bot: UserRow,
    filePk: number,
    patch: (set: StickerSetRow) => Partial<Pick<StickerRow, 'emoji_list' | 'keywords' | 'mask_position'>>,
  ): Promise<void> {
    await this.deps.store.write(async (tx) => {
      const { sticker, set } = await stickerOfBot(tx, bot, filePk);
      await tx.updateSticker(sticker.pk, patch(set));
    });
  }

  async #insert(
    tx: StickersReader & StickersWriter,
    setPk: number,
    type: StickerType,
    sticker: NewSticker,
    position: number,
  ) {
    await tx.insertSticker({
      set_pk: setPk,
      file_pk: sticker.file.pk,
      position,
      format: sticker.format,
      emoji_list: JSON.stringify(sticker.emoji_list),
      keywords: JSON.stringify(type === 'mask' ? [] : sticker.keywords),
      mask_position: type === 'mask' && sticker.mask_position ? JSON.stringify(sticker.mask_position) : null,
      custom_emoji_id: type === 'custom_emoji' ? await this.#newCustomEmojiId(tx) : null,
      created_at: this.deps.clock.now(),
    });
  }

  /** A custom emoji id as the reference's look: 19 digits, drawn until unused. */
  async #newCustomEmojiId(tx: StickersReader): Promise<string> {
    for (;;) {
      const digits = Array.from({ length: 18 }, () => this.deps.random.int(0, 10)).join('');
      const id = `5${digits}`;
      if (!(await tx.getStickerByCustomEmojiId(id))) return id;
    }
  }
}

/** The bot's set of that name (of that owner, when given); STICKERSET_INVALID otherwise. */
async function setOfBot(reader: StickersReader, bot: UserRow, name: string, ownerId?: number) {
  const set = await reader.getStickerSetByName(setNameKey(name));
  if (!set || set.bot_id !== bot.id) throw invalidSet();
  if (ownerId !== undefined && set.owner_id !== ownerId) throw invalidSet();
  return set;
}

/** The sticker of that file in one of the bot's sets (the newest, should it be in several). */
async function stickerOfBot(reader: StickersReader, bot: UserRow, filePk: number) {
  for (const sticker of await reader.listStickersOfFile(filePk)) {
    const set = await reader.getStickerSet(sticker.set_pk);
    if (set && set.bot_id === bot.id) return { sticker, set };
  }
  throw invalidSet();
}

/**
 * A change that decides on the set's stickers (its size limit, dense positions, the set still there)
 * guards the set: two such changes at once run one after the other (ADR 0129).
 */
function guardSet(tx: SettingsWriter, setPk: number): Promise<void> {
  return tx.guardWrite(`stickers:${setPk}`);
}

async function renumber(tx: StickersWriter, ordered: StickerRow[]): Promise<void> {
  for (const [position, sticker] of ordered.entries()) {
    if (sticker.position !== position) await tx.updateSticker(sticker.pk, { position });
  }
}
