/**
 * Groups, supergroups and channels: people create them (as their creator), upgrade a group to a
 * supergroup, and the chat's title, description and default permissions change; getChat answers
 * ChatFullInfo. Members, invite links, join requests and blocking have files of their own; this
 * class gathers them as `platform.groups`.
 *
 * Ids: a group's is negative without a prefix (-4xxxxxxxxx); a supergroup's or channel's is
 * -100 followed by ten digits (reference: -1000000000000 - supergroup_id).
 */
import type { AcceptedGiftTypes, ChatFullInfo, ChatPhoto } from '../../wire/bot-api-types.js';
import { Blocking } from './blocking.js';
import { chatPermissions, type ChatAccess } from './chat-access.js';
import { checkMayChangeInfo } from './chat-info-rights.js';
import { chatRecord, type WrittenChat } from './chat-record.js';
import { addCreatedMembers, postServiceMessage, type ServiceMessageTx } from './chat-events.js';
import { hasRight, isPresent, memberState, normalizeRights, type ChatPermissions } from './chat-rights.js';
import { privateChatOf } from './chats.js';
import { ChatMigrated, PlatformError } from '../core/errors.js';
import {
  actingIn,
  chatForBot,
  commit,
  type Acting,
  type ActingIn,
  type Effects,
  type GroupContext,
} from './group-context.js';
import { InviteLinks } from './invite-links.js';
import { JoinRequests } from './join-requests.js';
import { Members } from './members.js';
import {
  UniqueViolation,
  type ChatRow,
  type ChatType,
  type FileRow,
  type UserRow,
} from '../../storage/store.js';
import type { WirePhotoSize } from '../files/files.js';
import { checkLength } from '../formatting/index.js';
import type { ChatsReader, ChatsWriter } from '../../storage/ports/chats.js';
import type { TopicsReader, TopicsWriter } from '../../storage/ports/topics.js';

export const TITLE_MAX = 128;
export const DESCRIPTION_MAX = 255;
const USERNAME = /^[a-zA-Z](?:[a-zA-Z0-9_]{3,30}[a-zA-Z0-9])$/;
const CREATED: Record<Exclude<ChatType, 'private'>, string> = {
  group: 'group_chat_created',
  supergroup: 'supergroup_chat_created',
  channel: 'channel_chat_created',
};

export interface CreateChatInput {
  type: string;
  title: string;
  username?: string | undefined;
  description?: string | undefined;
  /** Users and bots to add at creation (bots get my_chat_member). */
  members?: Array<string | number> | undefined;
  /** Supergroups: topics on from the start (forum topics, ADR 0045). */
  forum?: boolean | undefined;
}

/** A refusal of a person's request only (control API), said by its message. */
const bad = (text: string) => new PlatformError('BAD_REQUEST', text);

/** A title as kept: runs of white space become one space; over 128 characters is refused (ADR 0071). */
export function cleanTitle(title: string): string {
  const clean = title.replace(/\s+/g, ' ').trim();
  if (clean === '') throw new PlatformError('CHAT_TITLE_EMPTY', 'title must be non-empty');
  checkLength(clean, { field: 'chat title', min: 1, max: TITLE_MAX });
  return clean;
}

/**
 * An extension point of the kernel (ADR 0111): turning topics on in a supergroup, in the caller's
 * write (`ForumTx`). topics/ registers it (topic-checks.ts `enableForum`: is_forum and the General topic).
 */
export type ForumSwitch = (tx: ForumTx, chat: ChatRow, creatorId: number, now: number) => Promise<void>;
type ForumTx = ChatsWriter & TopicsReader & TopicsWriter;

export class Groups {
  #enableForum: ForumSwitch | undefined;
  readonly members: Members;
  readonly inviteLinks: InviteLinks;
  readonly joinRequests: JoinRequests;
  readonly blocking: Blocking;

  constructor(private readonly ctx: GroupContext) {
    this.members = new Members(ctx);
    this.joinRequests = new JoinRequests(ctx, this.members);
    this.inviteLinks = new InviteLinks(ctx, this.members, this.joinRequests);
    this.blocking = new Blocking(ctx);
  }

  /** Registers the feature that turns topics on (one at most). */
  setForumSwitch(enable: ForumSwitch): void {
    if (this.#enableForum) throw new Error('a forum switch is already registered');
    this.#enableForum = enable;
  }

  /**
   * A person creates a group, supergroup or channel and becomes its creator. Answers the chat with
   * its members as the write left them (`record` renders it without a read).
   */
  async create(ownerRef: string, input: CreateChatInput): Promise<WrittenChat> {
    const { users, deps } = this.ctx;
    const owner = await users.resolve(ownerRef, 'user');
    const type = input.type as ChatType;
    if (!(type in CREATED)) throw bad('type must be group, supergroup or channel');
    const title = cleanTitle(input.title ?? '');
    const username = input.username?.replace(/^@/, '') || null;
    if (username !== null) {
      if (type === 'group') throw bad('a basic group can not have a username: create a supergroup');
      if (!USERNAME.test(username) || /bot$/i.test(username)) {
        throw new PlatformError('USERNAME_INVALID', 'username must be 5-32 characters and not end in "bot"');
      }
    }
    const description = input.description ? [...input.description].slice(0, DESCRIPTION_MAX).join('') : null;
    if (input.forum && type !== 'supergroup') throw bad('only a supergroup can have topics');
    const members = await users.resolveMany(input.members ?? []);
    const known = new Map([owner, ...members].map((user) => [user.id, user]));
    // Keyed by its first bot, whose row (its next update id) is the one hot row it takes (store.ts).
    const bot = members.find((member) => member.is_bot);
    const key = bot && { bot: bot.id, queues: true };
    return commit(
      this.ctx,
      async (tx, effects) => {
        if (username && (await tx.getUserByUsername(username))) {
          throw new PlatformError('USERNAME_OCCUPIED', 'this username is taken');
        }
        const chat = await this.#insertChat(tx, { type, title, username, description, permissions: null });
        if (input.forum) {
          if (!this.#enableForum) throw new Error('no forum switch is registered (topics/)');
          await this.#enableForum(tx, chat, owner.id, deps.clock.now());
          chat.is_forum = 1;
        }
        await tx.upsertMember({
          chat_pk: chat.pk,
          user_id: owner.id,
          status: 'creator',
          data: JSON.stringify({ is_anonymous: false }),
          updated_at: deps.clock.now(),
        });
        effects.members.push({ chatPk: chat.pk, userId: owner.id });
        await addCreatedMembers(this.ctx, tx, { chat, owner, members }, effects);
        await postServiceMessage(this.ctx, tx, chat, owner.id, { [CREATED[type as 'group']]: true }, effects);
        // Read in the write: PostgreSQL answers a chat the write inserted without a statement.
        return { chat, members: await tx.listMembers(chat.pk), users: known };
      },
      key,
    );
  }

  async #insertChat(
    tx: ChatsReader & ChatsWriter,
    fields: Pick<ChatRow, 'type' | 'title' | 'username' | 'description' | 'permissions'>,
  ): Promise<ChatRow> {
    const { random, clock } = this.ctx.deps;
    const newId = () =>
      fields.type === 'group'
        ? -random.int(4_000_000_000, 5_000_000_000)
        : -(1_000_000_000_000 + random.int(1_000_000_000, 3_000_000_000));
    const row = { ...fields, user_a: null, user_b: null, last_message_id: 0, created_at: clock.now() };
    try {
      return await tx.insertChatWithNewId(row, newId);
    } catch (error) {
      if (error instanceof UniqueViolation)
        throw new PlatformError('USERNAME_OCCUPIED', 'this username is taken');
      throw error;
    }
  }

  /**
   * The creator upgrades a group to a supergroup: members, administrators and permissions move to a
   * new chat with a -100 id; the group shows migrate_to_chat_id and the supergroup
   * migrate_from_chat_id; bots then get 400 "group chat was upgraded to a supergroup chat" with
   * migrate_to_chat_id for the old id.
   */
  async migrate(acting: Acting): Promise<ChatRow> {
    return commit(this.ctx, async (tx, effects) => {
      const { chat, actor, state } = await actingIn(this.ctx, tx, acting);
      if (chat.migrated_to_id) throw new ChatMigrated(chat.migrated_to_id);
      if (chat.type !== 'group') throw bad('only a basic group can be upgraded to a supergroup');
      if (state.status !== 'creator')
        throw new PlatformError('CHAT_ADMIN_REQUIRED', 'only the creator can upgrade a group');
      const supergroup = await this.#insertChat(tx, {
        type: 'supergroup',
        title: chat.title,
        username: null,
        description: chat.description,
        permissions: chat.permissions ?? null,
      });
      const now = this.ctx.deps.clock.now();
      for (const row of await tx.listMembers(chat.pk)) {
        const old = memberState(row, now);
        if (!isPresent(old) && old.status !== 'kicked') continue;
        const data = { ...old.data };
        if (old.status === 'administrator')
          data.rights = normalizeRights(old.data.rights ?? {}, 'supergroup');
        const { invite_link: _link, ...kept } = data;
        await tx.upsertMember({
          ...row,
          chat_pk: supergroup.pk,
          status: old.status,
          data: JSON.stringify(kept),
        });
        effects.members.push({ chatPk: supergroup.pk, userId: row.user_id });
      }
      await postServiceMessage(this.ctx, tx, chat, actor.id, { migrate_to_chat_id: supergroup.id }, effects);
      await tx.updateChat(chat.pk, { migrated_to_id: supergroup.id });
      await postServiceMessage(
        this.ctx,
        tx,
        supergroup,
        actor.id,
        { migrate_from_chat_id: chat.id },
        effects,
      );
      return supergroup;
    });
  }

  /** setChatTitle: can_change_info; the same title again changes nothing (no service message). */
  async setTitle(acting: Acting, title: string): Promise<void> {
    await this.#change(acting, 'title', async (tx, at, effects) => {
      const clean = cleanTitle(title);
      if (clean === at.chat.title) return;
      await tx.updateChat(at.chat.pk, { title: clean });
      const chat = { ...at.chat, title: clean };
      await postServiceMessage(this.ctx, tx, chat, at.actor.id, { new_chat_title: clean }, effects);
    });
  }

  /** setChatDescription: can_change_info; 0-255 characters (ADR 0071); unchanged is refused. */
  async setDescription(acting: Acting, description: string): Promise<void> {
    await this.#change(acting, 'description', async (tx, at) => {
      const clean = description.trim();
      checkLength(
        clean,
        { field: 'chat description', min: 0, max: DESCRIPTION_MAX },
        { tooLong: () => new PlatformError('CHAT_ABOUT_TOO_LONG', 'chat description is too long') },
      );
      if (clean === (at.chat.description ?? ''))
        throw new PlatformError('CHAT_DESCRIPTION_NOT_MODIFIED', 'chat description is not modified');
      await tx.updateChat(at.chat.pk, { description: clean === '' ? null : clean });
    });
  }

  /**
   * setChatPhoto: can_change_info; the chat keeps the stored photo's file and members see
   * new_chat_photo (the photo's PhotoSize objects, each viewer with its own file_id).
   */
  async setPhoto(acting: Acting, photo: { file: FileRow; sizes: WirePhotoSize[] }): Promise<void> {
    await this.#change(acting, 'photo', async (tx, at, effects) => {
      await tx.updateChat(at.chat.pk, { photo_file_pk: photo.file.pk });
      const chat = { ...at.chat, photo_file_pk: photo.file.pk };
      await postServiceMessage(this.ctx, tx, chat, at.actor.id, { new_chat_photo: photo.sizes }, effects);
    });
  }

  /** deleteChatPhoto: can_change_info; a chat without a photo answers CHAT_NOT_MODIFIED. */
  async deletePhoto(acting: Acting): Promise<void> {
    await this.#change(acting, 'photo', async (tx, at, effects) => {
      if (at.chat.photo_file_pk === null || at.chat.photo_file_pk === undefined)
        throw new PlatformError('CHAT_NOT_MODIFIED', 'the chat has no photo');
      await tx.updateChat(at.chat.pk, { photo_file_pk: null });
      const chat = { ...at.chat, photo_file_pk: null };
      await postServiceMessage(this.ctx, tx, chat, at.actor.id, { delete_chat_photo: true }, effects);
    });
  }

  /** setChatPermissions: the default permissions of a group or supergroup (can_restrict_members). */
  async setPermissions(acting: Acting, permissions: ChatPermissions): Promise<void> {
    await commit(this.ctx, async (tx) => {
      const at = await actingIn(this.ctx, tx, acting);
      if (at.chat.type === 'private')
        throw new PlatformError('PRIVATE_CHAT_PERMISSIONS', "can't change private chat permissions");
      if (at.chat.type === 'channel')
        throw new PlatformError('CHANNEL_CHAT_PERMISSIONS', "can't change channel chat permissions");
      if (!hasRight(at.state, 'can_restrict_members')) {
        throw new PlatformError(
          'NOT_ENOUGH_RIGHTS_TO_CHANGE_PERMISSIONS',
          'not enough rights to change chat permissions',
        );
      }
      await tx.updateChat(at.chat.pk, { permissions: JSON.stringify(permissions) });
    });
  }

  async #change(
    acting: Acting,
    what: 'title' | 'description' | 'photo',
    fn: (tx: ServiceMessageTx, at: ActingIn, effects: Effects) => Promise<void>,
  ): Promise<void> {
    await commit(this.ctx, async (tx, effects) => {
      const at = await actingIn(this.ctx, tx, acting);
      checkMayChangeInfo(at, what);
      await fn(tx, at, effects);
    });
  }

  /**
   * The checks of a chat info change, read before anything is stored (a new photo's bytes are
   * stored before its write): a refused setChatPhoto leaves nothing behind. The write checks again.
   */
  async checkMayChangeInfo(acting: Acting, what: 'title' | 'description' | 'photo'): Promise<void> {
    checkMayChangeInfo(await actingIn(this.ctx, this.ctx.deps.store, acting), what);
  }

  /**
   * The Bot API runner's check of a call in a chat (ADR 0084), reading only: the chat as the bot
   * names it (chat not found, not a member, kicked: chat-access.ts), then `rule` (assembly/chat-rules.ts).
   */
  async checkBotCall(
    botId: number,
    chatId: number,
    access: ChatAccess,
    rule: ((at: ActingIn) => void) | undefined,
  ): Promise<void> {
    const bot = await this.ctx.users.resolve(botId, 'bot');
    const at = await chatForBot(this.ctx, this.ctx.deps.store, bot, chatId, access);
    rule?.(at);
  }

  /**
   * getChat: ChatFullInfo with the spec's required accent_color_id, max_reaction_count and
   * accepted_gift_types; groups add description, the bot's primary invite link and permissions.
   */
  async fullInfo(
    bot: UserRow,
    chatId: number,
    renderPhoto?: (file: FileRow) => Promise<ChatPhoto>,
  ): Promise<ChatFullInfo> {
    const { store } = this.ctx.deps;
    const { chat } = await chatForBot(this.ctx, store, bot, chatId, 'read');
    const gifts = (accepted: boolean): AcceptedGiftTypes => ({
      unlimited_gifts: accepted,
      limited_gifts: accepted,
      unique_gifts: accepted,
      premium_subscription: accepted,
      gifts_from_channels: accepted,
    });
    if (chat.type === 'private') {
      const other = (await store.getUser(chat.user_a === bot.id ? chat.user_b! : chat.user_a!))!;
      const wire = privateChatOf(other);
      return {
        ...wire,
        accent_color_id: wire.id % 7,
        max_reaction_count: 11,
        accepted_gift_types: gifts(true),
      };
    }
    // A channel's direct-messages chat names its channel (ADR 0053).
    const parent = chat.parent_pk ? await store.getChat(chat.parent_pk) : undefined;
    const photo = chat.photo_file_pk ? await store.getFileByPk(chat.photo_file_pk) : undefined;
    const link = await this.inviteLinks.primaryOf(store, chat, bot.id);
    const community = await store.getCommunityOfChat(chat.pk); // Bot API 10.2 (ADR 0077)
    // In the reference's order of keys.
    return {
      id: chat.id!,
      type: chat.type,
      ...(chat.title !== null ? { title: chat.title } : {}),
      ...(chat.username ? { username: chat.username } : {}),
      ...(chat.type === 'supergroup' && chat.is_forum ? { is_forum: true } : {}),
      ...(parent ? { is_direct_messages: true } : {}),
      accent_color_id: Math.abs(chat.id!) % 7,
      max_reaction_count: 11,
      ...(photo && renderPhoto ? { photo: await renderPhoto(photo) } : {}),
      accepted_gift_types: gifts(false),
      ...(chat.description ? { description: chat.description } : {}),
      ...(link ? { invite_link: this.inviteLinks.shown(link.link) } : {}),
      ...(chat.type !== 'channel' ? { permissions: chatPermissions(chat) } : {}),
      ...(parent ? { parent_chat: await this.ctx.chats.render(store, parent, bot.id) } : {}),
      ...(community ? { community: { id: community.id, name: community.name } } : {}),
    };
  }

  /**
   * The chat with its members, for the control API (no acting user: nothing is hidden); `ref` a
   * chat's id or username, its row (not read again), or a chat as its creation wrote it (no read).
   */
  record(ref: string | number | ChatRow | WrittenChat): Promise<Record<string, unknown>> {
    return chatRecord(this.ctx.deps, ref);
  }
}
