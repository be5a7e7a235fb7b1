/**
 * Ephemeral messages (Bot API 10.2): a bot's message in a group that one member, the receiver, sees
 * (table `ephemeral_messages`, ADR 0076). A table of its own, which no read path of ordinary
 * messages reads, so that no list, update, transcript or export of the chat can show one by mistake.
 *
 * Contract:
 * - A message is identified by (chat_pk, ephemeral_message_id); the id is per chat and reusable:
 *   `insertEphemeralMessage` gives the smallest id from 1 up that no message of the chat holds.
 * - `listEphemeralMessages` answers the messages in one chat that a user received or sent (a
 *   person's ephemeral command, ADR 0080), oldest first (by `after_message_id`, then by insertion
 *   order: `seq`).
 * - `nextUnseenEphemeralMessage` answers the receiver's oldest message that `markEphemeralSeen` has
 *   not marked (a person's wait, person-waits.ts).
 * - `replaces_message_id` is kept as given (NULL when not given): the chat's message the receiver
 *   sees this one in place of (10.3 replace_callback_query_message, ADR 0096).
 * - `updateEphemeralMessage` and `deleteEphemeralMessage` answer whether the message existed.
 * - Nothing here is cached.
 */

export interface EphemeralMessageRow {
  chat_pk: number;
  ephemeral_message_id: number;
  /** Orders the chat's ephemeral messages as they were sent (ids are reused; this is not). */
  seq: number;
  receiver_id: number;
  sender_id: number;
  /** The id of the chat's newest ordinary message when this was sent: where it shows in a list. */
  after_message_id: number;
  date: number;
  edit_date: number | null;
  /** JSON object: the message content fields of the wire Message, as MessageRow.body. */
  body: string;
  /** Whether a wait of the receiver has answered it. */
  seen: boolean;
  /**
   * The chat's message (its message_id) that the receiver sees this one in place of: the message of
   * the callback query it answers with 10.3's replace_callback_query_message (ADR 0096); null when
   * it is shown beside the chat's messages.
   */
  replaces_message_id: number | null;
}

export type NewEphemeralMessage = Omit<
  EphemeralMessageRow,
  'ephemeral_message_id' | 'seq' | 'seen' | 'replaces_message_id'
> & { replaces_message_id?: number | null };

export interface EphemeralReader {
  getEphemeralMessage(chatPk: number, ephemeralMessageId: number): Promise<EphemeralMessageRow | undefined>;
  listEphemeralMessages(chatPk: number, userId: number): Promise<EphemeralMessageRow[]>;
  nextUnseenEphemeralMessage(chatPk: number, receiverId: number): Promise<EphemeralMessageRow | undefined>;
}

export interface EphemeralWriter {
  /** Stores the message under the chat's smallest free ephemeral id, and answers the row. */
  insertEphemeralMessage(row: NewEphemeralMessage): Promise<EphemeralMessageRow>;
  updateEphemeralMessage(
    chatPk: number,
    ephemeralMessageId: number,
    body: string,
    editDate: number,
  ): Promise<boolean>;
  deleteEphemeralMessage(chatPk: number, ephemeralMessageId: number): Promise<boolean>;
  markEphemeralSeen(chatPk: number, ephemeralMessageId: number): Promise<void>;
}
