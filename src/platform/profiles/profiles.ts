/**
 * What a profile shows besides the name (ADR 0048): the bot's profile photo (setMyProfilePhoto,
 * removeMyProfilePhoto, seen through getUserProfilePhotos), a person's profile audios (a person
 * adds the audio of a message to their profile; getUserProfileAudios) and a person's emoji status,
 * which a bot may change only once the person allowed it (setUserEmojiStatus; the Mini App's
 * requestEmojiStatusAccess, here a control route), and a person's personal channel
 * (getUserPersonalChatMessages, getChat's personal_chat).
 */
import type { Audio } from '../../wire/bot-api-types.js';
import { PlatformError } from '../core/errors.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { Files, WirePhotoSize } from '../files/files.js';
import type { Messages } from '../messages/messages.js';
import type { Users } from '../users/users.js';
import type { ChatRow, FileRow, ProfileMediaKind, UserRow } from '../../storage/store.js';
import type { WireMessage } from '../core/wire-types.js';
import type { ProfilesReader } from '../../storage/ports/profiles.js';
import type { ChatsReader } from '../../storage/ports/chats.js';

/** A page of profile media as a viewer sees it. */
export interface ProfilePage<T> {
  total_count: number;
  items: T[];
}

export interface EmojiStatus {
  emoji_status_custom_emoji_id?: string;
  emoji_status_expiration_date?: number;
}

export class Profiles {
  constructor(
    private readonly deps: PlatformDeps,
    private readonly users: Users,
    private readonly messages: Messages,
    private readonly files: Files,
  ) {}

  // ---- the bot's profile photo ------------------------------------------------------------------

  /** setMyProfilePhoto: the bot's one profile photo becomes this stored image (replacing any). */
  async setBotPhoto(botId: number, file: FileRow): Promise<void> {
    await this.deps.store.write(async (tx) => {
      await tx.deleteProfileMedia(botId, 'photo');
      await tx.addProfileMedia(this.#photoRow(botId, file));
    });
  }

  /**
   * A person's new profile photo (control API `POST /control/profile-photos`): the stored image
   * joins their profile photos, the newest first, as getUserProfilePhotos answers them.
   */
  async addPersonPhoto(userId: number, file: FileRow): Promise<void> {
    await this.deps.store.write(async (tx) => tx.addProfileMedia(this.#photoRow(userId, file)));
  }

  /**
   * A person removes their current profile photo (the newest; the one before it becomes current),
   * as a client's "remove photo" does (web client, ADR 0090). Answers whether there was one.
   */
  async removePersonPhoto(userId: number): Promise<boolean> {
    return this.deps.store.write(async (tx) => {
      const [newest] = await tx.listProfileMedia(userId, 'photo');
      return newest ? (await tx.deleteProfileMedia(userId, 'photo', newest.seq)) > 0 : false;
    });
  }

  #photoRow(userId: number, file: FileRow) {
    const attributes = JSON.stringify({ width: file.width ?? 0, height: file.height ?? 0 });
    return {
      user_id: userId,
      kind: 'photo' as const,
      file_pk: file.pk,
      attributes,
      added_at: this.deps.clock.now(),
    };
  }

  /** removeMyProfilePhoto: the bot has no profile photo afterwards (none before is no error). */
  async removeBotPhoto(botId: number): Promise<void> {
    await this.deps.store.write(async (tx) => tx.deleteProfileMedia(botId, 'photo'));
  }

  /** getUserProfilePhotos: the user's photos, each one PhotoSize (Parley keeps one size). */
  async photosFor(viewerId: number, userId: number, offset: number, limit: number) {
    return this.#page(viewerId, userId, 'photo', offset, limit, (file, attributes) => [
      {
        file_id: '',
        file_unique_id: file.unique_id,
        file_size: file.size,
        width: Number(attributes.width ?? file.width ?? 0),
        height: Number(attributes.height ?? file.height ?? 0),
      } satisfies WirePhotoSize,
    ]);
  }

  // ---- profile audios ---------------------------------------------------------------------------

  /** A person adds the audio of a message they see to their profile; answers their profile audios. */
  async addAudioFromMessage(userRef: string, chatRef: string, messageId: number) {
    const { store, clock } = this.deps;
    const user = await this.users.resolve(userRef, 'user');
    const chat = await this.messages.chatForUser(store, user, chatRef, false);
    const row = chat ? await store.getMessage(chat.pk, messageId) : undefined;
    if (!row) throw new PlatformError('MESSAGE_NOT_FOUND', 'message not found');
    const audio = (JSON.parse(row.body) as { audio?: Record<string, unknown> }).audio;
    if (!audio) throw new PlatformError('BAD_REQUEST', 'the message has no audio');
    const file = await store.getFileByUniqueId(String(audio.file_unique_id));
    if (!file) throw new PlatformError('MESSAGE_NOT_FOUND', "the message's audio is gone");
    const { file_id: _id, file_unique_id: _unique, ...attributes } = audio;
    await store.write(async (tx) =>
      tx.addProfileMedia({
        user_id: user.id,
        kind: 'audio',
        file_pk: file.pk,
        attributes: JSON.stringify(attributes),
        added_at: clock.now(),
      }),
    );
    return this.audiosFor(user.id, user.id, 0, 100);
  }

  /** getUserProfileAudios: the user's profile audios, the newest first, as Audio objects. */
  async audiosFor(viewerId: number, userId: number, offset: number, limit: number) {
    // The reference's key order: the attributes (and thumbnail), then the file's own fields. The
    // thumbnail keeps its file, which the viewer gets its own file_id for, as the audio.
    return this.#page(viewerId, userId, 'audio', offset, limit, (file, attributes): Audio => {
      // Stored by addAudioFromMessage: the message's Audio less its file's fields.
      const { file_size: _size, ...rest } = attributes as Omit<Audio, 'file_id' | 'file_unique_id'>;
      return { ...rest, file_id: '', file_unique_id: file.unique_id, file_size: file.size };
    });
  }

  async #page<T>(
    viewerId: number,
    userId: number,
    kind: ProfileMediaKind,
    offset: number,
    limit: number,
    render: (file: FileRow, attributes: Record<string, unknown>) => T,
  ): Promise<ProfilePage<T>> {
    const { store } = this.deps;
    const rows = await store.listProfileMedia(userId, kind);
    const items: T[] = [];
    for (const row of rows.slice(offset, offset + limit)) {
      const file = await store.getFileByPk(row.file_pk);
      if (!file) continue;
      items.push(render(file, row.attributes ? (JSON.parse(row.attributes) as Record<string, unknown>) : {}));
    }
    await this.files.bindFileIds(store, viewerId, items);
    return { total_count: rows.length, items };
  }

  // ---- personal channel -------------------------------------------------------------------------

  /**
   * A person shows a public channel they created on their profile (`chatRef` its id or @username),
   * or none (undefined). Bots read its last messages with getUserPersonalChatMessages.
   */
  async setPersonalChat(userRef: string, chatRef: string | undefined): Promise<void> {
    const { store } = this.deps;
    const user = await this.users.resolve(userRef, 'user');
    let chatPk: number | null = null;
    if (chatRef !== undefined && chatRef !== '') {
      const text = chatRef.trim();
      const chat = /^-\d+$/.test(text)
        ? await store.getChatById(Number(text))
        : await store.getChatByUsername(text.replace(/^@/, ''));
      if (!chat || chat.type !== 'channel') throw new PlatformError('CHAT_NOT_FOUND', `no channel "${text}"`);
      if ((await store.getMember(chat.pk, user.id))?.status !== 'creator' || !chat.username)
        throw new PlatformError(
          'BAD_REQUEST',
          'only a public channel the user created can be their personal channel',
        );
      chatPk = chat.pk;
    }
    await store.write(async (tx) => tx.updateUserProfile(user.id, { personal_chat_pk: chatPk }));
  }

  /** The person's personal channel, while it is still a channel they own; undefined for none. */
  async personalChatOf(
    userId: number,
    reader: ChatsReader & ProfilesReader = this.deps.store,
  ): Promise<ChatRow | undefined> {
    const pk = (await reader.getUserProfile(userId))?.personal_chat_pk;
    if (pk === null || pk === undefined) return undefined;
    const chat = await reader.getChat(pk);
    if (!chat || (await reader.getMember(pk, userId))?.status !== 'creator') return undefined;
    return chat;
  }

  /** getUserPersonalChatMessages: the last `limit` posts of the person's personal channel, oldest first. */
  async personalChatMessages(viewerId: number, userId: number, limit: number): Promise<WireMessage[]> {
    const { store } = this.deps;
    const user = await store.getUser(userId);
    if (!user || user.is_bot) throw new PlatformError('USER_NOT_FOUND', 'user not found');
    const chat = await this.personalChatOf(userId);
    if (!chat) return [];
    const rows = await store.listMessages(chat.pk, { limit });
    return Promise.all(rows.map((row) => this.messages.render(store, chat, row, viewerId)));
  }

  // ---- emoji status -----------------------------------------------------------------------------

  /** A person allows (or no longer allows) a bot to change their emoji status. */
  async allowEmojiStatus(userRef: string, botRef: string, allowed: boolean): Promise<void> {
    const user = await this.users.resolve(userRef, 'user');
    const bot = await this.users.resolve(botRef, 'bot');
    await this.deps.store.write(async (tx) =>
      tx.setEmojiStatusAccess(user.id, bot.id, allowed, this.deps.clock.now()),
    );
  }

  /**
   * setUserEmojiStatus: a person who allowed the bot gets the status (an empty id removes it); the
   * expiration date, when given, is a Unix time.
   */
  async setEmojiStatus(
    bot: UserRow,
    userId: number,
    customEmojiId: string,
    expiration: number,
  ): Promise<void> {
    await this.deps.store.write(async (tx) => {
      const user = await tx.getUser(userId);
      if (!user || user.is_bot) throw new PlatformError('USER_NOT_FOUND', 'user not found');
      if (!(await tx.hasEmojiStatusAccess(user.id, bot.id)))
        throw new PlatformError(
          'EMOJI_STATUS_ACCESS_DENIED',
          'the user did not allow the bot to change their emoji status',
        );
      await tx.updateUserProfile(user.id, {
        emoji_status_custom_emoji_id: customEmojiId === '' ? null : customEmojiId,
        emoji_status_expiration_date: customEmojiId === '' || expiration === 0 ? null : expiration,
      });
    });
  }

  /** A person's emoji status now (an expired one is none), as ChatFullInfo shows it. */
  async emojiStatusOf(userId: number, reader: ProfilesReader = this.deps.store): Promise<EmojiStatus> {
    const row = await reader.getUserProfile(userId);
    if (!row?.emoji_status_custom_emoji_id) return {};
    const until = row.emoji_status_expiration_date;
    if (until !== null && until <= this.deps.clock.now()) return {};
    return {
      emoji_status_custom_emoji_id: row.emoji_status_custom_emoji_id,
      ...(until !== null ? { emoji_status_expiration_date: until } : {}),
    };
  }
}
