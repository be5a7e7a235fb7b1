/**
 * Forum topics (ADR 0045): a person turns topics on in a supergroup; bots and people create, edit,
 * close, reopen and delete topics, and manage the General topic. Each change is one write that posts
 * its service message (forum_topic_created / edited / closed / reopened, general_forum_topic_hidden
 * / unhidden) in the topic it is about, to every bot of the chat.
 *
 * Rights (spec, TDLib's ForumTopicManager): creating a topic takes can_manage_topics (an admin's
 * right, or for people the chat's permission; a bot only as an admin with it, ADR 0071); editing,
 * closing and reopening take it unless the actor created the topic, deleting can_delete_messages
 * unless so; the General topic's methods take it; unpinning all its messages, can_pin_messages.
 */
import type { ForumTopic } from '../../wire/bot-api-types.js';
import { postServiceMessage, type ServiceMessageTx } from '../chats/chat-events.js';
import { hasRight, type AdminRightKey } from '../chats/chat-rights.js';
import {
  actingIn,
  commit,
  type Acting,
  type ActingIn,
  type Effects,
  type GroupContext,
} from '../chats/group-context.js';
import type { Messages } from '../messages/messages.js';
import { PlatformError, type PlatformErrorCode } from '../core/errors.js';
import type { MessageContent } from '../core/wire-types.js';
import { GENERAL_THREAD_ID, type TopicsReader, type TopicsWriter } from '../../storage/ports/topics.js';
import { privateTopics, setBotTopicMode, type BotTopicMode } from './bot-topics.js';
import type { ChatRow, ForumTopicRow, UserRow } from '../../storage/store.js';
import { cleanTopicName, iconColor, iconEmoji, renderForumTopic } from './topic-rules.js';
import { placeInThread, threadOf } from './threads.js';
import type { Groups } from '../chats/groups.js';
import { topicGuard } from '../core/store-ports.js';
import {
  checkForum,
  checkMayCreateTopic,
  checkThreadId,
  enableForum,
  need,
  noRightToCreate,
} from './topic-checks.js';

type PrivateTopics = { botId: number; mode: BotTopicMode };
/** What a topic's changes read and write (#inTopic's and #general's fns): the topics, their service messages. */
type TopicTx = ServiceMessageTx & TopicsReader & TopicsWriter;

export interface NewTopic {
  name: string;
  iconColor?: number | undefined;
  iconCustomEmojiId?: string | undefined;
}

export interface TopicEdit {
  name?: string | undefined;
  /** '' removes the icon. */
  iconCustomEmojiId?: string | undefined;
}

export class ForumTopics {
  /** `groups`: the kernel's, where topics register turning them on at a chat's creation (ADR 0111). */
  constructor(
    private readonly ctx: GroupContext<Messages>,
    groups?: Groups,
  ) {
    // Messages are put into threads by topics (threads.ts), through the kernel's extension points.
    ctx.messages.setThreads({ place: placeInThread, of: threadOf });
    groups?.setForumSwitch(enableForum);
  }

  /**
   * A person turns topics on or off in a supergroup they may change (can_change_info). Turning them
   * on makes the General topic; topics are kept while they are off. Returns the chat.
   */
  async setForum(personRef: string, chatRef: string | number, enabled: boolean): Promise<ChatRow> {
    return commit(this.ctx, async (tx) => {
      const at = await actingIn(this.ctx, tx, { person: personRef, chat: chatRef });
      if (at.chat.type !== 'supergroup') {
        throw new PlatformError('BAD_REQUEST', 'only a supergroup can have topics: upgrade the group first');
      }
      if (!hasRight(at.state, 'can_change_info')) {
        throw new PlatformError('CHAT_ADMIN_REQUIRED', 'turning topics on or off takes can_change_info');
      }
      if (enabled) {
        const creator = (await tx.listMembers(at.chat.pk)).find((member) => member.status === 'creator');
        await enableForum(tx, at.chat, creator?.user_id ?? at.actor.id, this.ctx.deps.clock.now());
      } else await tx.updateChat(at.chat.pk, { is_forum: 0 });
      return { ...at.chat, is_forum: enabled ? 1 : 0 };
    });
  }

  /** A bot's topic mode in its private chats (bot-topics.ts); returns the bot. */
  async setBotTopics(botRef: string, mode: BotTopicMode): Promise<UserRow> {
    const bot = await this.ctx.users.resolve(botRef, 'bot');
    await this.ctx.deps.store.write((tx) => setBotTopicMode(tx, bot.id, mode));
    return bot;
  }

  /** createForumTopic: the topic's thread is its forum_topic_created message. Returns ForumTopic. */
  async create(acting: Acting, topic: NewTopic): Promise<ForumTopic> {
    return commit(this.ctx, async (tx, effects) => {
      const { at, inPrivate } = await this.#acting(tx, acting, true);
      if (inPrivate) {
        if (at.actor.id !== inPrivate.botId && !inPrivate.mode.allows_users_to_create_topics)
          throw noRightToCreate();
      } else checkMayCreateTopic(at);
      // The values after the chat and the rights, as TDLib's create_forum_topic checks them.
      const name = cleanTopicName(topic.name);
      const color = iconColor(topic.iconColor);
      const emoji = iconEmoji(topic.iconCustomEmojiId) ?? null;
      const created: Record<string, unknown> = { name, icon_color: color };
      if (emoji) created.icon_custom_emoji_id = emoji;
      const row = await postServiceMessage(
        this.ctx,
        tx,
        at.chat,
        at.actor.id,
        { forum_topic_created: created },
        effects,
      );
      const stored: ForumTopicRow = {
        chat_pk: at.chat.pk,
        thread_id: row.message_id,
        name,
        icon_color: color,
        icon_custom_emoji_id: emoji,
        creator_id: at.actor.id,
        is_closed: false,
        is_hidden: false,
        created_at: row.date,
      };
      await tx.insertForumTopic(stored);
      return renderForumTopic(stored);
    });
  }

  /** editForumTopic: a new name and/or icon; neither given changes nothing; the same ones: TOPIC_NOT_MODIFIED. */
  async edit(acting: Acting, threadId: number, change: TopicEdit): Promise<void> {
    await this.#inTopic(
      acting,
      threadId,
      'can_manage_topics',
      'NOT_ENOUGH_RIGHTS_TO_EDIT_TOPIC',
      async (tx, at, topic, effects) => {
        const name =
          change.name === undefined || change.name === '' ? undefined : cleanTopicName(change.name);
        const emoji = iconEmoji(change.iconCustomEmojiId);
        if (name === undefined && emoji === undefined) return;
        await this.#rename(tx, at, topic, { name, emoji }, effects);
      },
      () => false,
    );
  }

  /**
   * editForumTopic's checks before its values (the topic, then the right unless the actor created
   * it, as TDLib's edit_forum_topic), changing nothing: the Bot API's runner asks them when the name
   * is refused, to answer in the reference's order (ADR 0100).
   */
  async checkEdit(acting: Acting, threadId: number): Promise<void> {
    const noEdit = async () => {};
    await this.#inTopic(
      acting,
      threadId,
      'can_manage_topics',
      'NOT_ENOUGH_RIGHTS_TO_EDIT_TOPIC',
      noEdit,
      () => false,
    );
  }

  /** closeForumTopic / reopenForumTopic: TOPIC_NOT_MODIFIED when it already is so. */
  async setClosed(acting: Acting, threadId: number, closed: boolean): Promise<void> {
    await this.#inTopic(
      acting,
      threadId,
      'can_manage_topics',
      'NOT_ENOUGH_RIGHTS_TO_CLOSE_TOPIC',
      async (tx, at, topic, effects) => {
        await this.#close(tx, at, topic, closed, effects);
      },
    );
  }

  /** deleteForumTopic: the topic and every message in it (pins included); no service message. */
  async delete(acting: Acting, threadId: number): Promise<void> {
    await this.#inTopic(
      acting,
      threadId,
      'can_delete_messages',
      'NOT_ENOUGH_RIGHTS_TO_DELETE_TOPIC',
      async (tx, at, topic) => {
        await tx.guardWrite(topicGuard(at.chat.pk, topic.thread_id));
        for (const messageId of await tx.listTopicMessages(at.chat.pk, topic.thread_id)) {
          await tx.unpinMessage(at.chat.pk, messageId);
          await tx.deleteMessage(at.chat.pk, messageId);
        }
        await tx.deleteForumTopic(at.chat.pk, topic.thread_id);
      },
      (mode) => mode.allows_users_to_create_topics,
    );
  }

  /** unpinAllForumTopicMessages: can_pin_messages; unpins the topic's messages only. */
  async unpinAll(acting: Acting, threadId: number): Promise<void> {
    await commit(this.ctx, async (tx) => {
      const { at, topic, inPrivate } = await this.#topic(tx, acting, threadId, true);
      // In a private chat both sides pin (pins.ts).
      if (!inPrivate) need(at, 'can_pin_messages', 'NOT_ENOUGH_RIGHTS_TO_PIN');
      const inTopic = new Set(await tx.listTopicMessages(at.chat.pk, topic.thread_id));
      for (const id of await tx.listPinnedMessages(at.chat.pk))
        if (inTopic.has(id)) await tx.unpinMessage(at.chat.pk, id);
    });
  }

  /** editGeneralForumTopic: the General topic's new name (forum_topic_edited in General). */
  async editGeneral(acting: Acting, name: string): Promise<void> {
    await this.#general(acting, 'NOT_ENOUGH_RIGHTS_TO_EDIT_TOPIC', (tx, at, general, effects) =>
      this.#rename(tx, at, general, { name: cleanTopicName(name), emoji: undefined }, effects),
    );
  }

  /** closeGeneralForumTopic / reopenGeneralForumTopic; reopening unhides it too (spec). */
  async setGeneralClosed(acting: Acting, closed: boolean): Promise<void> {
    await this.#general(acting, 'NOT_ENOUGH_RIGHTS_TO_CLOSE_TOPIC', async (tx, at, general, effects) => {
      if (!closed && general.is_hidden) {
        await tx.updateForumTopic(at.chat.pk, GENERAL_THREAD_ID, { is_hidden: false });
        await this.#post(tx, at, general, { general_forum_topic_unhidden: {} }, effects);
      }
      await this.#close(tx, at, general, closed, effects);
    });
  }

  /** hideGeneralForumTopic (closes it too when open) / unhideGeneralForumTopic. */
  async setGeneralHidden(acting: Acting, hidden: boolean): Promise<void> {
    await this.#general(acting, 'NOT_ENOUGH_RIGHTS_TO_CLOSE_TOPIC', async (tx, at, general, effects) => {
      if (general.is_hidden === hidden)
        throw new PlatformError('TOPIC_NOT_MODIFIED', 'the General topic is so already');
      const patch = hidden ? { is_hidden: true, is_closed: true } : { is_hidden: false };
      await tx.updateForumTopic(at.chat.pk, GENERAL_THREAD_ID, patch);
      const content = hidden ? { general_forum_topic_hidden: {} } : { general_forum_topic_unhidden: {} };
      await this.#post(tx, at, general, content, effects);
    });
  }

  /** unpinAllGeneralForumTopicMessages: can_pin_messages; the pinned messages outside every topic. */
  async unpinAllGeneral(acting: Acting): Promise<void> {
    await commit(this.ctx, async (tx) => {
      const at = await actingIn(this.ctx, tx, acting);
      checkForum(at.chat);
      need(at, 'can_pin_messages', 'NOT_ENOUGH_RIGHTS_TO_PIN');
      for (const id of await tx.listPinnedMessages(at.chat.pk)) {
        if ((await tx.topicOfMessage(at.chat.pk, id)) === undefined) await tx.unpinMessage(at.chat.pk, id);
      }
    });
  }

  /** The topics of a forum as a person sees them (control API). */
  async list(personRef: string, chatRef: string | number): Promise<Array<Record<string, unknown>>> {
    const { store } = this.ctx.deps;
    const at = await actingIn(this.ctx, store, { person: personRef, chat: chatRef }, 'read');
    checkForum(at.chat);
    return (await store.listForumTopics(at.chat.pk)).map((row) => ({
      ...renderForumTopic(row),
      is_closed: row.is_closed,
      ...(row.thread_id === GENERAL_THREAD_ID ? { is_general: true, is_hidden: row.is_hidden } : {}),
    }));
  }

  async #topic(
    tx: TopicTx,
    acting: Acting,
    threadId: number,
    allowPrivate: boolean,
  ): Promise<{ at: ActingIn; topic: ForumTopicRow; inPrivate: PrivateTopics | undefined }> {
    const { at, inPrivate } = await this.#acting(tx, acting, allowPrivate);
    checkThreadId(threadId);
    const topic = threadId === GENERAL_THREAD_ID ? undefined : await tx.getForumTopic(at.chat.pk, threadId);
    if (!topic) throw new PlatformError('TOPIC_ID_INVALID', `no topic ${threadId}`);
    return { at, topic, inPrivate };
  }

  /**
   * Who acts in which chat, which must have topics: a forum, or (`allowPrivate`) a private chat
   * whose bot has topics on (a person names it by the bot's @username).
   */
  async #acting(
    tx: TopicTx,
    acting: Acting,
    allowPrivate: boolean,
  ): Promise<{ at: ActingIn; inPrivate: PrivateTopics | undefined }> {
    let at: ActingIn;
    if ('person' in acting && /^@?[a-zA-Z]\w*bot$/i.test(String(acting.chat).trim())) {
      const actor = await this.ctx.users.resolve(acting.person, 'user');
      const chat = await this.ctx.messages.chatForUser(tx, actor, String(acting.chat), true);
      at = { chat: chat!, actor, state: { status: 'member', data: {} } };
    } else at = await actingIn(this.ctx, tx, acting);
    if (at.chat.type !== 'private') {
      checkForum(at.chat);
      return { at, inPrivate: undefined };
    }
    const inPrivate = allowPrivate ? await privateTopics(tx, at.chat) : undefined;
    if (!inPrivate?.mode.has_topics_enabled)
      throw new PlatformError('CHAT_NOT_FORUM', 'the chat is not a forum');
    return { at, inPrivate };
  }

  async #inTopic(
    acting: Acting,
    threadId: number,
    right: AdminRightKey,
    refusal: PlatformErrorCode,
    fn: (tx: TopicTx, at: ActingIn, topic: ForumTopicRow, effects: Effects) => Promise<void>,
    /** In a private chat with topics: whether people other than the topic's creator may too. */
    inPrivateChats?: (mode: BotTopicMode) => boolean,
  ): Promise<void> {
    await commit(this.ctx, async (tx, effects) => {
      const { at, topic, inPrivate } = await this.#topic(tx, acting, threadId, inPrivateChats !== undefined);
      if (!inPrivate) need(at, right, refusal, topic);
      else if (
        at.actor.id !== inPrivate.botId &&
        topic.creator_id !== at.actor.id &&
        !inPrivateChats!(inPrivate.mode)
      ) {
        throw new PlatformError(refusal, 'only the bot and the topic creator may');
      }
      await fn(tx, at, topic, effects);
    });
  }

  async #general(
    acting: Acting,
    refusal: PlatformErrorCode,
    fn: (tx: TopicTx, at: ActingIn, general: ForumTopicRow, effects: Effects) => Promise<void>,
  ): Promise<void> {
    await commit(this.ctx, async (tx, effects) => {
      const at = await actingIn(this.ctx, tx, acting);
      checkForum(at.chat);
      need(at, 'can_manage_topics', refusal);
      const general = await tx.getForumTopic(at.chat.pk, GENERAL_THREAD_ID);
      if (!general) throw new PlatformError('TOPIC_ID_INVALID', 'the forum has no General topic');
      await fn(tx, at, general, effects);
    });
  }

  async #rename(
    tx: TopicTx,
    at: ActingIn,
    topic: ForumTopicRow,
    change: { name: string | undefined; emoji: string | null | undefined },
    effects: Effects,
  ): Promise<void> {
    const edited: Record<string, unknown> = {};
    const patch: { name?: string; icon_custom_emoji_id?: string | null } = {};
    if (change.name !== undefined && change.name !== topic.name) patch.name = edited.name = change.name;
    if (change.emoji !== undefined && change.emoji !== topic.icon_custom_emoji_id) {
      patch.icon_custom_emoji_id = change.emoji;
      edited.icon_custom_emoji_id = change.emoji ?? '';
    }
    if (Object.keys(patch).length === 0)
      throw new PlatformError('TOPIC_NOT_MODIFIED', 'the topic is so already');
    await tx.updateForumTopic(at.chat.pk, topic.thread_id, patch);
    await this.#post(tx, at, topic, { forum_topic_edited: edited }, effects);
  }

  async #close(
    tx: TopicTx,
    at: ActingIn,
    topic: ForumTopicRow,
    closed: boolean,
    effects: Effects,
  ): Promise<void> {
    if (topic.is_closed === closed) throw new PlatformError('TOPIC_NOT_MODIFIED', 'the topic is so already');
    await tx.updateForumTopic(at.chat.pk, topic.thread_id, { is_closed: closed });
    await this.#post(
      tx,
      at,
      topic,
      closed ? { forum_topic_closed: {} } : { forum_topic_reopened: {} },
      effects,
    );
  }

  /** A service message in the topic (in General: outside every topic). */
  async #post(
    tx: TopicTx,
    at: ActingIn,
    topic: ForumTopicRow,
    content: MessageContent,
    effects: Effects,
  ): Promise<void> {
    const inTopic: MessageContent =
      topic.thread_id === GENERAL_THREAD_ID
        ? content
        : {
            ...content,
            _thread: topic.thread_id,
            ...((await tx.getMessage(at.chat.pk, topic.thread_id)) ? { _reply_to: topic.thread_id } : {}),
          };
    await postServiceMessage(this.ctx, tx, at.chat, at.actor.id, inTopic, effects);
  }
}
