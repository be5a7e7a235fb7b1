/**
 * Stickers and custom emoji (ADR 0046): sets as everyone sees them (getStickerSet), custom emoji by
 * id (getCustomEmojiStickers; the custom_emoji entities of messages name them), the forum topic
 * icons Parley ships (getForumTopicIconStickers), the Sticker object of a sent sticker (sendSticker,
 * and people sending one: control API `POST /control/messages/sticker`), and a supergroup's sticker
 * set (setChatStickerSet / deleteChatStickerSet; getChat's sticker_set_name and
 * can_set_sticker_set). Bots' changes to their sets are in sticker-sets.ts.
 */
import type { StickerSet } from '../../wire/bot-api-types.js';
import { PlatformError } from '../core/errors.js';
import { chatForBot, type GroupContext } from '../chats/group-context.js';
import type { Messages } from '../messages/messages.js';
import { hasRight } from '../chats/chat-rights.js';
import type { Files } from '../files/files.js';
import { StickerSets } from './sticker-sets.js';
import { setNameKey } from './sticker-rules.js';
import {
  photoSizeOf,
  renderSetSticker,
  renderSticker,
  withThumbnail,
  type WireSticker,
} from './sticker-view.js';
import {
  drawTopicIcon,
  TOPIC_ICON_SET_NAME,
  TOPIC_ICON_SET_TITLE,
  TOPIC_ICON_SIDE,
  TOPIC_ICONS,
} from './topic-icons.js';
import type { WireMessage } from '../core/wire-types.js';
import { UniqueViolation, type FileRow, type UserRow } from '../../storage/store.js';
import type { StickerSetRow, StickersReader } from '../../storage/ports/stickers.js';
import type { FilesReader } from '../../storage/ports/files.js';

/** A StickerSet with contains_masks, which the reference's JsonStickerSet still writes (ADR 0072). */
export type StickerSetView = StickerSet & { contains_masks: boolean };

export class Stickers {
  /** Bots' changes to the sets they made. */
  readonly sets: StickerSets;

  constructor(
    private readonly ctx: GroupContext<Messages>,
    private readonly files: Files,
  ) {
    this.sets = new StickerSets(ctx.deps);
  }

  /** getStickerSet: any set by name (case-insensitive), as `viewerId` sees it. */
  async getSet(viewerId: number, name: string): Promise<StickerSetView> {
    const { store } = this.ctx.deps;
    const set = await store.getStickerSetByName(setNameKey(name));
    if (!set) throw new PlatformError('STICKERSET_INVALID', 'sticker set not found');
    const view = await this.#setView(store, set);
    await this.files.bindFileIds(store, viewerId, view);
    return view;
  }

  /** getCustomEmojiStickers: the stickers of the ids that name one, in the order asked; others are left out. */
  async customEmoji(viewerId: number, ids: string[]): Promise<WireSticker[]> {
    const { store } = this.ctx.deps;
    const found: WireSticker[] = [];
    for (const id of ids) {
      const sticker = await store.getStickerByCustomEmojiId(id);
      const set = sticker && (await store.getStickerSet(sticker.set_pk));
      const file = sticker && (await store.getFileByPk(sticker.file_pk));
      if (sticker && set && file)
        found.push(await this.#withThumbnail(file, renderSetSticker(file, sticker, set)));
    }
    await this.files.bindFileIds(store, viewerId, found);
    return found;
  }

  /** getForumTopicIconStickers: the custom emoji any user may give a topic (made on first use). */
  async topicIcons(viewerId: number): Promise<WireSticker[]> {
    const { store } = this.ctx.deps;
    const set = await this.#topicIconSet();
    const { stickers } = await this.#setView(store, set);
    await this.files.bindFileIds(store, viewerId, stickers);
    return stickers;
  }

  /** Whether a custom emoji is one of the topic icons (createForumTopic's icon_custom_emoji_id). */
  async isTopicIcon(customEmojiId: string): Promise<boolean> {
    const set = await this.#topicIconSet();
    const sticker = await this.ctx.deps.store.getStickerByCustomEmojiId(customEmojiId);
    return sticker?.set_pk === set.pk;
  }

  /**
   * The Sticker of a message for a stored sticker file: as in its set when it is in one (the newest
   * such sticker), else a regular sticker of its own with `emoji` (sendSticker's, for new uploads);
   * with its thumbnail, whose file_id is bound when the message is rendered for each viewer.
   */
  async messageSticker(file: FileRow, fileId: string, emoji?: string): Promise<WireSticker> {
    const { store } = this.ctx.deps;
    for (const row of await store.listStickersOfFile(file.pk)) {
      const set = await store.getStickerSet(row.set_pk);
      if (set) return this.#withThumbnail(file, renderSetSticker(file, row, set, fileId));
    }
    return this.#withThumbnail(file, renderSticker(file, { type: 'regular', emoji }, fileId));
  }

  /** A person sends a sticker by a file_id of theirs (a sticker they were sent or saw in a set). */
  async sendFromPerson(
    userRef: string,
    chatRef: string,
    fileId: string,
    replyTo?: number,
  ): Promise<WireMessage> {
    const user = await this.ctx.users.resolve(userRef, 'user');
    const stored = await this.files.byFileId(user.id, fileId.trim());
    if (!stored) throw new PlatformError('BAD_REQUEST', 'sticker is not a file_id of this user');
    if (stored.file.kind !== 'sticker') throw new PlatformError('BAD_REQUEST', 'the file is not a sticker');
    const sticker = await this.messageSticker(stored.file, stored.ref.file_id);
    return this.ctx.messages.deliverFromUser(user, chatRef, { sticker }, replyTo);
  }

  /**
   * A person sends a sticker of a set by the set's name and the sticker's position in it (0-based,
   * as setStickerPositionInSet counts), as a client's sticker picker does: no message of the
   * sticker need have reached them (ADR 0090). Custom emoji are not sticker messages (they go in
   * text); their sets are refused.
   */
  async sendFromSet(
    userRef: string,
    chatRef: string,
    setName: string,
    index: number,
    replyTo?: number,
  ): Promise<WireMessage> {
    const { store } = this.ctx.deps;
    const user = await this.ctx.users.resolve(userRef, 'user');
    const set = await store.getStickerSetByName(setNameKey(setName));
    if (!set) throw new PlatformError('STICKERSET_INVALID', 'sticker set not found');
    if (set.sticker_type === 'custom_emoji') {
      throw new PlatformError('BAD_REQUEST', 'custom emoji are sent in a text, not as a sticker');
    }
    const rows = await store.listStickers(set.pk);
    const row = rows[index];
    const file = row && (await store.getFileByPk(row.file_pk));
    if (!file) {
      throw new PlatformError(
        'BAD_REQUEST',
        `sticker_index must be 0 to ${rows.length - 1}: the set has ${rows.length} stickers`,
      );
    }
    const sticker = await this.#withThumbnail(file, renderSetSticker(file, row, set));
    await this.files.bindFileIds(store, user.id, [sticker]);
    return this.ctx.messages.deliverFromUser(user, chatRef, { sticker }, replyTo);
  }

  /**
   * setChatStickerSet (a set's name) and deleteChatStickerSet (null): supergroups only, by an
   * administrator who may change the chat's info. Custom emoji sets are not group sticker sets.
   */
  async setChatSet(bot: UserRow, chatId: number, name: string | null): Promise<void> {
    await this.ctx.deps.store.write(async (tx) => {
      const { chat, state } = await chatForBot(this.ctx, tx, bot, chatId, 'write');
      if (chat.type !== 'supergroup') {
        throw new PlatformError('SUPERGROUPS_ONLY', 'method is available only for supergroups');
      }
      if (!hasRight(state, 'can_change_info'))
        throw new PlatformError('CHAT_ADMIN_REQUIRED', 'not enough rights');
      if (name === null) return tx.setChatStickerSet(chat.pk, null);
      const set = await tx.getStickerSetByName(setNameKey(name));
      if (!set || set.sticker_type === 'custom_emoji') {
        throw new PlatformError('STICKERSET_INVALID', 'sticker set not found');
      }
      await tx.setChatStickerSet(chat.pk, set.pk);
    });
  }

  /** getChat's sticker_set_name and can_set_sticker_set of a supergroup, as `bot` sees it. */
  async chatFields(bot: UserRow, chatId: number): Promise<Record<string, unknown>> {
    const { store } = this.ctx.deps;
    const { chat, state } = await chatForBot(this.ctx, store, bot, chatId, 'read');
    if (chat.type !== 'supergroup') return {};
    const fields: Record<string, unknown> = {};
    const setPk = await store.getChatStickerSet(chat.pk);
    const set = setPk === undefined ? undefined : await store.getStickerSet(setPk);
    if (set) fields.sticker_set_name = set.name;
    if (hasRight(state, 'can_change_info')) fields.can_set_sticker_set = true;
    return fields;
  }

  async #setView(reader: FilesReader & StickersReader, set: StickerSetRow): Promise<StickerSetView> {
    const stickers: WireSticker[] = [];
    for (const row of await reader.listStickers(set.pk)) {
      const file = await reader.getFileByPk(row.file_pk);
      if (file) stickers.push(await this.#withThumbnail(file, renderSetSticker(file, row, set)));
    }
    const view: StickerSetView = {
      name: set.name,
      title: set.title,
      sticker_type: set.sticker_type,
      // Dropped from the documentation in 6.2, still written by the reference's JsonStickerSet (ADR 0072).
      contains_masks: set.sticker_type === 'mask',
      stickers,
    };
    const thumbnail = await this.#thumbnailFile(reader, set);
    if (thumbnail) view.thumbnail = photoSizeOf(thumbnail);
    return view;
  }

  /**
   * A sticker with its generated thumbnail (ADR 0097): made when the sticker was stored
   * (storeInputSticker, sendSticker), found here; a sticker stored before gets it on first view.
   */
  async #withThumbnail(file: FileRow, sticker: WireSticker): Promise<WireSticker> {
    const thumbnail = await this.files.media.thumbnail(file);
    return withThumbnail(sticker, thumbnail && photoSizeOf(thumbnail));
  }

  async #thumbnailFile(
    reader: FilesReader & StickersReader,
    set: StickerSetRow,
  ): Promise<FileRow | undefined> {
    if (set.thumbnail_file_pk !== null) return reader.getFileByPk(set.thumbnail_file_pk);
    if (set.thumbnail_custom_emoji_id === null) return undefined;
    const sticker = await reader.getStickerByCustomEmojiId(set.thumbnail_custom_emoji_id);
    return sticker ? reader.getFileByPk(sticker.file_pk) : undefined;
  }

  /** The topic icon set, made with its drawn files the first time it is asked for. */
  async #topicIconSet(): Promise<StickerSetRow> {
    const { store, clock } = this.ctx.deps;
    const key = setNameKey(TOPIC_ICON_SET_NAME);
    const existing = await store.getStickerSetByName(key);
    if (existing) return existing;
    const files: FileRow[] = [];
    for (const icon of TOPIC_ICONS) {
      const upload = { data: drawTopicIcon(icon), filename: '', mimeType: 'image/png' };
      const meta = { width: TOPIC_ICON_SIDE, height: TOPIC_ICON_SIDE, mimeType: 'image/png' };
      files.push(await this.files.storeForPerson('sticker', upload, meta));
    }
    try {
      await store.write(async (tx) => {
        if (await tx.getStickerSetByName(key)) return;
        const setPk = await tx.insertStickerSet({
          name: TOPIC_ICON_SET_NAME,
          name_key: key,
          title: TOPIC_ICON_SET_TITLE,
          sticker_type: 'custom_emoji',
          needs_repainting: false,
          owner_id: null,
          bot_id: null,
          thumbnail_file_pk: null,
          thumbnail_format: null,
          thumbnail_custom_emoji_id: null,
          created_at: clock.now(),
        });
        for (const [position, file] of files.entries()) {
          // Fixed ids, the same on every server (19 digits, as the reference's).
          await tx.insertSticker({
            set_pk: setPk,
            file_pk: file.pk,
            position,
            format: 'static',
            emoji_list: JSON.stringify([TOPIC_ICONS[position]!.emoji]),
            keywords: '[]',
            mask_position: null,
            custom_emoji_id: `${5_368_324_170_671_202_286n + BigInt(position)}`,
            created_at: clock.now(),
          });
        }
      });
    } catch (error) {
      // Another node made it at the same moment.
      if (!(error instanceof UniqueViolation)) throw error;
    }
    return (await store.getStickerSetByName(key))!;
  }
}
