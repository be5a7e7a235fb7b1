/**
 * Communities (Bot API 10.2, issue 26, ADR 0077): a person creates one under a name and adds or
 * removes the supergroups and channels they own. Adding posts `community_chat_added {community}` in
 * the chat and removing `community_chat_removed {}`, as service messages that the chat's bots get
 * like any other; getChat shows `community` while the chat is in one (Groups.fullInfo reads the store).
 *
 * The rules Parley chose (the reference leaves them open, ADR 0077): ids are drawn at random from
 * 2^32 to 2^52 (beyond 32 bits on purpose, as the spec warns clients); names are 1-128 characters
 * after trimming; only the community's owner adds or removes, and only chats of which they are the
 * creator; a chat is in one community at most (moving it takes a remove first).
 */
import { postServiceMessage } from '../chats/chat-events.js';
import { chatForPerson, commit, type GroupContext } from '../chats/group-context.js';
import { joinChat } from '../chats/member-joins.js';
import { PlatformError } from '../core/errors.js';
import { checkLength } from '../formatting/index.js';
import { UniqueViolation, type CommunityRow, type UserRow } from '../../storage/store.js';
import type { WireChat } from '../core/wire-types.js';
import type { CommunitiesReader } from '../../storage/ports/communities.js';
import type { ChatsReader } from '../../storage/ports/chats.js';
import type { UsersReader } from '../../storage/ports/users.js';

export const COMMUNITY_NAME_MAX = 128;
/** Ids from 2^32 (past what 32-bit clients hold) to 2^52 (the spec's bound). */
const ID_RANGE: [number, number] = [2 ** 32, 2 ** 52];

/** The Bot API's Community. */
export interface WireCommunity {
  id: number;
  name: string;
}

/** A community with its owner and chats, for the control API and the web client. */
export interface CommunityRecord extends WireCommunity {
  owner_id: number;
  chats: WireChat[];
}

export const wireCommunity = (row: CommunityRow): WireCommunity => ({ id: row.id, name: row.name });

export class Communities {
  constructor(private readonly ctx: GroupContext) {}

  /** A person creates a community, of which they are the owner. */
  async create(ownerRef: string | number, name: string): Promise<WireCommunity> {
    const owner = await this.ctx.users.resolve(ownerRef, 'user');
    const clean = name.replace(/\s+/g, ' ').trim();
    checkLength(clean, { field: 'community name', min: 1, max: COMMUNITY_NAME_MAX });
    const { random, clock } = this.ctx.deps;
    return commit(this.ctx, async (tx) => {
      for (;;) {
        const row: CommunityRow = {
          id: random.int(...ID_RANGE),
          name: clean,
          owner_id: owner.id,
          created_at: clock.now(),
        };
        if (await tx.getCommunity(row.id)) continue;
        try {
          await tx.insertCommunity(row);
        } catch (error) {
          // Another writer drew the same id between the read and the insert: draw again.
          if (error instanceof UniqueViolation) continue;
          throw error;
        }
        return wireCommunity(row);
      }
    });
  }

  /** The owner adds a supergroup or channel they created; the chat gets community_chat_added. */
  async add(communityRef: string | number, chatRef: string | number, byRef: string | number) {
    const by = await this.ctx.users.resolve(byRef, 'user');
    return commit(this.ctx, async (tx, effects) => {
      const { community, chat } = await this.#checked(tx, communityRef, chatRef, by);
      const current = await tx.getCommunityOfChat(chat.pk);
      if (current) {
        throw new PlatformError(
          'CHAT_ALREADY_IN_COMMUNITY',
          current.id === community.id
            ? `chat ${chat.id} is already in this community`
            : `chat ${chat.id} is in community ${current.id}: remove it from there first`,
        );
      }
      await tx.addCommunityChat(community.id, chat.pk, this.ctx.deps.clock.now());
      const content = { community_chat_added: { community: wireCommunity(community) } };
      await postServiceMessage(this.ctx, tx, chat, by.id, content, effects);
      return this.#record(tx, community);
    });
  }

  /** The owner removes a chat of the community; the chat gets community_chat_removed. */
  async remove(communityRef: string | number, chatRef: string | number, byRef: string | number) {
    const by = await this.ctx.users.resolve(byRef, 'user');
    return commit(this.ctx, async (tx, effects) => {
      const { community, chat } = await this.#checked(tx, communityRef, chatRef, by);
      if (!(await tx.removeCommunityChat(community.id, chat.pk))) {
        throw new PlatformError('CHAT_NOT_IN_COMMUNITY', `chat ${chat.id} is not in this community`);
      }
      await postServiceMessage(this.ctx, tx, chat, by.id, { community_chat_removed: {} }, effects);
      return this.#record(tx, community);
    });
  }

  /**
   * A person joins a chat of a community from that community (Bot API 10.3, ADR 0096): as any join
   * (not when banned or a member already), and the chat shows `community_chat_joined {community}`
   * where other joins show new_chat_members. Only a chat that is in the community.
   */
  async join(communityRef: string | number, chatRef: string | number, userRef: string | number) {
    const user = await this.ctx.users.resolve(userRef, 'user');
    return commit(this.ctx, async (tx, effects) => {
      const community = await communityOf(tx, communityRef);
      const { chat } = await chatForPerson(this.ctx, tx, user, chatRef, false);
      if ((await tx.getCommunityOfChat(chat.pk))?.id !== community.id) {
        throw new PlatformError('CHAT_NOT_IN_COMMUNITY', `chat ${chat.id} is not in this community`);
      }
      await joinChat(this.ctx, tx, chat, user, effects, { community: wireCommunity(community) });
      return { status: 'member' as const, chat: await this.ctx.chats.render(tx, chat, user.id) };
    });
  }

  /** A community with its chats (no viewer: the control API sees everything). */
  async get(communityRef: string | number): Promise<CommunityRecord> {
    const { store } = this.ctx.deps;
    return this.#record(store, await communityOf(store, communityRef));
  }

  /**
   * The checks of add and remove, in this order: the community, the chat, the community's owner,
   * the chat's type, the chat's creator. A refusal changes nothing.
   */
  async #checked(
    tx: ChatsReader & CommunitiesReader,
    communityRef: string | number,
    chatRef: string | number,
    by: UserRow,
  ) {
    const community = await communityOf(tx, communityRef);
    const { chat, state } = await chatForPerson(this.ctx, tx, by, chatRef, false);
    if (community.owner_id !== by.id) {
      throw new PlatformError(
        'COMMUNITY_OWNER_REQUIRED',
        `only the community's owner can add or remove its chats`,
      );
    }
    if ((chat.type !== 'supergroup' && chat.type !== 'channel') || chat.parent_pk) {
      throw new PlatformError('BAD_REQUEST', 'only supergroups and channels can be in a community');
    }
    if (state.status !== 'creator') {
      throw new PlatformError(
        'CHAT_ADMIN_REQUIRED',
        `only the chat's owner can add it to a community or remove it from one`,
      );
    }
    return { community, chat };
  }

  async #record(
    reader: ChatsReader & CommunitiesReader & UsersReader,
    row: CommunityRow,
  ): Promise<CommunityRecord> {
    const chats: WireChat[] = [];
    for (const pk of await reader.listCommunityChats(row.id)) {
      const chat = await reader.getChat(pk);
      if (chat) chats.push(await this.ctx.chats.render(reader, chat, 0));
    }
    return { ...wireCommunity(row), owner_id: row.owner_id, chats };
  }
}

async function communityOf(reader: CommunitiesReader, ref: string | number): Promise<CommunityRow> {
  const text = String(ref).trim();
  const row = /^\d{1,16}$/.test(text) ? await reader.getCommunity(Number(text)) : undefined;
  if (!row) throw new PlatformError('COMMUNITY_NOT_FOUND', `no community "${text}"`);
  return row;
}
