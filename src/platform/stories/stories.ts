/**
 * Stories (spec postStory, repostStory, editStory, deleteStory, Story, StoryArea): a bot with
 * can_manage_stories posts, edits and deletes stories on behalf of a business account. A story is
 * active for its active_period on the platform's clock (the virtual clock in tests), then leaves
 * the account's active list unless it is kept on the chat page. People see an account's stories
 * and reply to them (reply_to_story). ADR 0049.
 */
import type { Story } from '../../wire/bot-api-types.js';
import { PlatformError } from '../core/errors.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { WireMessage } from '../core/wire-types.js';
import { privateChatOf } from '../chats/chats.js';
import type { Messages } from '../messages/messages.js';
import type { Users } from '../users/users.js';
import type { StoryRow, UserRow } from '../../storage/store.js';
import { usableConnection } from '../business/usable-connection.js';
import type { StoriesReader } from '../../storage/ports/stories.js';

/** What a story shows: its media, caption, areas; stored whole as the row's body. */
export interface StoryBody {
  /** { type: 'photo', photo: PhotoSize[] } or { type: 'video', video: Video } as the poster saw it. */
  content: Record<string, unknown>;
  caption?: string;
  caption_entities?: unknown[];
  areas?: unknown[];
  protect_content?: true;
  /** A repost: the story it reposts. */
  repost_of?: { chat_id: number; story_id: number };
}

export interface StoryInput {
  body: StoryBody;
  activePeriod: number;
  postToChatPage: boolean;
}

export class Stories {
  constructor(
    private readonly deps: PlatformDeps,
    private readonly users: Users,
    private readonly messages: Messages,
  ) {}

  /** postStory: a new story of the account, active for activePeriod seconds from now. */
  async post(botId: number, connectionId: string, input: StoryInput): Promise<Story> {
    const { store, clock } = this.deps;
    const { owner, storyId } = await store.write(async (tx) => {
      const connection = await usableConnection(tx, botId, connectionId, 'can_manage_stories');
      const now = clock.now();
      const storyId = await tx.insertStory({
        owner_id: connection.user_id,
        poster_bot_id: botId,
        body: JSON.stringify(input.body),
        posted_at: now,
        expires_at: now + input.activePeriod,
        post_to_chat_page: input.postToChatPage,
        deleted: false,
      });
      return { owner: (await tx.getUser(connection.user_id))!, storyId };
    });
    return renderStory(owner, storyId);
  }

  /**
   * repostStory: a story the bot posted on another account it manages, reposted on this one.
   * Both connections need can_manage_stories.
   */
  async repost(
    botId: number,
    connectionId: string,
    from: { chatId: number; storyId: number },
    activePeriod: number,
    postToChatPage: boolean,
    protect: boolean,
  ): Promise<Story> {
    const { store, clock } = this.deps;
    const { owner, storyId } = await store.write(async (tx) => {
      const connection = await usableConnection(tx, botId, connectionId, 'can_manage_stories');
      const source = await tx.getEnabledBusinessConnectionOf(from.chatId);
      if (!source || source.bot_id !== botId) throw new PlatformError('CHAT_NOT_FOUND', 'chat not found');
      await usableConnection(tx, botId, source.id, 'can_manage_stories');
      const original = await this.#own(tx, botId, from.chatId, from.storyId);
      const { protect_content: _protected, ...body } = JSON.parse(original.body) as StoryBody;
      const now = clock.now();
      const storyId = await tx.insertStory({
        owner_id: connection.user_id,
        poster_bot_id: botId,
        body: JSON.stringify({
          ...body,
          ...(protect ? { protect_content: true } : {}),
          repost_of: { chat_id: from.chatId, story_id: from.storyId },
        }),
        posted_at: now,
        expires_at: now + activePeriod,
        post_to_chat_page: postToChatPage,
        deleted: false,
      });
      return { owner: (await tx.getUser(connection.user_id))!, storyId };
    });
    return renderStory(owner, storyId);
  }

  /** editStory: new content, caption and areas of a story the bot posted (active or kept). */
  async edit(botId: number, connectionId: string, storyId: number, body: StoryBody): Promise<Story> {
    const owner = await this.deps.store.write(async (tx) => {
      const connection = await usableConnection(tx, botId, connectionId, 'can_manage_stories');
      const story = await this.#own(tx, botId, connection.user_id, storyId);
      const before = JSON.parse(story.body) as StoryBody;
      const kept = {
        ...(before.protect_content ? { protect_content: true as const } : {}),
        ...(before.repost_of ? { repost_of: before.repost_of } : {}),
      };
      await tx.updateStory(connection.user_id, storyId, { body: JSON.stringify({ ...body, ...kept }) });
      return (await tx.getUser(connection.user_id))!;
    });
    return renderStory(owner, storyId);
  }

  /** deleteStory: a story the bot posted leaves the account (its id is not given again). */
  async delete(botId: number, connectionId: string, storyId: number): Promise<void> {
    await this.deps.store.write(async (tx) => {
      const connection = await usableConnection(tx, botId, connectionId, 'can_manage_stories');
      await this.#own(tx, botId, connection.user_id, storyId);
      await tx.updateStory(connection.user_id, storyId, { deleted: true });
    });
  }

  /** An account's stories as people see them: active ones and those kept on its page, newest first. */
  async listFor(ownerRef: string | number): Promise<Array<Record<string, unknown>>> {
    const owner = await this.users.resolve(ownerRef, 'user');
    const now = this.deps.clock.now();
    const rows = await this.deps.store.listActiveStories(owner.id, now);
    return rows.map((row) => {
      const body = JSON.parse(row.body) as StoryBody;
      return {
        ...renderStory(owner, row.story_id),
        date: row.posted_at,
        expiration_date: row.expires_at,
        is_active: row.expires_at > now,
        ...body,
      };
    });
  }

  /** A person replies to an active story of an account: a message in their chat with reply_to_story. */
  async reply(
    fromRef: string | number,
    ownerRef: string | number,
    storyId: number,
    text: string,
  ): Promise<WireMessage> {
    const user = await this.users.resolve(fromRef, 'user');
    const owner = await this.users.resolve(ownerRef, 'user');
    const story = await this.deps.store.getStory(owner.id, storyId);
    if (!story || story.deleted || story.expires_at <= this.deps.clock.now()) {
      throw new PlatformError('STORY_NOT_FOUND', 'the story is not active');
    }
    const trimmed = text.trim();
    if (trimmed === '') throw new PlatformError('MESSAGE_TEXT_EMPTY', 'text is empty');
    return this.messages.deliverFromUser(user, String(owner.id), {
      text: trimmed,
      reply_to_story: renderStory(owner, storyId),
    });
  }

  /** A story of the account that this bot posted and that is not deleted. */
  async #own(reader: StoriesReader, botId: number, ownerId: number, storyId: number): Promise<StoryRow> {
    const story = await reader.getStory(ownerId, storyId);
    if (!story || story.deleted || story.poster_bot_id !== botId) {
      throw new PlatformError('STORY_NOT_FOUND', 'story not found');
    }
    return story;
  }
}

/** The Story object (spec): the chat that posted it and its id. */
export function renderStory(owner: UserRow, storyId: number): Story {
  return { chat: privateChatOf(owner), id: storyId };
}
