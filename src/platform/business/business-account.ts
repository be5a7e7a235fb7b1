/**
 * What a connected bot does to the business account itself, within its rights (spec
 * readBusinessMessage, deleteBusinessMessages, setBusinessAccountName, setBusinessAccountUsername,
 * setBusinessAccountBio, setBusinessAccountGiftSettings). Each call is one write. ADR 0049.
 */
import { PlatformError } from '../core/errors.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { MessageContent } from '../core/wire-types.js';
import type { UpdateQueue } from '../updates/update-queue.js';
import {
  UniqueViolation,
  type BusinessConnectionRow,
  type BusinessProfileRow,
  type FileRow,
} from '../../storage/store.js';
import type { BusinessReader, BusinessWriter } from '../../storage/ports/business.js';
import type { ChatsReader } from '../../storage/ports/chats.js';
import type { MessagesReader, MessagesWriter } from '../../storage/ports/messages.js';
import type { ProfilesWriter } from '../../storage/ports/profiles.js';
import type { UsersReader, UsersWriter } from '../../storage/ports/users.js';
import type { BusinessRelay } from './business-relay.js';
import { emptyProfile } from './business.js';
import { usableConnection } from './usable-connection.js';
import { parseRights, type BusinessRight } from './business-rights.js';

/** Unix seconds a chat stays "active" for readBusinessMessage (spec: the last 24 hours). */
const ACTIVE_WINDOW = 24 * 60 * 60;

/** What an account's changes (#change's fns) read and write: its profiles, chats' messages, its user. */
type AccountTx = BusinessReader &
  BusinessWriter &
  ChatsReader &
  MessagesReader &
  MessagesWriter &
  ProfilesWriter &
  UsersReader &
  UsersWriter;

export interface GiftSettings {
  show_gift_button: boolean;
  accepted_gift_types: Record<string, boolean>;
}

export class BusinessAccount {
  constructor(
    private readonly deps: PlatformDeps,
    private readonly updates: UpdateQueue,
    private readonly relay: BusinessRelay,
  ) {}

  /** readBusinessMessage: the account's read cursor in the customer's chat moves up to the message. */
  async readMessage(botId: number, connectionId: string, chatId: number, messageId: number): Promise<void> {
    await this.#change(botId, connectionId, 'can_read_messages', async (tx, connection) => {
      const chat = chatId > 0 ? await tx.getPrivateChat(connection.user_id, chatId) : undefined;
      const incomingAt = chat ? await tx.getBusinessChatIncomingAt(connection.id, chat.pk) : undefined;
      if (!chat || incomingAt === undefined || this.deps.clock.now() - incomingAt > ACTIVE_WINDOW) {
        throw new PlatformError('CHAT_NOT_FOUND', 'chat not found');
      }
      const row = await tx.getMessage(chat.pk, messageId);
      if (!row || row.sender_id === connection.user_id) {
        throw new PlatformError('BUSINESS_MESSAGE_INVALID', 'no incoming message with this id');
      }
      if ((await tx.getReadCursor(connection.user_id, chat.pk)) < messageId) {
        await tx.setReadCursor(connection.user_id, chat.pk, messageId);
      }
    });
  }

  /**
   * deleteBusinessMessages: messages of one chat of the account (Parley's message ids are per chat,
   * so the chat is the most recently active business chat that holds all of them, ADR 0049).
   * can_delete_sent_messages covers the bot's own sends, can_delete_all_messages any message.
   */
  async deleteMessages(botId: number, connectionId: string, messageIds: number[]): Promise<void> {
    const { store, bus } = this.deps;
    const result = await store.write(async (tx) => {
      const connection = await usableConnection(tx, botId, connectionId);
      const rights = parseRights(connection.rights);
      if (!rights.can_delete_sent_messages && !rights.can_delete_all_messages) {
        throw new PlatformError('BOT_ACCESS_FORBIDDEN', 'the business bot may not delete messages');
      }
      for (const chatPk of await tx.listBusinessChats(connection.id)) {
        const rows = await Promise.all(messageIds.map((id) => tx.getMessage(chatPk, id)));
        if (rows.some((row) => row === undefined)) continue;
        for (const row of rows) {
          const own = (JSON.parse(row!.body) as MessageContent)._business_bot === botId;
          if (!own && !rights.can_delete_all_messages) {
            throw new PlatformError(
              'BOT_ACCESS_FORBIDDEN',
              'the business bot may delete only its own messages',
            );
          }
        }
        for (const id of messageIds) await tx.deleteMessage(chatPk, id);
        const chat = (await tx.getChat(chatPk))!;
        return { chatPk, notify: await this.relay.relayDeleted(tx, chat, messageIds, botId) };
      }
      throw new PlatformError('MESSAGE_TO_DELETE_NOT_FOUND', 'message to delete not found');
    });
    for (const botToNotify of result.notify) this.updates.notify(botToNotify);
    for (const messageId of messageIds) bus.emit('message.changed', { chatPk: result.chatPk, messageId });
  }

  /** setBusinessAccountName: the account's first and last name (checked by the caller). */
  async setName(
    botId: number,
    connectionId: string,
    firstName: string,
    lastName: string | null,
  ): Promise<void> {
    const userId = await this.#change(botId, connectionId, 'can_edit_name', async (tx, connection) => {
      await tx.updateUser(connection.user_id, { first_name: firstName, last_name: lastName });
    });
    this.deps.bus.emit('rows.changed', { area: 'user', id: userId });
  }

  /** setBusinessAccountUsername: a new username (null removes it); a taken one is refused. */
  async setUsername(botId: number, connectionId: string, username: string | null): Promise<void> {
    const userId = await this.#change(botId, connectionId, 'can_edit_username', async (tx, connection) => {
      const holder = username === null ? undefined : await tx.getUserByUsername(username);
      if (holder && holder.id !== connection.user_id) {
        throw new PlatformError('BUSINESS_USERNAME_OCCUPIED', 'this username is taken');
      }
      try {
        await tx.updateUser(connection.user_id, { username });
      } catch (error) {
        if (error instanceof UniqueViolation) {
          throw new PlatformError('BUSINESS_USERNAME_OCCUPIED', 'this username is taken');
        }
        throw error;
      }
    });
    this.deps.bus.emit('rows.changed', { area: 'user', id: userId });
  }

  /** setBusinessAccountBio: the account's bio (null removes it). */
  async setBio(botId: number, connectionId: string, bio: string | null): Promise<void> {
    await this.#profile(botId, connectionId, 'can_edit_bio', (profile) => ({ ...profile, bio }));
  }

  /** setBusinessAccountGiftSettings: the gift button and the kinds of gifts the account accepts. */
  async setGiftSettings(botId: number, connectionId: string, settings: GiftSettings): Promise<void> {
    await this.#profile(botId, connectionId, 'can_change_gift_settings', (profile) => ({
      ...profile,
      gift_settings: JSON.stringify(settings),
    }));
  }

  /**
   * setBusinessAccountProfilePhoto: can_edit_profile_photo. The main photo becomes the account's
   * profile photo (getUserProfilePhotos shows it); `isPublic` sets the public photo instead.
   */
  async setPhoto(botId: number, connectionId: string, file: FileRow, isPublic: boolean): Promise<void> {
    const { clock } = this.deps;
    await this.#change(botId, connectionId, 'can_edit_profile_photo', async (tx, connection) => {
      const userId = connection.user_id;
      const profile = (await tx.getBusinessProfile(userId)) ?? emptyProfile(userId);
      if (isPublic) {
        await tx.setBusinessProfile({ ...profile, public_photo_file_pk: file.pk });
        return;
      }
      await tx.deleteProfileMedia(userId, 'photo');
      await tx.addProfileMedia({
        user_id: userId,
        kind: 'photo',
        file_pk: file.pk,
        attributes: JSON.stringify({ width: file.width ?? 0, height: file.height ?? 0 }),
        added_at: clock.now(),
      });
      await tx.setBusinessProfile({ ...profile, photo_file_pk: file.pk });
    });
  }

  /** removeBusinessAccountProfilePhoto: can_edit_profile_photo; the main (or public) photo goes. */
  async removePhoto(botId: number, connectionId: string, isPublic: boolean): Promise<void> {
    await this.#change(botId, connectionId, 'can_edit_profile_photo', async (tx, connection) => {
      const userId = connection.user_id;
      const profile = (await tx.getBusinessProfile(userId)) ?? emptyProfile(userId);
      if (isPublic) {
        await tx.setBusinessProfile({ ...profile, public_photo_file_pk: null });
        return;
      }
      await tx.deleteProfileMedia(userId, 'photo');
      await tx.setBusinessProfile({ ...profile, photo_file_pk: null });
    });
  }

  /** The account's bio and gift settings (the control API's view of a business account). */
  async profileOf(userId: number): Promise<{ bio: string | null; gift_settings: GiftSettings | null }> {
    const profile = await this.deps.store.getBusinessProfile(userId);
    return {
      bio: profile?.bio ?? null,
      gift_settings: profile?.gift_settings ? (JSON.parse(profile.gift_settings) as GiftSettings) : null,
    };
  }

  async #profile(
    botId: number,
    connectionId: string,
    right: BusinessRight,
    change: (profile: BusinessProfileRow) => BusinessProfileRow,
  ): Promise<void> {
    await this.#change(botId, connectionId, right, async (tx, connection) => {
      const profile = (await tx.getBusinessProfile(connection.user_id)) ?? emptyProfile(connection.user_id);
      await tx.setBusinessProfile(change(profile));
    });
  }

  /** One write: the connection's checks with `right`, then `fn`. Answers the account's user id. */
  async #change(
    botId: number,
    connectionId: string,
    right: BusinessRight,
    fn: (tx: AccountTx, connection: BusinessConnectionRow) => Promise<void>,
  ): Promise<number> {
    return this.deps.store.write(async (tx) => {
      const connection = await usableConnection(tx, botId, connectionId, right);
      await fn(tx, connection);
      return connection.user_id;
    });
  }
}
