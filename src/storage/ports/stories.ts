/**
 * Stories (table `stories`): posted by bots on behalf of business accounts. src/platform/stories/.
 *
 * Contract:
 * - A story is named by (owner_id, story_id); `insertStory` numbers it one above the highest id the
 *   owner ever had (deleted stories keep their row, marked deleted, so an id is never given twice).
 * - `listActiveStories` answers the owner's stories that are not deleted and either still active at
 *   `now` (expires_at > now) or kept on the chat page, newest first.
 */

export interface StoryRow {
  owner_id: number;
  story_id: number;
  /** The bot that posted (or reposted) it. */
  poster_bot_id: number;
  /** JSON of the story's content, caption, entities, areas, protect_content and repost origin. */
  body: string;
  posted_at: number;
  /** Unix seconds the story leaves the active list (posted_at + active_period). */
  expires_at: number;
  post_to_chat_page: boolean;
  deleted: boolean;
}

export interface StoriesReader {
  getStory(ownerId: number, storyId: number): Promise<StoryRow | undefined>;
  listActiveStories(ownerId: number, now: number): Promise<StoryRow[]>;
}

export interface StoriesWriter {
  /** Inserts the story with the next id of its owner and answers that id. */
  insertStory(row: Omit<StoryRow, 'story_id'>): Promise<number>;
  updateStory(
    ownerId: number,
    storyId: number,
    patch: Partial<Pick<StoryRow, 'body' | 'deleted'>>,
  ): Promise<void>;
}
