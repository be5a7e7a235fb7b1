/**
 * Wire types of the control API (docs/control-api.md). Field names stay snake_case as on the wire so that
 * what a test reads is what the server sent.
 *
 * Everything here comes from the control API's schema (control-schema/, ADR 0042, ADR 0110): the
 * parameters under the names the schema gives them (`params('CreateUserParams', ...)`), so that what
 * the test kit sends is what the server reads, and the results inferred from their JSON Schemas
 * (control-schema/results-*.ts), so that each result's shape is declared once. Messages and what hangs
 * off them (User, Chat, Poll, ...) are the Bot API's own types, generated into wire/bot-api-types.ts
 * (ADR 0068): the schemas mark them `external`, and `Externals` below names their types.
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
  ResultSchemas,
  ResultType,
  ResultTypeName,
  RouteId,
  UserRef,
} from './control-schema/index.js';
import type * as BotApi from './bot-api-types.js';
import type { WorldFile, WorldImported } from './control-schema/world-file.js';

export type {
  ChatRef,
  Credits,
  ParamsByName,
  ReactionType,
  RouteParams,
  UserRef,
} from './control-schema/index.js';
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
/** The Bot API's StarTransaction (getStarTransactions); `source` or `receiver` narrows by its `type`. */
export type StarTransaction = BotApi.StarTransaction;

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

/** The kinds of chat a person can create. */
export type GroupChatType = (typeof GROUP_CHAT_TYPES)[number];
/** ChatAdministratorRights of the Bot API; rights the kind of chat lacks are dropped. */
export type ChatAdministratorRights = { [K in AdminRightName | 'is_anonymous']?: boolean };
/** ChatPermissions of the Bot API; what is left out is false. */
export type ChatPermissions = { [K in PermissionName]?: boolean };

/**
 * The TypeScript types of the schemas' `external` marks and of the components that are not results'
 * schemas, by name (json-schema.ts).
 */
interface Externals {
  Message: Message;
  User: User;
  Chat: Chat;
  Poll: Poll;
  StarTransaction: StarTransaction;
  MessageEntity: MessageEntity;
  Audio: BotApi.Audio;
  PhotoSize: BotApi.PhotoSize;
  /** A chat's default permissions, every one of them named. */
  AllChatPermissions: Required<ChatPermissions>;
  BusinessBotRights: Partial<Record<(typeof BUSINESS_RIGHT_NAMES)[number], boolean>>;
  WorldFile: WorldFile;
  WorldImported: WorldImported;
}

/** The type of the result schema named `N` (control-schema/results-*.ts). */
type Result<N extends keyof ResultSchemas> = ResultType<N, Externals>;

// ---- results (inferred from their schemas) ------------------------------------------------------

/**
 * Every result type a route of the schema names (its `result`, `Message` for `Message[]`), by that
 * name: the document's component schemas have the same names.
 */
export type ControlResults = {
  [N in ResultTypeName]: N extends keyof Externals
    ? Externals[N]
    : N extends keyof ResultSchemas
      ? Result<N>
      : never;
};

export type UserRecord = Result<'UserRecord'>;
export type BotRecord = Result<'BotRecord'>;
export type FaultRule = Result<'FaultRule'>;
export type FaultsCleared = Result<'FaultsCleared'>;
export type ClockState = Result<'ClockState'>;
export type PressResult = Result<'PressResult'>;
export type StarBalance = Result<'StarBalance'>;
export type PaymentOutcome = Result<'PaymentOutcome'>;
export type StarSubscription = Result<'StarSubscription'>;
export type PersonGifts = Result<'PersonGifts'>;
export type PaymentProvider = Result<'PaymentProvider'>;
export type GatewayAccount = Result<'GatewayAccount'>;
export type CreatedGatewayAccount = Result<'CreatedGatewayAccount'>;
export type BotSummary = Result<'BotSummary'>;
export type PendingUpdate = Result<'PendingUpdate'>;
export type VerificationRequestView = Result<'VerificationRequestView'>;
export type LedgerEntry = Result<'LedgerEntry'>;
export type SenderChannel = Result<'SenderChannel'>;
export type VerificationInboxEntry = Result<'VerificationInboxEntry'>;
export type DeliveryStatusValue = VerificationInboxEntry['delivery_status'];
export type VerificationStatusValue = NonNullable<VerificationInboxEntry['verification_status']>;
export type ReceivedCode = Result<'ReceivedCode'>;
export type DeliveryLog = Result<'DeliveryLog'>;
export type DeliveryAttempt = DeliveryLog['attempts'][number];
export type PendingReport = DeliveryLog['pending'][number];
export type WebhookDeliveryLog = Result<'WebhookDeliveryLog'>;
/** One attempt to deliver an update to a bot's webhook (ADR 0059). */
export type WebhookDeliveryAttempt = WebhookDeliveryLog['attempts'][number];
export type PendingWebhookUpdate = WebhookDeliveryLog['pending'][number];
export type MessageSearchPage = Result<'MessageSearchPage'>;
export type TimelinePage = Result<'TimelinePage'>;
/** One event of the timeline (ADR 0099). */
export type TimelineEvent = TimelinePage['events'][number];
export type WebhookReplay = Result<'WebhookReplay'>;
export type Transcript = Result<'Transcript'>;
export type Workspace = Result<'Workspace'>;
export type CreatedWorkspace = Result<'CreatedWorkspace'>;
export type Device = Result<'Device'>;
export type InlineQueryAnswer = Result<'InlineQueryAnswer'>;
/** One InlineQueryResult as the bot sent it (`type`, `id` and the fields of that type). */
export type InlineQueryResult = NonNullable<InlineQueryAnswer['results']>[number];
export type WebAppLaunch = Result<'WebAppLaunch'>;
export type PassportErrors = Result<'PassportErrors'>;
export type WebAppKey = Result<'WebAppKey'>;
export type ChosenInlineResult = Result<'ChosenInlineResult'>;
export type MessageReactions = Result<'MessageReactions'>;
export type MessageDraft = Result<'MessageDraft'>;
export type ProfileAudios = Result<'ProfileAudios'>;
export type ProfilePhotos = Result<'ProfilePhotos'>;
export type ChatMember = Result<'ChatMember'>;
export type ChatRecord = Result<'ChatRecord'>;
export type Community = Result<'Community'>;
export type CommunityRecord = Result<'CommunityRecord'>;
export type DirectMessagesChat = Result<'DirectMessagesChat'>;
export type ForumTopic = Result<'ForumTopic'>;
export type JoinChatResult = Result<'JoinChatResult'>;
export type ChatInviteLink = Result<'ChatInviteLink'>;
export type GameRecord = Result<'GameRecord'>;
export type ChatBoost = Result<'ChatBoost'>;
export type GiveawayRecord = Result<'GiveawayRecord'>;
export type BoostResult = Result<'BoostResult'>;
export type VerifierState = Result<'VerifierState'>;
export type VerificationStatus = Result<'VerificationStatus'>;
export type BlockResult = Result<'BlockResult'>;
export type BusinessConnection = Result<'BusinessConnection'>;
export type StoryRecord = Result<'StoryRecord'>;
export type ManagedBotRecord = Result<'ManagedBotRecord'>;

/** A downloaded file (`GET /control/files` answers the bytes, not JSON; the test kit reads them so). */
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

/** The envelope of every control API answer. */
export type ControlApiAnswer<T> = { ok: true; result: T } | { ok: false; error: string; description: string };

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
