/**
 * The rows a world import writes (ADR 0102), as world-plan.ts and world-plan-bots.ts make them and
 * world-write.ts writes them in one write.
 */
import type {
  BotRow,
  ChatRow,
  ForumTopicRow,
  InviteLinkRow,
  MemberRow,
  MessageReactionRow,
  MessageRow,
  UserRow,
} from '../../storage/store.js';
import type { DeviceRow, GatewayAccountRow } from '../../storage/gateway-store.js';

/** A chat of the plan (by its index in the file) or one of the workspace (by its pk). */
export type ChatTarget = { index: number } | { pk: number };

export interface PlannedChat {
  row: Omit<ChatRow, 'pk'>;
  members: Array<Omit<MemberRow, 'chat_pk'>>;
  messages: Array<Omit<MessageRow, 'chat_pk'>>;
  topics: Array<Omit<ForumTopicRow, 'chat_pk'>>;
  links: Array<Omit<InviteLinkRow, 'chat_pk'>>;
  /** Ids of the pinned messages. */
  pins: number[];
  reactions: Array<Omit<MessageReactionRow, 'chat_pk'>>;
}

export interface PlannedAccount {
  row: Omit<GatewayAccountRow, 'id'>;
  balance: number;
  prices: Array<[string, number]>;
  token: string;
  /** Set by the write. */
  id?: number;
}

export interface WorldPlan {
  people: Array<{ user: UserRow; devices: Array<Omit<DeviceRow, 'id' | 'user_id'>> }>;
  bots: PlannedBot[];
  chats: PlannedChat[];
  accounts: PlannedAccount[];
}

/** A setting of the bot: its key, or the key of a chat once the chat's pk is known. */
export type PlannedSetting =
  { key: string; value: string } | { chat: ChatTarget; keyOf: (chatPk: number) => string; value: string };

export interface PlannedBot {
  user: UserRow;
  bot: BotRow;
  token: string;
  settings: PlannedSetting[];
}
