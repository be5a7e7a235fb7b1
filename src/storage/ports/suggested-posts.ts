/**
 * Channel direct messages and suggested posts (tables `direct_messages_chats`, `suggested_posts`,
 * column `chats.parent_pk`; SQLite 022, PostgreSQL 012). ADR 0053.
 *
 * Contract:
 * - One direct-messages chat per channel (`channel_pk` and `chat_pk` are each unique); enabling
 *   again updates the row.
 * - One suggested post per suggestion message (chat_pk, message_id): a second insert is a
 *   UniqueViolation.
 * - `updateSuggestedPost` changes only the row whose state and phase are the ones given in
 *   `expect` and answers whether it did: two writes that race to approve or decline a suggestion,
 *   or to publish, pay out or refund it, change it once (the other finds it changed and answers
 *   false).
 * - `listDueSuggestedPosts` answers the rows with `due_at` at or before `now`, earliest first;
 *   `nextSuggestedPostDue` the earliest `due_at` of all, or undefined.
 */

/** What an approved suggestion has come to (null while pending or declined). */
export type SuggestedPostPhase = 'scheduled' | 'published' | 'paid' | 'refunded';
export type SuggestedPostState = 'pending' | 'approved' | 'declined';

export interface DirectMessagesChatRow {
  channel_pk: number;
  chat_pk: number;
  /** 1 while people may write to the channel's direct messages. */
  enabled: number;
  updated_at: number;
}

export interface SuggestedPostRow {
  /** The direct-messages chat and the suggestion message in it. */
  chat_pk: number;
  message_id: number;
  channel_pk: number;
  /** The person who suggested it (their topic is the message's direct_messages_topic). */
  author_id: number;
  state: SuggestedPostState;
  phase: SuggestedPostPhase | null;
  /** The price (SuggestedPostPrice); both null for an unpaid post. */
  currency: string | null;
  amount: number | null;
  /** The date the person proposed (Unix seconds), or null for "any time". */
  send_date: number | null;
  /** When an approved post is (or was) published. */
  publish_at: number | null;
  /** The administrator (a bot) who approved it; the channel post is theirs. */
  approved_by: number | null;
  /** The channel message once published. */
  post_message_id: number | null;
  published_at: number | null;
  /** The Stars transaction id of the payment (the ledger rows carry it). */
  charge_id: string | null;
  /** When the clock sweep has work for it (publish, pay out); null when none. */
  due_at: number | null;
}

export type SuggestedPostPatch = Partial<
  Pick<
    SuggestedPostRow,
    | 'state'
    | 'phase'
    | 'publish_at'
    | 'approved_by'
    | 'post_message_id'
    | 'published_at'
    | 'charge_id'
    | 'due_at'
  >
>;

export interface SuggestedPostsReader {
  getDirectMessagesChat(channelPk: number): Promise<DirectMessagesChatRow | undefined>;
  getSuggestedPost(chatPk: number, messageId: number): Promise<SuggestedPostRow | undefined>;
  /** The suggested post published as `postMessageId` in the channel. */
  getSuggestedPostByPost(channelPk: number, postMessageId: number): Promise<SuggestedPostRow | undefined>;
  listDueSuggestedPosts(now: number, limit: number): Promise<SuggestedPostRow[]>;
  nextSuggestedPostDue(): Promise<number | undefined>;
}

export interface SuggestedPostsWriter {
  /** Inserts or replaces the channel's row. */
  upsertDirectMessagesChat(row: DirectMessagesChatRow): Promise<void>;
  insertSuggestedPost(row: SuggestedPostRow): Promise<void>;
  /** Changes the row only when its state and phase are `expect`'s; answers whether it did. */
  updateSuggestedPost(
    chatPk: number,
    messageId: number,
    expect: { state: SuggestedPostState; phase: SuggestedPostPhase | null },
    patch: SuggestedPostPatch,
  ): Promise<boolean>;
}
