/**
 * Sender channels: a channel whose name a verification message shows (`sender_username`, spec §4).
 * It must be a channel owned (as creator) by the account's owner and verified, except that a code
 * sent to the owner's own number may come from an unverified channel (reference §1.2).
 *
 * Channels are platform chats. Until the platform lets people create channels themselves, the
 * control API creates one here (`create`); verification is the gateway's own flag on any channel.
 */
import { GatewayError } from './gateway-error.js';
import { PlatformError } from '../core/errors.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { Users } from '../users/users.js';
import type { ChatRow, Store } from '../../storage/store.js';
import type { GatewayAccountRow } from '../../storage/gateway-store.js';
import type { ChatsReader } from '../../storage/ports/chats.js';

const USERNAME = /^[a-zA-Z][a-zA-Z0-9_]{3,30}[a-zA-Z0-9]$/;
/** Channel ids look like the reference's: -100 followed by ten digits. */
const CHANNEL_ID_RANGE: [number, number] = [1_000_000_000, 9_999_999_999];
const CHANNEL_ID_BASE = -1_000_000_000_000;

export interface ChannelView {
  id: number;
  username: string;
  title: string;
  owner_user_id: number | null;
  verified: boolean;
}

export class SenderChannels {
  constructor(
    private readonly deps: PlatformDeps,
    private readonly users: Users,
  ) {}

  /** Creates a channel with `owner` as its creator (control API). */
  /** Creates a channel (verified at once with `verified`), in one write. */
  async create(input: {
    owner: string;
    username: string;
    title?: string | undefined;
    verified?: boolean | undefined;
  }): Promise<ChannelView> {
    const owner = await this.users.resolve(input.owner, 'user');
    const username = input.username.replace(/^@/, '');
    if (!USERNAME.test(username)) {
      throw new PlatformError('USERNAME_INVALID', 'username must be 5-32 letters, digits or underscores');
    }
    const title = input.title?.trim() || username;
    const { store, clock, random } = this.deps;
    const pk = await store.write(async (tx) => {
      if ((await tx.getChatByUsername(username)) || (await tx.getUserByUsername(username))) {
        throw new PlatformError('USERNAME_OCCUPIED', 'this username is taken');
      }
      let id: number;
      do id = CHANNEL_ID_BASE - random.int(...CHANNEL_ID_RANGE);
      while (await tx.getChatById(id));
      const now = clock.now();
      const chatPk = await tx.insertChat({
        id,
        type: 'channel',
        title,
        username,
        description: null,
        user_a: null,
        user_b: null,
        last_message_id: 0,
        created_at: now,
      });
      await tx.upsertMember({
        chat_pk: chatPk,
        user_id: owner.id,
        status: 'creator',
        data: '{}',
        updated_at: now,
      });
      if (input.verified) await tx.gateway.setChannelVerified(chatPk, now);
      return chatPk;
    });
    return this.view(store, (await store.getChat(pk))!);
  }

  /** Marks a channel verified (or not) as a sender. */
  async verify(username: string, verified: boolean): Promise<ChannelView> {
    const { store, clock } = this.deps;
    const chat = await this.#find(store, username);
    if (!chat) throw new GatewayError('CHANNEL_NOT_FOUND', `no channel @${username.replace(/^@/, '')}`);
    await store.write(async (tx) => tx.gateway.setChannelVerified(chat.pk, verified ? clock.now() : null));
    return this.view(store, chat);
  }

  /** The channel a send names, if the account may send from it to `phone` (reference §4.1 order). */
  async requireSender(account: GatewayAccountRow, username: string, ownerPhone: string, phone: string) {
    const { store } = this.deps;
    const chat = await this.#find(store, username);
    if (!chat) throw new GatewayError('SENDER_USERNAME_INVALID', `no channel @${username}`);
    if ((await store.getMember(chat.pk, account.owner_user_id))?.status !== 'creator') {
      throw new GatewayError('SENDER_NOT_OWNED', 'the channel is not owned by the account owner');
    }
    if (phone !== ownerPhone && (await store.gateway.getChannelVerifiedAt(chat.pk)) === undefined) {
      throw new GatewayError('SENDER_NOT_VERIFIED', 'the channel is not verified');
    }
    return chat;
  }

  async view(reader: Store, chat: ChatRow): Promise<ChannelView> {
    const creator = (await reader.listMembers(chat.pk)).find((m) => m.status === 'creator');
    return {
      id: chat.id!,
      username: chat.username ?? '',
      title: chat.title ?? '',
      owner_user_id: creator?.user_id ?? null,
      verified: (await reader.gateway.getChannelVerifiedAt(chat.pk)) !== undefined,
    };
  }

  async #find(reader: ChatsReader, username: string): Promise<ChatRow | undefined> {
    const chat = await reader.getChatByUsername(username.replace(/^@/, ''));
    return chat?.type === 'channel' ? chat : undefined;
  }
}
