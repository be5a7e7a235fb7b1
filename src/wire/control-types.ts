/**
 * Wire types of the control API (docs/control-api.md). Field names stay snake_case as on the wire so that
 * what a test reads is what the server sent.
 *
 * The parameters of the routes come from the control API's schema (control-schema/, ADR 0042), under
 * the names it gives them (`params('CreateUserParams', ...)`), so that what the test kit sends is what
 * the server reads. The results are written here; each route of the schema names its result, and
 * ControlResults holds every such name (a test checks that they agree). Messages and what hangs off
 * them (User, Chat, Poll, ...) are the Bot API's own types, generated into wire/bot-api-types.ts (ADR 0068).
 *
 * Long because: it holds one wire type per result and parameter set of the control API's routes,
 * the TypeScript side of components.ts, which a test checks against the schema name by name.
 */
import type {
  AdminRightName,
  BUSINESS_RIGHT_NAMES,
  ChatRef,
  ControlApi,
  DICE_EMOJI,
  GROUP_CHAT_TYPES,
  MEDIA_KINDS,
  ParamsByName,
  PermissionName,
  ReactionType,
  ResultTypeName,
  RouteId,
  UserRef,
} from './control-schema/index.js';
import type * as BotApi from './bot-api-types.js';
import type { WorldFile, WorldImported } from './control-schema/world-file.js';

export type { ChatRef, Credits, ReactionType, RouteParams, UserRef } from './control-schema/index.js';
export { ADMIN_RIGHT_NAMES, PERMISSION_NAMES } from './control-schema/index.js';
export type {
  WorldBot,
  WorldBotTexts,
  WorldChat,
  WorldFile,
  WorldGatewayAccount,
  WorldImported,
  WorldMember,
  WorldMenuButton,
  WorldPerson,
} from './control-schema/world-file.js';

// ---- results ----------------------------------------------------------------------------------

export interface UserRecord {
  id: number;
  is_bot: false;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
  phone_number: string;
}

export interface BotRecord {
  id: number;
  is_bot: true;
  first_name: string;
  username: string;
  /** The Bot API token, `<id>:<secret>`. */
  token: string;
  can_join_groups: boolean;
  can_read_all_group_messages: boolean;
  supports_inline_queries: boolean;
  /** The inline placeholder given at creation; absent when none. */
  inline_placeholder?: string;
}

/** A fault rule (ADR 0058); the effect and duration fields are there when set. */
export interface FaultRule {
  id: number;
  surface: 'bot_api' | 'gateway' | 'webhook';
  /** The bot (bot_api, webhook) or the gateway account. */
  target_id: number;
  /** Lower-cased; absent: every method. */
  method?: string;
  status?: number;
  description?: string;
  retry_after?: number;
  error?: string;
  latency_ms?: number;
  drop?: boolean;
  times?: number;
  /** Matching calls counted so far (rules with times or probability). */
  calls?: number;
  /** Unix time on the virtual clock. */
  until?: number;
  probability?: number;
  seed?: number;
  /** Unix time on the virtual clock. */
  created_at: number;
}

export interface FaultsCleared {
  /** How many rules were removed. */
  removed: number;
}

export interface ClockState {
  /** Unix seconds on the virtual clock. */
  now: number;
  /** How far the virtual clock is ahead of the system clock. */
  offset_seconds: number;
}

// ---- the Bot API's types (wire/bot-api-types.ts, generated from the Bot API; ADR 0068) -----------------

/** The Bot API `User`, as in `Message.from`. */
export type User = BotApi.User;
/** The Bot API `Chat`, as in `Message.chat`; in a private chat with a bot, it is the bot. */
export type Chat = BotApi.Chat;
export type MessageEntity = BotApi.MessageEntity;
export type InlineKeyboardButton = BotApi.InlineKeyboardButton;
export type InlineKeyboardMarkup = BotApi.InlineKeyboardMarkup;
/** The Poll object, with its options and counts as the acting person sees them. */
export type Poll = BotApi.Poll;

/** The keys of the four kinds of markup a message can carry; each kind has one of them. */
type MarkupKey = 'inline_keyboard' | 'keyboard' | 'remove_keyboard' | 'force_reply';
/** A kind of markup whose absent keys read as `undefined`, so the union is read without narrowing. */
type OnlyMarkup<T> = T & { [K in Exclude<MarkupKey, keyof T>]?: undefined };

/**
 * What a person's client shows with a message: the bot's inline keyboard, and, to people only (bots
 * never see them), the bot's reply keyboard, its removal or force_reply (platform/messages/messages.ts).
 * `reply_markup?.inline_keyboard` reads the inline keyboard, `undefined` for the other kinds.
 */
export type ClientReplyMarkup =
  | OnlyMarkup<BotApi.InlineKeyboardMarkup>
  | OnlyMarkup<BotApi.ReplyKeyboardMarkup>
  | OnlyMarkup<BotApi.ReplyKeyboardRemove>
  | OnlyMarkup<BotApi.ForceReply>;

/**
 * A Bot API `Message` as the acting person sees it: every field of the Bot API's Message, typed
 * (`reply.text`, `reply.photo?.[0]?.file_id`), with the markup a person's client shows, and the
 * replied-to and pinned messages as that person sees them too.
 */
export interface Message extends Omit<
  BotApi.Message,
  'reply_markup' | 'reply_to_message' | 'pinned_message'
> {
  reply_markup?: ClientReplyMarkup;
  reply_to_message?: Message;
  /** A pin's service message: the pinned message, or InaccessibleMessage (`date: 0`) once it is deleted. */
  pinned_message?: Message | BotApi.InaccessibleMessage;
}

/** What the person's client shows after a press. */
export interface PressResult {
  /** Absent for a url button, which only opens its link. */
  query_id?: string;
  answered: boolean;
  text?: string;
  show_alert?: boolean;
  url?: string;
}

/** `POST /control/stars/grant`, `GET /control/stars/balance`: a balance as StarAmount. */
export interface StarBalance {
  user_id: number;
  amount: number;
  nanostar_amount?: number;
}

/** The Bot API's StarTransaction (getStarTransactions); `source` or `receiver` narrows by its `type`. */
export type StarTransaction = BotApi.StarTransaction;

/** `POST /control/pay`: the outcome of a payment as the person sees it. */
export interface PaymentOutcome {
  status: 'paid' | 'declined' | 'failed';
  error_message?: string;
  /** The successful_payment service message. */
  message?: Message;
  telegram_payment_charge_id?: string;
}

/** `GET /control/subscriptions`: a person's Stars subscription to a bot (ADR 0078). */
export interface StarSubscription {
  /** The charge of the period paid for now (each renewal is a new charge). */
  telegram_payment_charge_id: string;
  invoice_payload: string;
  /** The price of a period in Stars. */
  star_count: number;
  /** Seconds. */
  subscription_period: number;
  /** The end of the period paid for. */
  expiration_date: number;
  /** `canceled`: the person or the bot canceled it; it ends at expiration_date. */
  state: 'active' | 'canceled';
  canceled_by_user: boolean;
  /** editUserStarSubscription `is_canceled`. */
  canceled_by_bot: boolean;
}

/** `GET /control/gifts`: a person's gifts (OwnedGifts with owner-only fields; ADR 0050). */
export interface PersonGifts {
  user_id: number;
  total_count: number;
  gifts: Array<{ type: 'regular' | 'unique'; owned_gift_id?: string; [field: string]: unknown }>;
  next_offset?: string;
  premium_until?: number;
}

/** `GET /control/payments/providers`: a test payment provider. */
export interface PaymentProvider {
  name: string;
  token: string;
  outcome: 'accept' | 'decline';
}

/** The envelope of every control API answer. */
export type ControlApiAnswer<T> = { ok: true; result: T } | { ok: false; error: string; description: string };

// ---- Verification Gateway and devices (docs/control-api.md, "Gateway and devices") ---------------

export interface GatewayAccount {
  id: number;
  owner: { user_id: number; phone_number: string };
  /** Credits. */
  balance: number;
  default_price: number;
  /** Price overrides by country calling code (or longer prefix), in credits. */
  prices: Record<string, number>;
  created_at: number;
}

export interface CreatedGatewayAccount extends GatewayAccount {
  /** The gateway access token; shown only in this answer. */
  access_token: string;
}

export interface BotSummary {
  id: number;
  first_name: string;
  username: string;
  pending_update_count: number;
  /** The bot's getWebhookInfo answer (`url` empty: the bot polls). */
  webhook: Record<string, unknown>;
}

export interface PendingUpdate {
  update_id: number;
  type: string;
  date: number;
  attempts: number;
  next_attempt_date?: number;
  update: Record<string, unknown>;
}

export interface VerificationRequestView {
  request_id: string;
  account_id: number;
  phone_number: string;
  /** Credits. */
  cost: number;
  is_refunded: boolean;
  created_at: number;
  sent_at?: number;
  delivery_status?: 'sent' | 'delivered' | 'read' | 'expired' | 'revoked';
  verification_status?: 'code_valid' | 'code_invalid' | 'code_max_attempts_exceeded' | 'expired';
  code_entered?: string;
  attempts?: number;
  callback_url?: string;
  payload?: string;
  ttl?: number;
  code?: string;
  sender_username?: string;
}

export interface LedgerEntry {
  id: number;
  kind: 'top_up' | 'charge' | 'refund';
  /** Credits; negative for a charge. */
  amount: number;
  balance_after: number;
  request_id?: string;
  created_at: number;
}

export interface SenderChannel {
  id: number;
  username: string;
  title: string;
  owner_user_id: number | null;
  verified: boolean;
}

export type DeliveryStatusValue = 'sent' | 'delivered' | 'read' | 'expired' | 'revoked';
export type VerificationStatusValue =
  'code_valid' | 'code_invalid' | 'code_max_attempts_exceeded' | 'expired';

/** A verification message a person received; text and code only while it is in the chat. */
export interface VerificationInboxEntry {
  request_id: string;
  phone_number: string;
  date: number;
  delivery_status: DeliveryStatusValue;
  verification_status?: VerificationStatusValue;
  sender_username?: string;
  message_id?: number;
  text?: string;
  code?: string;
}

export interface ReceivedCode {
  request_id: string;
  phone_number: string;
  code: string;
  message_id: number;
  date: number;
  sender_username?: string;
}

export interface DeliveryAttempt {
  id: number;
  request_id: string;
  /** 1 for the first attempt, up to 11. */
  attempt: number;
  url: string;
  timestamp: number;
  signature: string;
  body: string;
  status_code?: number;
  error?: string;
  outcome: 'delivered' | 'failed' | 'lost';
  date: number;
  next_attempt_date?: number;
}

export interface PendingReport {
  request_id: string;
  attempts: number;
  next_attempt_date: number;
  body: string;
}

export interface DeliveryLog {
  attempts: DeliveryAttempt[];
  pending: PendingReport[];
}

/** One attempt to deliver an update to a bot's webhook (ADR 0059). */
export interface WebhookDeliveryAttempt {
  id: number;
  bot_id: number;
  update_id: number;
  update_type: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** The webhook url without credentials (the secret_token header is never stored). */
  url: string;
  request_bytes: number;
  status_code?: number;
  error?: string;
  outcome: 'delivered' | 'failed' | 'lost';
  duration_ms: number;
  date: number;
  next_attempt_date?: number;
  /** The request body, while the log keeps it (newest delivered or lost updates). */
  body?: string;
}

export interface PendingWebhookUpdate {
  update_id: number;
  update_type: string;
  attempts: number;
  next_attempt_date: number;
  body: string;
}

export interface WebhookDeliveryLog {
  attempts: WebhookDeliveryAttempt[];
  pending: PendingWebhookUpdate[];
}

/** One event of the timeline (ADR 0099). */
export interface TimelineEvent {
  id: number;
  /** Unix seconds (virtual time). */
  date: number;
  /** Virtual ms, for ordering within a second. */
  at_ms: number;
  kind: 'call' | 'update' | 'delivery' | 'gateway' | 'action' | 'fault';
  name: string;
  bot_id?: number;
  chat_id?: number;
  person_id?: number;
  status: string;
  summary: string;
  duration_ms?: number;
  /** The raw request (JSON text, redacted). */
  request?: string;
  /** The raw answer (JSON text, redacted). */
  answer?: string;
}

/** A page of a message search (ADR 0101), newest first. */
export interface MessageSearchPage {
  messages: Message[];
  /** `cursor` for the next page; absent on the last. */
  next_cursor?: string;
}

export interface TimelinePage {
  events: TimelineEvent[];
  /** `before` for the next (older) page; absent on the last. */
  next_cursor?: number;
  /** The newest id seen (`after` for the next wait); 0 when there is none. */
  last_id: number;
}

export interface WebhookReplay {
  bot_id: number;
  update_id: number;
  /** `retried`: a pending update is due now; `resent`: a delivered one is queued again. */
  mode: 'retried' | 'resent';
}

/** A chat as a person sees it, normalised for snapshot tests (ADR 0059). */
export interface Transcript {
  format: 'text' | 'json';
  /** Format text: one line per message, ending with a newline. */
  text?: string;
  /** Format json: the Message objects, normalised (`message_id: "#1"`, `date: "<date>"`, ...). */
  messages?: Array<Record<string, unknown>>;
}

/** A workspace (ADR 0061) and the roots a client points at. */
export interface Workspace {
  name: string;
  /** Unix seconds (real time). */
  created_at: number;
  /** Whether its storage and workers are open on this server now (idle ones close, ADR 0064). */
  open: boolean;
  /** The CLI's `--server` and the test kit's `url`. */
  server_url: string;
  /** A bot library's API root (grammY `apiRoot`; python-telegram-bot `base_url` is this + `/bot`). */
  api_root: string;
  control_url: string;
  gateway_url: string;
  web_url: string;
}

export interface CreatedWorkspace extends Workspace {
  /** The workspace's own admin token (the server's is accepted too). */
  admin_token: string;
}

export interface Device {
  id: number;
  user_id: number;
  name: string;
  online: boolean;
  /** Seconds until an online device acknowledges receipt. */
  receipt_delay: number;
  /** Seconds after receipt until it reports the message read; null: only when the person reads it. */
  read_delay: number | null;
}

// ---- inline mode, reactions ----

/** One InlineQueryResult as the bot sent it (`type`, `id` and the fields of that type). */
export interface InlineQueryResult {
  type: string;
  id: string;
  [field: string]: unknown;
}

/** What the person's client shows after typing an inline query. */
export interface InlineQueryAnswer {
  query_id: string;
  /** Whether the bot answered before the timeout (or the answer came from the cache). */
  answered: boolean;
  /** The answer is a cached answer to an earlier identical query: the bot was not asked. */
  from_cache?: true;
  results?: InlineQueryResult[];
  next_offset?: string;
  button?: { text: string; start_parameter?: string; web_app?: { url: string } };
  cache_time?: number;
  is_personal?: boolean;
}

/** What the client hands a Mini App it opens (docs/mini-apps.md). */
export interface WebAppLaunch {
  url: string;
  /** The signed launch data (Telegram.WebApp.initData); empty for a reply keyboard button. */
  init_data: string;
  launch_url: string;
  source: 'menu_button' | 'inline_button' | 'keyboard_button' | 'join_request';
  query_id?: string;
  button_text?: string;
}

/** `GET /control/passport/errors`: what the user's app shows of a bot's setPassportDataErrors. */
export interface PassportErrors {
  bot_id: number;
  /** Each PassportElementError as the bot gave it, with the Unix time it was set. */
  errors: Array<{
    source: string;
    type: string;
    message: string;
    field_name?: string;
    data_hash?: string;
    file_hash?: string;
    file_hashes?: string[];
    element_hash?: string;
    date: number;
  }>;
}

/** Parley's Ed25519 public key of Mini App launch data signatures. */
export interface WebAppKey {
  algorithm: 'Ed25519';
  /** The raw 32-byte public key as 64 hex digits. */
  public_key: string;
}

export interface ChosenInlineResult {
  /** The message sent into the chat (with `via_bot`), as the person sees it. */
  message: Message;
  /** Present when the result has an inline keyboard. */
  inline_message_id?: string;
}

/** A message's reactions as a person's client shows them. */
export interface MessageReactions {
  message_id: number;
  reactions: Array<{ type: ReactionType; total_count: number }>;
  /** The acting person's own reactions. */
  chosen: ReactionType[];
  /** Who reacted how (absent in channels, where reactions are anonymous). */
  recent?: Array<{ user: User; reaction: ReactionType[] }>;
}

/** A draft a bot streams into its private chat with a person (sendMessageDraft, sendRichMessageDraft). */
export interface MessageDraft {
  draft_id: number;
  /** The bot. */
  from: User;
  /** Unix time of the draft's last version. */
  date: number;
  message_thread_id?: number;
  /** Empty: the "Thinking..." placeholder. Absent in a rich draft. */
  text?: string;
  entities?: MessageEntity[];
  /** The RichMessage of a sendRichMessageDraft (ADR 0051). */
  rich_message?: Record<string, unknown>;
  /** Unix time when the preview ends unless the bot streams again. */
  expires_at: number;
}

/** A user's profile audios (getUserProfileAudios's UserProfileAudios), as the user sees them. */
export interface ProfileAudios {
  total_count: number;
  audios: BotApi.Audio[];
}

/** A user's profile photos (getUserProfilePhotos's UserProfilePhotos), as the user sees them. */
export interface ProfilePhotos {
  total_count: number;
  photos: BotApi.PhotoSize[][];
}

// ---- groups, supergroups and channels ----

/** A `ChatMember` of the Bot API (its variant is `status`). */
export interface ChatMember {
  user: User;
  status: 'creator' | 'administrator' | 'member' | 'restricted' | 'left' | 'kicked';
  until_date?: number;
  [field: string]: unknown;
}

/** A group, supergroup or channel with its members (everyone but those who left). */
export interface ChatRecord {
  id: number;
  type: GroupChatType;
  title: string;
  username?: string;
  description?: string;
  /** Groups and supergroups: the default permissions. */
  permissions?: Required<ChatPermissions>;
  /** An upgraded group: the supergroup's id. */
  migrated_to_chat_id?: number;
  /** A supergroup with topics on. */
  is_forum?: true;
  members: ChatMember[];
}

/** The Bot API's Community (10.2): the id has up to 52 bits. */
export interface Community {
  id: number;
  name: string;
}

/** A community with its owner and its chats, in the order they were added (ADR 0077). */
export interface CommunityRecord extends Community {
  owner_id: number;
  chats: Chat[];
}

/** A channel's direct-messages chat (ADR 0053). */
export interface DirectMessagesChat {
  id: number;
  type: 'supergroup';
  title: string;
  is_direct_messages: true;
  parent_chat: Chat;
  /** Whether people may write to it now. */
  enabled: boolean;
  /** The channel's Stars: paid suggested posts are paid out to it. */
  channel_star_balance: { amount: number; nanostar_amount?: number };
}

/** The Bot API's ForumTopic; listForumTopics adds is_closed, and is_general and is_hidden for General. */
export interface ForumTopic {
  message_thread_id: number;
  name: string;
  icon_color: number;
  icon_custom_emoji_id?: string;
  is_closed?: boolean;
  is_general?: true;
  is_hidden?: boolean;
}

export interface JoinChatResult {
  /** `requested` when the link makes a join request that an administrator must approve. */
  status: 'member' | 'requested';
  chat: Chat;
}

/** A `ChatInviteLink` of the Bot API. */
export interface ChatInviteLink {
  invite_link: string;
  creator: User;
  creates_join_request: boolean;
  is_primary: boolean;
  is_revoked: boolean;
  name?: string;
  expire_date?: number;
  member_limit?: number;
  pending_join_request_count?: number;
}

/** `POST /control/games`: a game registered for a bot (ADR 0044). */
export interface GameRecord {
  bot_id: number;
  short_name: string;
  title: string;
  description: string;
}

/** The Bot API's ChatBoost: a person's own (`premium`) or won in a giveaway (`giveaway`, ADR 0056). */
export interface ChatBoost {
  boost_id: string;
  add_date: number;
  expiration_date: number;
  source:
    | { source: 'premium'; user: User }
    | { source: 'giveaway'; giveaway_message_id: number; user?: User; prize_star_count?: number };
}

/** `POST /control/giveaways`, `GET /control/giveaways` (ADR 0056). */
export interface GiveawayRecord {
  id: string;
  chat_id: number;
  /** The `giveaway` message. */
  message_id: number;
  creator_id: number;
  winners_selection_date: number;
  winner_count: number;
  only_new_members: boolean;
  has_public_winners: boolean;
  prize_description?: string;
  country_codes: string[];
  prize_star_count?: number;
  premium_subscription_month_count?: number;
  state: 'pending' | 'completed';
  completed_at?: number;
  /** The winners' user ids, once completed. */
  winners?: number[];
  /** Prizes nobody won, once completed. */
  unclaimed_prize_count?: number;
}

/** `POST /control/boosts` */
export interface BoostResult {
  chat_id: number;
  added?: ChatBoost;
  /** The ids of the boosts removed (`remove`). */
  removed?: string[];
  /** The user's boosts of the chat after the change. */
  boosts: ChatBoost[];
}

/** `POST /control/bots/verifier` */
export interface VerifierState {
  bot_id: number;
  is_verifier: boolean;
  can_modify_custom_description: boolean;
}

/** `GET /control/verification` */
export interface VerificationStatus {
  target: 'user' | 'chat';
  id: number;
  is_verified: boolean;
  verifier_bot_id?: number;
  custom_description?: string;
  verified_at?: number;
}

/** `POST /control/block`, `POST /control/unblock` */
export interface BlockResult {
  /** False when the bot was blocked (or not blocked) already. */
  changed: boolean;
}

/** `POST /control/business/connect`, `POST /control/business/disconnect` (the Bot API's). */
export interface BusinessConnection {
  id: string;
  user: User;
  user_chat_id: number;
  date: number;
  rights?: Partial<Record<(typeof BUSINESS_RIGHT_NAMES)[number], boolean>>;
  is_enabled: boolean;
}

/** `GET /control/stories` */
export interface StoryRecord {
  chat: Chat;
  id: number;
  date: number;
  expiration_date: number;
  is_active: boolean;
  content: { type: 'photo' | 'video'; [field: string]: unknown };
  caption?: string;
  caption_entities?: Array<Record<string, unknown>>;
  areas?: Array<Record<string, unknown>>;
  protect_content?: true;
  repost_of?: { chat_id: number; story_id: number };
}

/** `POST /control/managed-bots` */
export interface ManagedBotRecord {
  bot: User;
  owner_id: number;
  manager_id: number;
}

/** A downloaded file. */
export interface DownloadedFile {
  data: Uint8Array;
  /** The Content-Type the server gave (the file's MIME type, else application/octet-stream). */
  mime_type: string;
  /** The file's name, for files that have one (documents, audio, video). */
  file_name?: string;
  /** The person's file_id of the file. */
  file_id: string;
  file_unique_id: string;
}

/**
 * Every result type a route of the schema names (its `result`, `Message` for `Message[]`), by that
 * name: the document's component schemas have the same names.
 */
export interface ControlResults {
  UserRecord: UserRecord;
  BotRecord: BotRecord;
  BlockResult: BlockResult;
  BusinessConnection: BusinessConnection;
  StoryRecord: StoryRecord;
  ManagedBotRecord: ManagedBotRecord;
  GameRecord: GameRecord;
  BoostResult: BoostResult;
  GiveawayRecord: GiveawayRecord;
  VerifierState: VerifierState;
  VerificationStatus: VerificationStatus;
  Message: Message;
  PressResult: PressResult;
  StarBalance: StarBalance;
  StarTransaction: StarTransaction;
  PaymentOutcome: PaymentOutcome;
  PersonGifts: PersonGifts;
  PaymentProvider: PaymentProvider;
  StarSubscription: StarSubscription;
  Poll: Poll;
  MessageReactions: MessageReactions;
  MessageDraft: MessageDraft;
  ProfileAudios: ProfileAudios;
  ProfilePhotos: ProfilePhotos;
  InlineQueryAnswer: InlineQueryAnswer;
  ChosenInlineResult: ChosenInlineResult;
  WebAppLaunch: WebAppLaunch;
  WebAppKey: WebAppKey;
  PassportErrors: PassportErrors;
  ClockState: ClockState;
  FaultRule: FaultRule;
  FaultsCleared: FaultsCleared;
  Workspace: Workspace;
  CreatedWorkspace: CreatedWorkspace;
  ChatRecord: ChatRecord;
  Community: Community;
  CommunityRecord: CommunityRecord;
  DirectMessagesChat: DirectMessagesChat;
  ForumTopic: ForumTopic;
  JoinChatResult: JoinChatResult;
  ChatInviteLink: ChatInviteLink;
  CreatedGatewayAccount: CreatedGatewayAccount;
  GatewayAccount: GatewayAccount;
  BotSummary: BotSummary;
  PendingUpdate: PendingUpdate;
  VerificationRequestView: VerificationRequestView;
  LedgerEntry: LedgerEntry;
  SenderChannel: SenderChannel;
  VerificationInboxEntry: VerificationInboxEntry;
  ReceivedCode: ReceivedCode;
  DeliveryLog: DeliveryLog;
  WebhookDeliveryLog: WebhookDeliveryLog;
  WebhookReplay: WebhookReplay;
  TimelinePage: TimelinePage;
  MessageSearchPage: MessageSearchPage;
  WorldFile: WorldFile;
  WorldImported: WorldImported;
  Transcript: Transcript;
  Device: Device;
}

/** What route `K` answers (`bytes`: the file as the test kit reads it). */
export type ResultOf<K extends RouteId> = ResultFor<ControlApi[K]['result']>;
type ResultFor<R> = R extends 'true'
  ? true
  : R extends 'bytes'
    ? DownloadedFile
    : R extends `${infer N extends ResultTypeName}[]`
      ? ControlResults[N][]
      : R extends ResultTypeName
        ? ControlResults[R]
        : never;

// ---- parameters (from the schema) ---------------------------------------------------------------

export type CreateUserParams = ParamsByName['CreateUserParams'];
export type CreateBotParams = ParamsByName['CreateBotParams'];
export type BlockBotParams = ParamsByName['BlockBotParams'];
export type SetBotPrivacyParams = ParamsByName['SetBotPrivacyParams'];

export type SendMessageParams = ParamsByName['SendMessageParams'];
export type ListMessagesParams = ParamsByName['ListMessagesParams'];
export type SearchMessagesParams = ParamsByName['SearchMessagesParams'];
export type WaitForMessageParams = ParamsByName['WaitForMessageParams'];
export type PressButtonParams = ParamsByName['PressButtonParams'];
export type GrantStarsParams = ParamsByName['GrantStarsParams'];
export type GetStarBalanceParams = ParamsByName['GetStarBalanceParams'];
export type ListStarTransactionsParams = ParamsByName['ListStarTransactionsParams'];
export type PayParams = ParamsByName['PayParams'];
export type ListSubscriptionsParams = ParamsByName['ListSubscriptionsParams'];
export type ChangeSubscriptionParams = ParamsByName['ChangeSubscriptionParams'];
export type ListGiftsParams = ParamsByName['ListGiftsParams'];
export type GiveGiftParams = ParamsByName['GiveGiftParams'];
export type ConvertGiftParams = ParamsByName['ConvertGiftParams'];
export type BuyPaidMediaParams = ParamsByName['BuyPaidMediaParams'];
export type EnableDirectMessagesParams = ParamsByName['EnableDirectMessagesParams'];
export type GetDirectMessagesParams = ParamsByName['GetDirectMessagesParams'];
export type SendDirectMessageParams = ParamsByName['SendDirectMessageParams'];
export type SuggestPostParams = ParamsByName['SuggestPostParams'];
export type CreateCommunityParams = ParamsByName['CreateCommunityParams'];
export type AddCommunityChatParams = ParamsByName['AddCommunityChatParams'];
export type RemoveCommunityChatParams = ParamsByName['RemoveCommunityChatParams'];
export type JoinCommunityChatParams = ParamsByName['JoinCommunityChatParams'];
export type EditMessageParams = ParamsByName['EditMessageParams'];
export type DeleteMessageParams = ParamsByName['DeleteMessageParams'];
export type VotePollParams = ParamsByName['VotePollParams'];

/** Who writes where, for the sends other than text. */
export type PersonSendParams = Pick<SendLocationParams, 'from' | 'chat' | 'reply_to_message_id'>;
export type SendLocationParams = ParamsByName['SendLocationParams'];
export type SendVenueParams = ParamsByName['SendVenueParams'];
export type SendContactParams = ParamsByName['SendContactParams'];
export type SendPollParams = ParamsByName['SendPollParams'];
/** The dice a person can throw. */
export type DiceEmoji = (typeof DICE_EMOJI)[number];
export type SendDiceParams = ParamsByName['SendDiceParams'];
/** A sticker by a file_id of the sender's (ADR 0046). */
export type SendStickerParams = ParamsByName['SendStickerParams'];

/** The bytes of a file sent through the control API: raw, or already base64. */
export type FileBytes = { data: Uint8Array } | { data_base64: string };
/** A file of `POST /control/messages/media` as the test kit takes it: `data` is sent as `data_base64`. */
type WithFileBytes<T> = Omit<T, 'data_base64'> & FileBytes;
type MediaKind = (typeof MEDIA_KINDS)[number];
type SendMediaWire = ParamsByName['SendMediaParams'];

/**
 * `POST /control/messages/media`: the user `from` sends a photo, a document, a voice message, an
 * audio file, a video or a video note (exactly one) in `chat`. The bots of the chat get a `message`
 * with that field under their own file_id. The schema's parameters, with raw bytes allowed for files.
 */
export type SendMediaParams = Omit<SendMediaWire, MediaKind> & {
  [K in MediaKind]?: WithFileBytes<NonNullable<SendMediaWire[K]>>;
};
export type VoiceInput = NonNullable<SendMediaParams['voice']>;
export type AudioInput = NonNullable<SendMediaParams['audio']>;
export type VideoInput = NonNullable<SendMediaParams['video']>;
export type VideoNoteInput = NonNullable<SendMediaParams['video_note']>;
/** What a person's client reports about a voice, audio, video or video note (Parley decodes none). */
export type ReportedMediaAttributes = Pick<VoiceInput, 'duration'>;

/**
 * `GET /control/files`: a person downloads a file they see: the file of a message (`chat` and
 * `message_id`; `file_id` picks one of its files), or a file by the `file_id` they see it under.
 * The schema's parameters, with the combinations the server takes.
 */
export type DownloadFileParams = ParamsByName['DownloadFileParams'] &
  (
    | { user: UserRef; chat: ChatRef; message_id: number; file_id?: string }
    | { user: UserRef; file_id: string; chat?: undefined; message_id?: undefined }
  );

export type ReactParams = ParamsByName['ReactParams'];
export type GetReactionsParams = ParamsByName['GetReactionsParams'];
/** `POST /control/pins`, `POST /control/pins/delete` */
export type PinMessageParams = ParamsByName['PinMessageParams'];
export type ListPinnedMessagesParams = ParamsByName['ListPinnedMessagesParams'];
/** `GET /control/drafts`, `POST /control/emoji-status-access`, `POST /control/profile-audios` */
export type ListDraftsParams = ParamsByName['ListDraftsParams'];
export type AllowEmojiStatusParams = ParamsByName['AllowEmojiStatusParams'];
export type AddProfileAudioParams = ParamsByName['AddProfileAudioParams'];
/** `POST /control/profile-photos`: the photo as the test kit takes it (`data` is sent as `data_base64`). */
export type AddProfilePhotoParams = Omit<ParamsByName['AddProfilePhotoParams'], 'photo'> & {
  photo: FileBytes;
};
/** `POST /control/profile-photos/delete` */
export type RemoveProfilePhotoParams = ParamsByName['RemoveProfilePhotoParams'];
export type SetPersonalChatParams = ParamsByName['SetPersonalChatParams'];
/** `POST /control/checklists/tasks`, `POST /control/checklists/add-tasks` */
export type MarkChecklistTasksParams = ParamsByName['MarkChecklistTasksParams'];
export type AddChecklistTasksParams = ParamsByName['AddChecklistTasksParams'];

export type InlineQueryParams = ParamsByName['InlineQueryParams'];
export type ChooseInlineResultParams = ParamsByName['ChooseInlineResultParams'];
export type OpenWebAppParams = ParamsByName['OpenWebAppParams'];
export type SendWebAppDataParams = ParamsByName['SendWebAppDataParams'];
export type SetBotPassportKeyParams = ParamsByName['SetBotPassportKeyParams'];
export type SharePassportDataParams = ParamsByName['SharePassportDataParams'];
export type GetPassportErrorsParams = ParamsByName['GetPassportErrorsParams'];
export type ShareWebAppMessageParams = ParamsByName['ShareWebAppMessageParams'];
export type UseWebAppButtonParams = ParamsByName['UseWebAppButtonParams'];
export type BotQueriesSettingParams = ParamsByName['BotQueriesSettingParams'];
export type SetJoinRequestBotParams = ParamsByName['SetJoinRequestBotParams'];

export type AdvanceClockParams = ParamsByName['AdvanceClockParams'];
export type AddFaultParams = ParamsByName['AddFaultParams'];
export type ListFaultsParams = ParamsByName['ListFaultsParams'];
export type ClearFaultsParams = ParamsByName['ClearFaultsParams'];

/** The kinds of chat a person can create. */
export type GroupChatType = (typeof GROUP_CHAT_TYPES)[number];
/** ChatAdministratorRights of the Bot API; rights the kind of chat lacks are dropped. */
export type ChatAdministratorRights = { [K in AdminRightName | 'is_anonymous']?: boolean };
/** ChatPermissions of the Bot API; what is left out is false. */
export type ChatPermissions = { [K in PermissionName]?: boolean };
export type CreateChatParams = ParamsByName['CreateChatParams'];
export type AddChatMemberParams = ParamsByName['AddChatMemberParams'];
export type JoinChatParams = ParamsByName['JoinChatParams'];
export type LeaveChatParams = ParamsByName['LeaveChatParams'];
export type PromoteChatMemberParams = ParamsByName['PromoteChatMemberParams'];
export type RestrictChatMemberParams = ParamsByName['RestrictChatMemberParams'];
export type RemoveChatMemberParams = ParamsByName['RemoveChatMemberParams'];
export type MigrateChatParams = ParamsByName['MigrateChatParams'];
export type CreateInviteLinkParams = ParamsByName['CreateInviteLinkParams'];
export type SetChatForumParams = ParamsByName['SetChatForumParams'];
export type CreateForumTopicParams = ParamsByName['CreateForumTopicParams'];
export type ListForumTopicsParams = ParamsByName['ListForumTopicsParams'];
export type SetBotTopicsParams = ParamsByName['SetBotTopicsParams'];

export type CreateGatewayAccountParams = ParamsByName['CreateGatewayAccountParams'];
export type TopUpGatewayAccountParams = ParamsByName['TopUpGatewayAccountParams'];
export type SetGatewayPricesParams = ParamsByName['SetGatewayPricesParams'];
export type GatewayLedgerParams = ParamsByName['GatewayLedgerParams'];
export type CreateSenderChannelParams = ParamsByName['CreateSenderChannelParams'];
export type VerifySenderChannelParams = ParamsByName['VerifySenderChannelParams'];
export type VerificationInboxParams = ParamsByName['VerificationInboxParams'];
export type WaitForCodeParams = ParamsByName['WaitForCodeParams'];
export type MarkReadParams = ParamsByName['MarkReadParams'];
export type DeliveryLogParams = ParamsByName['DeliveryLogParams'];
export type WebhookDeliveriesParams = ParamsByName['WebhookDeliveriesParams'];
export type TimelineParams = ParamsByName['TimelineParams'];
export type ExportWorldParams = ParamsByName['ExportWorldParams'];
export type ImportWorldParams = ParamsByName['ImportWorldParams'];
export type ReplayWebhookUpdateParams = ParamsByName['ReplayWebhookUpdateParams'];
export type TranscriptParams = ParamsByName['TranscriptParams'];
export type CreateWorkspaceParams = ParamsByName['CreateWorkspaceParams'];
/** Reset and delete take nothing but the name in their path. */
export type WorkspaceActionParams = ParamsByName['WorkspaceActionParams'];
export type ListBotsParams = ParamsByName['ListBotsParams'];
export type ListPendingUpdatesParams = ParamsByName['ListPendingUpdatesParams'];
export type ListGatewayAccountsParams = ParamsByName['ListGatewayAccountsParams'];
export type ListVerificationRequestsParams = ParamsByName['ListVerificationRequestsParams'];

export type RegisterGameParams = ParamsByName['RegisterGameParams'];
export type BoostChatParams = ParamsByName['BoostChatParams'];
export type SetBotVerifierParams = ParamsByName['SetBotVerifierParams'];
export type GetVerificationParams = ParamsByName['GetVerificationParams'];
export type StartGiveawayParams = ParamsByName['StartGiveawayParams'];
export type GetGiveawayParams = ParamsByName['GetGiveawayParams'];

export type ConnectBusinessBotParams = ParamsByName['ConnectBusinessBotParams'];
export type DisconnectBusinessBotParams = ParamsByName['DisconnectBusinessBotParams'];
export type ListStoriesParams = ParamsByName['ListStoriesParams'];
export type ReplyToStoryParams = ParamsByName['ReplyToStoryParams'];
export type CreateManagedBotParams = ParamsByName['CreateManagedBotParams'];

export type ListDevicesParams = ParamsByName['ListDevicesParams'];
export type AddDeviceParams = ParamsByName['AddDeviceParams'];
export type UpdateDeviceParams = ParamsByName['UpdateDeviceParams'];
/** `POST /control/devices/online`, `POST /control/devices/offline` */
export type DeviceStateParams = ParamsByName['DeviceStateParams'];
