/**
 * A typed client of the control API (docs/control-api.md). It is the test kit's entry point and the
 * `parley` CLI is built on it, so it depends on nothing of the server. It has a method per route of
 * the control API's schema, by the route's operation id (control-schema/, ADR 0042), which takes the
 * schema's parameters and answers the route's result (a test checks both).
 *
 * Long because: it has one short method per route of the control API (more than 50), which a test
 * checks against the schema's routes as one list.
 */
import { ControlApiError, UNEXPECTED_RESPONSE } from './control-api-error.js';
import type {
  BusinessConnection,
  ConnectBusinessBotParams,
  CreateManagedBotParams,
  DisconnectBusinessBotParams,
  ListStoriesParams,
  ManagedBotRecord,
  ReplyToStoryParams,
  StoryRecord,
} from '../wire/control-types.js';
import type {
  AddFaultParams,
  ClearFaultsParams,
  FaultRule,
  FaultsCleared,
  ListFaultsParams,
} from '../wire/control-types.js';
import type {
  BuyPaidMediaParams,
  ConvertGiftParams,
  GiveGiftParams,
  ListGiftsParams,
  PersonGifts,
} from '../wire/control-types.js';
import type {
  ChangeSubscriptionParams,
  GetStarBalanceParams,
  GrantStarsParams,
  ListSubscriptionsParams,
  ListStarTransactionsParams,
  PaymentOutcome,
  PaymentProvider,
  PayParams,
  StarBalance,
  StarSubscription,
  StarTransaction,
} from '../wire/control-types.js';
import type {
  BotQueriesSettingParams,
  OpenWebAppParams,
  SendWebAppDataParams,
  SetJoinRequestBotParams,
  ShareWebAppMessageParams,
  UseWebAppButtonParams,
  WebAppKey,
  WebAppLaunch,
} from '../wire/control-types.js';
import type {
  GetPassportErrorsParams,
  PassportErrors,
  SetBotPassportKeyParams,
  SharePassportDataParams,
  BotSummary,
  ListBotsParams,
  ListGatewayAccountsParams,
  ListPendingUpdatesParams,
  ListVerificationRequestsParams,
  PendingUpdate,
  VerificationRequestView,
} from '../wire/control-types.js';
import type {
  ExportWorldParams,
  ImportWorldParams,
  WorldFile,
  WorldImported,
} from '../wire/control-types.js';
import type {
  AddDeviceParams,
  CreatedGatewayAccount,
  CreateGatewayAccountParams,
  CreateSenderChannelParams,
  Credits,
  DeliveryLog,
  DeliveryLogParams,
  WebhookDeliveryLog,
  WebhookDeliveriesParams,
  WebhookReplay,
  TimelinePage,
  TimelineParams,
  ReplayWebhookUpdateParams,
  Transcript,
  TranscriptParams,
  CreatedWorkspace,
  CreateWorkspaceParams,
  Workspace,
  Device,
  GatewayAccount,
  LedgerEntry,
  MarkReadParams,
  ReceivedCode,
  SenderChannel,
  SetGatewayPricesParams,
  UpdateDeviceParams,
  VerificationInboxEntry,
  WaitForCodeParams,
  BotRecord,
  ClockState,
  ControlApiAnswer,
  CreateBotParams,
  CreateUserParams,
  DeleteMessageParams,
  EditMessageParams,
  PressButtonParams,
  Poll,
  VotePollParams,
  PressResult,
  ListMessagesParams,
  MessageSearchPage,
  SearchMessagesParams,
  Message,
  SendMessageParams,
  UserRecord,
  UserRef,
  WaitForMessageParams,
  ChatRef,
  ChooseInlineResultParams,
  ChosenInlineResult,
  GetReactionsParams,
  InlineQueryAnswer,
  InlineQueryParams,
  MessageReactions,
  PinMessageParams,
  ReactParams,
  AddChatMemberParams,
  ChatInviteLink,
  ChatRecord,
  CreateChatParams,
  CreateForumTopicParams,
  ForumTopic,
  ListForumTopicsParams,
  SetChatForumParams,
  DirectMessagesChat,
  EnableDirectMessagesParams,
  GetDirectMessagesParams,
  SendDirectMessageParams,
  SuggestPostParams,
  AddCommunityChatParams,
  Community,
  CommunityRecord,
  CreateCommunityParams,
  RemoveCommunityChatParams,
  JoinCommunityChatParams,
  SetBotTopicsParams,
  CreateInviteLinkParams,
  JoinChatParams,
  JoinChatResult,
  PromoteChatMemberParams,
  RemoveChatMemberParams,
  RestrictChatMemberParams,
  FileBytes,
  SendMediaParams,
  DownloadedFile,
  DownloadFileParams,
  SendContactParams,
  SendDiceParams,
  SendStickerParams,
  SendLocationParams,
  SendPollParams,
  SendVenueParams,
  BlockBotParams,
  BlockResult,
  LeaveChatParams,
  ListPinnedMessagesParams,
  ListDraftsParams,
  AllowEmojiStatusParams,
  AddProfileAudioParams,
  AddProfilePhotoParams,
  RemoveProfilePhotoParams,
  SetPersonalChatParams,
  MarkChecklistTasksParams,
  AddChecklistTasksParams,
  MessageDraft,
  ProfileAudios,
  ProfilePhotos,
  MigrateChatParams,
  SetBotPrivacyParams,
  BoostChatParams,
  BoostResult,
  GetGiveawayParams,
  GiveawayRecord,
  StartGiveawayParams,
  GameRecord,
  GetVerificationParams,
  RegisterGameParams,
  SetBotVerifierParams,
  VerificationStatus,
  VerifierState,
} from '../wire/control-types.js';

export { ControlApiError } from './control-api-error.js';

export interface ControlClientOptions {
  /** The server's base URL, e.g. `http://127.0.0.1:8081`; `/control` is appended. */
  url: string;
  adminToken: string;
  /**
   * Replaces the transport of every call, `waitForMessage` included. It must then not give up on a
   * request before the server answers a wait, which can take `timeout` seconds (at most 300).
   */
  fetch?: typeof fetch;
}

export interface WaitOptions {
  /** Abandons the wait on the client side (the server still answers when its timeout ends). */
  signal?: AbortSignal;
}

/** The server waits at most this long (docs/control-api.md, `POST /control/wait`). */
export const MAX_WAIT_TIMEOUT_SECONDS = 300;

/**
 * How much longer than the server the client waits for an answer to `wait`, so that the server's
 * `WAIT_TIMEOUT` always arrives before a client-side timeout would.
 */
const WAIT_MARGIN_SECONDS = 30;

/**
 * How long Node's own fetch waits for an answer's headers and body (undici's default dispatcher): a
 * wait that ends well within it goes through that fetch and its kept-alive connections; a longer one
 * gets a client of its own (`longPoll`). Issue 28: a client per wait cost a connection and its
 * teardown in every exchange of a test.
 */
const FETCH_TIMEOUT_SECONDS = 300;

interface RawAnswer {
  status: number;
  contentType: string | null;
  text: string;
}

interface RequestSpec {
  method: 'GET' | 'POST';
  /** Below `/control`, already encoded. */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: object;
  /** Set for long polls: how long the server may hold the request, in seconds. */
  holdSeconds?: number;
  signal?: AbortSignal | undefined;
}

export class ControlClient {
  readonly #baseUrl: string;
  readonly #adminToken: string;
  readonly #fetch: typeof fetch | undefined;

  constructor(options: ControlClientOptions) {
    // A base URL may carry a path prefix (a reverse proxy); only the trailing slash is dropped.
    this.#baseUrl = options.url.replace(/\/+$/, '');
    this.#adminToken = options.adminToken;
    this.#fetch = options.fetch;
  }

  /** `POST /control/users` */
  createUser(params: CreateUserParams): Promise<UserRecord> {
    return this.#call({ method: 'POST', path: '/users', body: params });
  }

  /** `GET /control/users/{USER_REF}` */
  getUser(ref: UserRef): Promise<UserRecord> {
    return this.#call({ method: 'GET', path: `/users/${encodeRef(ref)}` });
  }

  /** `POST /control/bots`; the answer carries the bot's token. */
  createBot(params: CreateBotParams): Promise<BotRecord> {
    return this.#call({ method: 'POST', path: '/bots', body: params });
  }

  /** `GET /control/bots/{USER_REF}` */
  getBot(ref: UserRef): Promise<BotRecord> {
    return this.#call({ method: 'GET', path: `/bots/${encodeRef(ref)}` });
  }

  /** `POST /control/messages`: the user `from` writes in `chat`; answers the message as the sender sees it. */
  sendMessage(params: SendMessageParams): Promise<Message> {
    return this.#call({ method: 'POST', path: '/messages', body: params });
  }

  /** `GET /control/messages`: the newest `limit` messages of the chat as `user` sees them, oldest first. */
  listMessages(params: ListMessagesParams): Promise<Message[]> {
    return this.#call({
      method: 'GET',
      path: '/messages',
      query: { user: params.user, chat: params.chat, limit: params.limit },
    });
  }

  /**
   * `GET /control/messages/search`: the messages `user` sees whose text or caption holds every word
   * of `q` as a word's start, newest first; `next_cursor` is the next page's `cursor` (ADR 0101).
   */
  searchMessages(params: SearchMessagesParams): Promise<MessageSearchPage> {
    return this.#call({
      method: 'GET',
      path: '/messages/search',
      query: {
        user: params.user,
        q: params.q,
        chat: params.chat,
        limit: params.limit,
        cursor: params.cursor,
      },
    });
  }

  /**
   * `POST /control/wait`: the next message another party sent to `user` in `chat` (see "Waiting for a
   * message"). Throws a `ControlApiError` with `error === 'WAIT_TIMEOUT'` (status 408) when none comes.
   */
  waitForMessage(params: WaitForMessageParams, options: WaitOptions = {}): Promise<Message> {
    return this.#call({
      method: 'POST',
      path: '/wait',
      body: params,
      holdSeconds: params.timeout ?? MAX_WAIT_TIMEOUT_SECONDS,
      signal: options.signal,
    });
  }

  /**
   * `POST /control/press`: `user` presses the inline button labelled `button` on a message and
   * waits up to `timeout` seconds for the bot's answer.
   */
  pressButton(params: PressButtonParams): Promise<PressResult> {
    return this.#call({ method: 'POST', path: '/press', body: params, holdSeconds: params.timeout ?? 10 });
  }

  /** `POST /control/stars/grant`: gives the person `amount` Stars; answers their balance. */
  grantStars(params: GrantStarsParams): Promise<StarBalance> {
    return this.#call({ method: 'POST', path: '/stars/grant', body: params });
  }

  /** `GET /control/stars/balance`: the Stars of a person (`user`) or a bot (`bot`). */
  getStarBalance(params: GetStarBalanceParams): Promise<StarBalance> {
    return this.#call({
      method: 'GET',
      path: '/stars/balance',
      query: { user: params.user, bot: params.bot },
    });
  }

  /** `GET /control/stars/transactions`: the Stars ledger of a person or a bot, oldest first. */
  listStarTransactions(params: ListStarTransactionsParams): Promise<StarTransaction[]> {
    return this.#call({
      method: 'GET',
      path: '/stars/transactions',
      query: { user: params.user, bot: params.bot, offset: params.offset, limit: params.limit },
    });
  }

  /**
   * `POST /control/pay`: `user` pays an invoice message (`chat`, `message_id`) or link (`link`);
   * waits for the bot's answers (a shipping query up to `timeout` s, the pre-checkout query 10 s).
   */
  pay(params: PayParams): Promise<PaymentOutcome> {
    return this.#call({
      method: 'POST',
      path: '/pay',
      body: params,
      holdSeconds: (params.timeout ?? 10) + 10,
    });
  }

  /** `GET /control/gifts`: a person's gifts as they see them (with owned_gift_id). */
  listGifts(params: ListGiftsParams): Promise<PersonGifts> {
    const flag = (value: boolean | undefined) => (value === undefined ? undefined : String(value));
    return this.#call({
      method: 'GET',
      path: '/gifts',
      query: {
        user: params.user,
        exclude_unique: flag(params.exclude_unique),
        sort_by_price: flag(params.sort_by_price),
        offset: params.offset,
        limit: params.limit,
      },
    });
  }

  /** `POST /control/gifts/send`: `user` sends a gift of the catalogue to `to`, paying in Stars. */
  giveGift(params: GiveGiftParams): Promise<Message> {
    return this.#call({ method: 'POST', path: '/gifts/send', body: params });
  }

  /** `POST /control/gifts/convert`: `user` converts a received gift to Stars. */
  convertGift(params: ConvertGiftParams): Promise<StarBalance> {
    return this.#call({ method: 'POST', path: '/gifts/convert', body: params });
  }

  /** `POST /control/paid-media/purchase`: `user` buys the paid media of a message. */
  buyPaidMedia(params: BuyPaidMediaParams): Promise<PaymentOutcome> {
    return this.#call({ method: 'POST', path: '/paid-media/purchase', body: params });
  }

  /** `GET /control/subscriptions`: the person's Stars subscriptions to the bot whose period runs. */
  listSubscriptions(params: ListSubscriptionsParams): Promise<StarSubscription[]> {
    return this.#call({
      method: 'GET',
      path: '/subscriptions',
      query: { user: params.user, bot: params.bot },
    });
  }

  /** `POST /control/subscriptions/cancel`: the person cancels a subscription; the bot is told. */
  cancelSubscription(params: ChangeSubscriptionParams): Promise<StarSubscription> {
    return this.#call({ method: 'POST', path: '/subscriptions/cancel', body: params });
  }

  /** `POST /control/subscriptions/reactivate`: the person re-enables a subscription they canceled. */
  reactivateSubscription(params: ChangeSubscriptionParams): Promise<StarSubscription> {
    return this.#call({ method: 'POST', path: '/subscriptions/reactivate', body: params });
  }

  /** `GET /control/payments/providers`: the test payment providers. */
  listPaymentProviders(): Promise<PaymentProvider[]> {
    return this.#call({ method: 'GET', path: '/payments/providers' });
  }

  /** `POST /control/polls/vote`: `user` votes (or, with no options, retracts) in a message's poll. */
  votePoll(params: VotePollParams): Promise<Poll> {
    return this.#call({ method: 'POST', path: '/polls/vote', body: params });
  }

  /** `POST /control/messages/edit`: `user` edits the text of their message; bots get edited_message. */
  editMessage(params: EditMessageParams): Promise<Message> {
    return this.#call({ method: 'POST', path: '/messages/edit', body: params });
  }

  /** `POST /control/messages/delete`: `user` deletes their own message. */
  deleteMessage(params: DeleteMessageParams): Promise<true> {
    return this.#call({ method: 'POST', path: '/messages/delete', body: params });
  }

  /** `POST /control/clock/advance`: moves the virtual clock forward by `seconds` (a positive integer). */
  advanceClock(seconds: number): Promise<ClockState> {
    return this.#call({ method: 'POST', path: '/clock/advance', body: { seconds } });
  }

  /** `GET /control/clock` */
  getClock(): Promise<ClockState> {
    return this.#call({ method: 'GET', path: '/clock' });
  }

  // ---- Faults on demand (ADR 0058) ----------------------------------------------------------------

  /** `POST /control/faults`: a rule that makes matching calls fail (an error, latency or a drop). */
  addFault(params: AddFaultParams): Promise<FaultRule> {
    return this.#call({ method: 'POST', path: '/faults', body: params });
  }

  /** `GET /control/faults`: the rules in force (of one bot, account or webhook when given). */
  listFaults(params: ListFaultsParams): Promise<FaultRule[]> {
    return this.#call({
      method: 'GET',
      path: '/faults',
      query: {
        bot: params.bot,
        gateway_account: params.gateway_account,
        webhook: params.webhook === undefined ? undefined : String(params.webhook),
      },
    });
  }

  /** `POST /control/faults/clear`: removes rules (of a scope, one by id, or all). */
  clearFaults(params: ClearFaultsParams): Promise<FaultsCleared> {
    return this.#call({ method: 'POST', path: '/faults/clear', body: params });
  }

  // ---- workspaces (ADR 0061) ------------------------------------------------------------------

  /** `POST /control/workspaces`; the answer carries the workspace's admin token, shown only here. */
  createWorkspace(params: CreateWorkspaceParams): Promise<CreatedWorkspace> {
    return this.#call({ method: 'POST', path: '/workspaces', body: params });
  }

  /** `GET /control/workspaces` */
  listWorkspaces(): Promise<Workspace[]> {
    return this.#call({ method: 'GET', path: '/workspaces' });
  }

  /** `GET /control/workspaces/{name}` */
  getWorkspace(name: string): Promise<Workspace> {
    return this.#call({ method: 'GET', path: `/workspaces/${encodeURIComponent(name)}` });
  }

  /** `POST /control/workspaces/{name}/reset` */
  resetWorkspace(name: string): Promise<Workspace> {
    return this.#call({ method: 'POST', path: `/workspaces/${encodeURIComponent(name)}/reset` });
  }

  /** `POST /control/workspaces/{name}/delete` */
  deleteWorkspace(name: string): Promise<true> {
    return this.#call({ method: 'POST', path: `/workspaces/${encodeURIComponent(name)}/delete` });
  }

  // ---- Verification Gateway and devices -------------------------------------------------------

  /** `POST /control/gateway/accounts`; the answer carries the access token, shown only here. */
  createGatewayAccount(params: CreateGatewayAccountParams): Promise<CreatedGatewayAccount> {
    return this.#call({ method: 'POST', path: '/gateway/accounts', body: params });
  }

  /** `GET /control/gateway/accounts/{id}` */
  getGatewayAccount(id: number): Promise<GatewayAccount> {
    return this.#call({ method: 'GET', path: `/gateway/accounts/${id}` });
  }

  /** `POST /control/gateway/accounts/{id}/top-up` */
  topUpGatewayAccount(id: number, credits: Credits): Promise<GatewayAccount> {
    return this.#call({ method: 'POST', path: `/gateway/accounts/${id}/top-up`, body: { credits } });
  }

  /** `POST /control/gateway/accounts/{id}/prices` */
  setGatewayPrices(id: number, params: SetGatewayPricesParams): Promise<GatewayAccount> {
    return this.#call({ method: 'POST', path: `/gateway/accounts/${id}/prices`, body: params });
  }

  /** `GET /control/gateway/accounts/{id}/ledger`: top-ups, charges and refunds, oldest first. */
  getGatewayLedger(id: number, limit?: number): Promise<LedgerEntry[]> {
    return this.#call({ method: 'GET', path: `/gateway/accounts/${id}/ledger`, query: { limit } });
  }

  /** `POST /control/gateway/channels`: a channel to send codes from (`sender_username`). */
  createSenderChannel(params: CreateSenderChannelParams): Promise<SenderChannel> {
    return this.#call({ method: 'POST', path: '/gateway/channels', body: params });
  }

  /** `POST /control/gateway/channels/{username}/verify` */
  verifySenderChannel(username: string, verified = true): Promise<SenderChannel> {
    const name = encodeURIComponent(username.replace(/^@/, ''));
    return this.#call({ method: 'POST', path: `/gateway/channels/${name}/verify`, body: { verified } });
  }

  /** `GET /control/gateway/inbox`: the verification messages a person received, oldest first. */
  getVerificationInbox(phone: UserRef): Promise<VerificationInboxEntry[]> {
    return this.#call({ method: 'GET', path: '/gateway/inbox', query: { phone: String(phone) } });
  }

  /**
   * `POST /control/gateway/wait-code`: the next code sent to the person. Throws a `ControlApiError`
   * with `error === 'WAIT_TIMEOUT'` (status 408) when none comes.
   */
  waitForCode(params: WaitForCodeParams, options: WaitOptions = {}): Promise<ReceivedCode> {
    return this.#call({
      method: 'POST',
      path: '/gateway/wait-code',
      body: params,
      holdSeconds: params.timeout ?? MAX_WAIT_TIMEOUT_SECONDS,
      signal: options.signal,
    });
  }

  /** `POST /control/gateway/read`: the person reads a verification message. */
  markVerificationRead(params: MarkReadParams): Promise<VerificationInboxEntry> {
    return this.#call({ method: 'POST', path: '/gateway/read', body: params });
  }

  /** `GET /control/gateway/delivery-log`: report attempts (newest `limit`, oldest first) and pending reports. */
  /** `GET /control/bots`: every bot, with its webhook and pending update count (the inspector). */
  listBots(params: ListBotsParams = {}): Promise<BotSummary[]> {
    return this.#call({ method: 'GET', path: '/bots', query: { limit: params.limit } });
  }

  /** `GET /control/bots/{ref}/updates`: a bot's pending updates. */
  listPendingUpdates(bot: UserRef, params: ListPendingUpdatesParams = {}): Promise<PendingUpdate[]> {
    return this.#call({
      method: 'GET',
      path: `/bots/${encodeRef(bot)}/updates`,
      query: { limit: params.limit },
    });
  }

  /** `GET /control/gateway/accounts`: every gateway account. */
  listGatewayAccounts(params: ListGatewayAccountsParams = {}): Promise<GatewayAccount[]> {
    return this.#call({ method: 'GET', path: '/gateway/accounts', query: { limit: params.limit } });
  }

  /** `GET /control/gateway/requests`: an account's verification requests, newest first. */
  listVerificationRequests(params: ListVerificationRequestsParams): Promise<VerificationRequestView[]> {
    return this.#call({
      method: 'GET',
      path: '/gateway/requests',
      query: { account: params.account, limit: params.limit },
    });
  }

  getDeliveryLog(params: DeliveryLogParams = {}): Promise<DeliveryLog> {
    return this.#call({
      method: 'GET',
      path: '/gateway/delivery-log',
      query: { account: params.account, request_id: params.request_id, limit: params.limit },
    });
  }

  /** `GET /control/webhooks/deliveries`: a bot's webhook delivery attempts and pending updates. */
  getWebhookDeliveries(params: WebhookDeliveriesParams): Promise<WebhookDeliveryLog> {
    return this.#call({
      method: 'GET',
      path: '/webhooks/deliveries',
      query: { bot: String(params.bot), update_id: params.update_id, limit: params.limit },
    });
  }

  /** `GET /control/timeline`: what happened, newest first, filtered and searched (ADR 0099). */
  getTimeline(params: TimelineParams = {}): Promise<TimelinePage> {
    return this.#call({
      method: 'GET',
      path: '/timeline',
      query: {
        bot: params.bot === undefined ? undefined : String(params.bot),
        chat: params.chat,
        person: params.person === undefined ? undefined : String(params.person),
        kind: params.kind,
        status: params.status,
        q: params.q,
        before: params.before,
        after: params.after,
        wait: params.wait,
        limit: params.limit,
      },
    });
  }

  /** `GET /control/world`: the workspace's world as a world file (ADR 0102). */
  exportWorld(params: ExportWorldParams = {}): Promise<WorldFile> {
    return this.#call({
      method: 'GET',
      path: '/world',
      query: { messages: params.messages ? 'true' : undefined },
    });
  }

  /**
   * `POST /control/world`: creates what a world file describes, given as its JSON or YAML text
   * (`world_text`: problems name their line) or as an object (`world`); all of it or, on any problem,
   * nothing.
   */
  importWorld(params: ImportWorldParams): Promise<WorldImported> {
    return this.#call({ method: 'POST', path: '/world', body: params });
  }

  /** `POST /control/webhooks/replay`: delivers an update to the bot's webhook again. */
  replayWebhookUpdate(params: ReplayWebhookUpdateParams): Promise<WebhookReplay> {
    return this.#call({ method: 'POST', path: '/webhooks/replay', body: params });
  }

  /** `GET /control/transcript`: a chat as a person sees it, normalised for snapshot tests. */
  getTranscript(params: TranscriptParams): Promise<Transcript> {
    return this.#call({
      method: 'GET',
      path: '/transcript',
      query: {
        user: String(params.user),
        chat: String(params.chat),
        format: params.format,
        limit: params.limit,
      },
    });
  }

  /** `GET /control/devices` */
  listDevices(user: UserRef): Promise<Device[]> {
    return this.#call({ method: 'GET', path: '/devices', query: { user: String(user) } });
  }

  /** `POST /control/devices` */
  addDevice(params: AddDeviceParams): Promise<Device> {
    return this.#call({ method: 'POST', path: '/devices', body: params });
  }

  /** `POST /control/devices/{id}` */
  updateDevice(id: number, params: UpdateDeviceParams): Promise<Device> {
    return this.#call({ method: 'POST', path: `/devices/${id}`, body: params });
  }

  /** `POST /control/devices/online`: all the person's devices, or `deviceId`; answers all of them. */
  setDevicesOnline(user: UserRef, deviceId?: number): Promise<Device[]> {
    return this.#call({ method: 'POST', path: '/devices/online', body: { user, device_id: deviceId } });
  }

  /** `POST /control/devices/offline` */
  setDevicesOffline(user: UserRef, deviceId?: number): Promise<Device[]> {
    return this.#call({ method: 'POST', path: '/devices/offline', body: { user, device_id: deviceId } });
  }

  /**
   * `POST /control/inline`: `user` types `@bot query` (in `chat`, by default the private chat with
   * the bot) and waits up to `timeout` seconds for the results the bot answers with.
   */
  inlineQuery(params: InlineQueryParams): Promise<InlineQueryAnswer> {
    return this.#call({ method: 'POST', path: '/inline', body: params, holdSeconds: params.timeout ?? 10 });
  }

  /** `POST /control/inline/choose`: `user` chooses a result; its message is sent via the bot. */
  chooseInlineResult(params: ChooseInlineResultParams): Promise<ChosenInlineResult> {
    return this.#call({ method: 'POST', path: '/inline/choose', body: params });
  }

  // ---- Mini Apps, guest mode and join-request queries (docs/mini-apps.md) -----------------------

  /** `POST /control/web-apps/open`: `user` opens a bot's Mini App; answers its signed launch data. */
  openWebApp(params: OpenWebAppParams): Promise<WebAppLaunch> {
    return this.#call({ method: 'POST', path: '/web-apps/open', body: params });
  }

  /** `POST /control/web-apps/send-data`: the app of a reply keyboard button sends data to the bot. */
  sendWebAppData(params: SendWebAppDataParams): Promise<Message> {
    return this.#call({ method: 'POST', path: '/web-apps/send-data', body: params });
  }

  /** `GET /control/web-apps/key`: Parley's Ed25519 public key of launch data signatures. */
  getWebAppKey(): Promise<WebAppKey> {
    return this.#call({ method: 'GET', path: '/web-apps/key' });
  }

  /** `POST /control/web-apps/share-message`: `user` sends a prepared inline message into a chat. */
  shareWebAppMessage(params: ShareWebAppMessageParams): Promise<ChosenInlineResult> {
    return this.#call({ method: 'POST', path: '/web-apps/share-message', body: params });
  }

  /** `POST /control/web-apps/use-button`: `user` uses a prepared keyboard button. */
  useWebAppButton(params: UseWebAppButtonParams): Promise<Message> {
    return this.#call({ method: 'POST', path: '/web-apps/use-button', body: params });
  }

  // ---- Passport (docs/passport.md) ---------------------------------------------------------------

  /** `POST /control/bots/passport-key`: registers the bot's RSA public key (PEM). */
  setBotPassportKey(params: SetBotPassportKeyParams): Promise<true> {
    return this.#call({ method: 'POST', path: '/bots/passport-key', body: params });
  }

  /** `POST /control/passport/share`: `user` shares Passport elements with a bot, encrypted for it. */
  sharePassportData(params: SharePassportDataParams): Promise<Message> {
    return this.#call({ method: 'POST', path: '/passport/share', body: params });
  }

  /** `GET /control/passport/errors`: the errors the bot set on what `user` shared. */
  getPassportErrors(params: GetPassportErrorsParams): Promise<PassportErrors> {
    return this.#call({
      method: 'GET',
      path: '/passport/errors',
      query: { user: params.user, bot: params.bot },
    });
  }

  /** `POST /control/bots/guest-queries`: the bot's guest mode on or off. */
  setBotGuestQueries(params: BotQueriesSettingParams): Promise<true> {
    return this.#call({ method: 'POST', path: '/bots/guest-queries', body: params });
  }

  /** `POST /control/bots/join-request-queries`: whether the bot supports join-request queries. */
  setBotJoinRequestQueries(params: BotQueriesSettingParams): Promise<true> {
    return this.#call({ method: 'POST', path: '/bots/join-request-queries', body: params });
  }

  /** `POST /control/chats/join-request-bot`: the bot that processes the chat's join requests. */
  setJoinRequestBot(params: SetJoinRequestBotParams): Promise<true> {
    return this.#call({ method: 'POST', path: '/chats/join-request-bot', body: params });
  }

  /** `POST /control/reactions`: `user` sets their reactions to a message; answers its reactions. */
  react(params: ReactParams): Promise<MessageReactions> {
    return this.#call({ method: 'POST', path: '/reactions', body: params });
  }

  /** `GET /control/reactions`: a message's reactions as `user` sees them. */
  getReactions(params: GetReactionsParams): Promise<MessageReactions> {
    return this.#call({
      method: 'GET',
      path: '/reactions',
      query: { user: params.user, chat: params.chat, message_id: params.message_id },
    });
  }

  /** `POST /control/pins`: `user` pins a message; answers the pinned_message service message. */
  pinMessage(params: PinMessageParams): Promise<Message> {
    return this.#call({ method: 'POST', path: '/pins', body: params });
  }

  /** `POST /control/pins/delete`: `user` unpins a message. */
  unpinMessage(params: PinMessageParams): Promise<true> {
    return this.#call({ method: 'POST', path: '/pins/delete', body: params });
  }

  /** `GET /control/drafts`: the drafts a bot is streaming into `user`'s private chat with it. */
  listDrafts(params: ListDraftsParams): Promise<MessageDraft[]> {
    return this.#call({ method: 'GET', path: '/drafts', query: { user: params.user, chat: params.chat } });
  }

  /** `POST /control/emoji-status-access`: `user` allows (or no longer allows) `bot` to set their emoji status. */
  allowEmojiStatus(params: AllowEmojiStatusParams): Promise<true> {
    return this.#call({ method: 'POST', path: '/emoji-status-access', body: params });
  }

  /** `POST /control/profile-audios`: the audio of a message joins `user`'s profile audios. */
  addProfileAudio(params: AddProfileAudioParams): Promise<ProfileAudios> {
    return this.#call({ method: 'POST', path: '/profile-audios', body: params });
  }

  /** `POST /control/profile-photos`: `user` gets a new profile photo (raw bytes are sent as base64). */
  addProfilePhoto(params: AddProfilePhotoParams): Promise<ProfilePhotos> {
    return this.#call({
      method: 'POST',
      path: '/profile-photos',
      body: { ...params, photo: withBase64(params.photo) },
    });
  }

  /** `POST /control/profile-photos/delete`: `user`'s current profile photo goes (the one before becomes current). */
  removeProfilePhoto(params: RemoveProfilePhotoParams): Promise<ProfilePhotos> {
    return this.#call({ method: 'POST', path: '/profile-photos/delete', body: params });
  }

  /** `POST /control/personal-chat`: `user` shows a channel they created on their profile (or none). */
  setPersonalChat(params: SetPersonalChatParams): Promise<true> {
    return this.#call({ method: 'POST', path: '/personal-chat', body: params });
  }

  /** `POST /control/checklists/tasks`: `user` marks tasks of a checklist as done or not done. */
  markChecklistTasks(params: MarkChecklistTasksParams): Promise<Message> {
    return this.#call({ method: 'POST', path: '/checklists/tasks', body: params });
  }

  /** `POST /control/checklists/add-tasks`: `user` adds tasks to a checklist. */
  addChecklistTasks(params: AddChecklistTasksParams): Promise<Message> {
    return this.#call({ method: 'POST', path: '/checklists/add-tasks', body: params });
  }

  /** `GET /control/pins`: the chat's pinned messages as `user` sees them, the newest first. */
  listPinnedMessages(params: ListPinnedMessagesParams): Promise<Message[]> {
    return this.#call({ method: 'GET', path: '/pins', query: { user: params.user, chat: params.chat } });
  }

  /** `POST /control/chats`: `owner` creates a group, supergroup or channel. */
  createChat(params: CreateChatParams): Promise<ChatRecord> {
    return this.#call({ method: 'POST', path: '/chats', body: params });
  }

  /** `POST /control/chats/forum`: `by` turns topics on (or off, `enabled: false`) in a supergroup. */
  setChatForum(params: SetChatForumParams): Promise<ChatRecord> {
    return this.#call({ method: 'POST', path: '/chats/forum', body: params });
  }

  /** `POST /control/topics`: `user` creates a topic in a forum; answers the ForumTopic. */
  createForumTopic(params: CreateForumTopicParams): Promise<ForumTopic> {
    return this.#call({ method: 'POST', path: '/topics', body: params });
  }

  /** `POST /control/bots/topics`: a bot's topic mode in its private chats (getMe shows it). */
  setBotTopics(params: SetBotTopicsParams): Promise<BotRecord> {
    return this.#call({ method: 'POST', path: '/bots/topics', body: params });
  }

  /** `GET /control/topics`: a forum's topics as `user` sees them, General first. */
  listForumTopics(params: ListForumTopicsParams): Promise<ForumTopic[]> {
    return this.#call({ method: 'GET', path: '/topics', query: { user: params.user, chat: params.chat } });
  }

  /** `POST /control/channels/direct-messages`: `by` turns a channel's direct messages on (or off). */
  enableDirectMessages(params: EnableDirectMessagesParams): Promise<DirectMessagesChat> {
    return this.#call({ method: 'POST', path: '/channels/direct-messages', body: params });
  }

  /** `GET /control/channels/direct-messages`: a channel's direct-messages chat and its Stars. */
  getDirectMessages(params: GetDirectMessagesParams): Promise<DirectMessagesChat> {
    return this.#call({ method: 'GET', path: '/channels/direct-messages', query: { chat: params.chat } });
  }

  /** `POST /control/direct-messages`: `user` writes to a channel's direct messages, in their topic. */
  sendDirectMessage(params: SendDirectMessageParams): Promise<Message> {
    return this.#call({ method: 'POST', path: '/direct-messages', body: params });
  }

  /** `POST /control/direct-messages/suggest`: `user` suggests a post to a channel, with a price in Stars. */
  suggestPost(params: SuggestPostParams): Promise<Message> {
    return this.#call({ method: 'POST', path: '/direct-messages/suggest', body: params });
  }

  /** `POST /control/communities`: `owner` creates a community (ADR 0077); answers its id and name. */
  createCommunity(params: CreateCommunityParams): Promise<Community> {
    return this.#call({ method: 'POST', path: '/communities', body: params });
  }

  /** `GET /control/communities/{id}`: a community with its owner and chats. */
  getCommunity(id: number): Promise<CommunityRecord> {
    return this.#call({ method: 'GET', path: `/communities/${id}` });
  }

  /** `POST /control/communities/chats`: the owner adds a supergroup or channel they created. */
  addCommunityChat(params: AddCommunityChatParams): Promise<CommunityRecord> {
    return this.#call({ method: 'POST', path: '/communities/chats', body: params });
  }

  /** `POST /control/communities/chats/remove`: the owner removes a chat from the community. */
  removeCommunityChat(params: RemoveCommunityChatParams): Promise<CommunityRecord> {
    return this.#call({ method: 'POST', path: '/communities/chats/remove', body: params });
  }

  /** `POST /control/communities/join`: `user` joins a chat of the community from it (ADR 0096). */
  joinCommunityChat(params: JoinCommunityChatParams): Promise<JoinChatResult> {
    return this.#call({ method: 'POST', path: '/communities/join', body: params });
  }

  /** `GET /control/chats/{CHAT}`: a group, supergroup or channel by id or @username, with its members. */
  getChat(chat: ChatRef): Promise<ChatRecord> {
    return this.#call({ method: 'GET', path: `/chats/${encodeRef(chat)}` });
  }

  /** `POST /control/chats/members`: `by` adds `user` (a person or a bot). */
  addChatMember(params: AddChatMemberParams): Promise<ChatRecord> {
    return this.#call({ method: 'POST', path: '/chats/members', body: params });
  }

  /** `POST /control/chats/join`: by @username of a public chat, or through an invite link. */
  joinChat(params: JoinChatParams): Promise<JoinChatResult> {
    return this.#call({ method: 'POST', path: '/chats/join', body: params });
  }

  /** `POST /control/chats/leave` */
  leaveChat(params: LeaveChatParams): Promise<true> {
    return this.#call({ method: 'POST', path: '/chats/leave', body: params });
  }

  /** `POST /control/chats/promote`: `by` gives `user` administrator rights (none demotes). */
  promoteChatMember(params: PromoteChatMemberParams): Promise<ChatRecord> {
    return this.#call({ method: 'POST', path: '/chats/promote', body: params });
  }

  /** `POST /control/chats/restrict`: `by` restricts `user` in a supergroup. */
  restrictChatMember(params: RestrictChatMemberParams): Promise<ChatRecord> {
    return this.#call({ method: 'POST', path: '/chats/restrict', body: params });
  }

  /** `POST /control/chats/remove`: `by` removes and bans `user`. */
  removeChatMember(params: RemoveChatMemberParams): Promise<true> {
    return this.#call({ method: 'POST', path: '/chats/remove', body: params });
  }

  /** `POST /control/chats/migrate`: the creator upgrades a group; answers the new supergroup. */
  migrateChat(params: MigrateChatParams): Promise<ChatRecord> {
    return this.#call({ method: 'POST', path: '/chats/migrate', body: params });
  }

  /** `POST /control/chats/invite-links`: `by` creates an invite link. */
  createInviteLink(params: CreateInviteLinkParams): Promise<ChatInviteLink> {
    return this.#call({ method: 'POST', path: '/chats/invite-links', body: params });
  }

  /** `POST /control/block`: `user` blocks `bot` (the bot gets my_chat_member). */
  blockBot(params: BlockBotParams): Promise<BlockResult> {
    return this.#call({ method: 'POST', path: '/block', body: params });
  }

  /** `POST /control/unblock` */
  unblockBot(params: BlockBotParams): Promise<BlockResult> {
    return this.#call({ method: 'POST', path: '/unblock', body: params });
  }

  // ---- business accounts, stories, managed bots (ADR 0049) ---------------------------------------

  /** `POST /control/business/connect`: `user` connects `bot` to their business account. */
  connectBusinessBot(params: ConnectBusinessBotParams): Promise<BusinessConnection> {
    return this.#call({ method: 'POST', path: '/business/connect', body: params });
  }

  /** `POST /control/business/disconnect`: `user` disconnects `bot` from their business account. */
  disconnectBusinessBot(params: DisconnectBusinessBotParams): Promise<BusinessConnection> {
    return this.#call({ method: 'POST', path: '/business/disconnect', body: params });
  }

  /** `GET /control/stories`: the active (and kept) stories of a business account, newest first. */
  listStories(params: ListStoriesParams): Promise<StoryRecord[]> {
    return this.#call({ method: 'GET', path: '/stories', query: { owner: params.owner } });
  }

  /** `POST /control/stories/reply`: `from` replies to a story of `owner`. */
  replyToStory(params: ReplyToStoryParams): Promise<Message> {
    return this.#call({ method: 'POST', path: '/stories/reply', body: params });
  }

  /** `POST /control/managed-bots`: `owner` creates a bot managed by `manager`. */
  createManagedBot(params: CreateManagedBotParams): Promise<ManagedBotRecord> {
    return this.#call({ method: 'POST', path: '/managed-bots', body: params });
  }

  /** `POST /control/bots/privacy`: turns a bot's group privacy mode on or off. */
  setBotPrivacy(params: SetBotPrivacyParams): Promise<BotRecord> {
    return this.#call({ method: 'POST', path: '/bots/privacy', body: params });
  }

  /** `POST /control/games`: registers a game for a bot, which it then sends with sendGame. */
  registerGame(params: RegisterGameParams): Promise<GameRecord> {
    return this.#call({ method: 'POST', path: '/games', body: params });
  }

  /** `POST /control/boosts`: `user` boosts a channel or supergroup (`remove`: removes their boosts). */
  boostChat(params: BoostChatParams): Promise<BoostResult> {
    return this.#call({ method: 'POST', path: '/boosts', body: params });
  }

  /** `POST /control/giveaways`: `user`, an administrator, starts a giveaway in a channel or supergroup. */
  startGiveaway(params: StartGiveawayParams): Promise<GiveawayRecord> {
    return this.#call({ method: 'POST', path: '/giveaways', body: params });
  }

  /** `GET /control/giveaways`: a giveaway by its message, with its winners once drawn. */
  getGiveaway(params: GetGiveawayParams): Promise<GiveawayRecord> {
    return this.#call({
      method: 'GET',
      path: '/giveaways',
      query: { chat: params.chat, message_id: params.message_id },
    });
  }

  /** `POST /control/bots/verifier`: makes a bot a verifier (or, `enabled: false`, not). */
  setBotVerifier(params: SetBotVerifierParams): Promise<VerifierState> {
    return this.#call({ method: 'POST', path: '/bots/verifier', body: params });
  }

  /** `GET /control/verification`: a user's or chat's verification. */
  getVerification(params: GetVerificationParams): Promise<VerificationStatus> {
    return this.#call({
      method: 'GET',
      path: '/verification',
      query: { user: params.user, chat: params.chat },
    });
  }

  /**
   * `POST /control/messages/media`: the user `from` sends a photo or a document (raw bytes are
   * sent as base64); answers the message as the sender sees it.
   */
  sendMedia(params: SendMediaParams): Promise<Message> {
    const { photo, document, voice, audio, video, video_note: videoNote, ...rest } = params;
    const body: Record<string, unknown> = { ...rest };
    if (photo) body.photo = withBase64(photo);
    if (document) body.document = withBase64(document);
    if (voice) body.voice = withBase64(voice);
    if (audio) body.audio = withBase64(audio);
    if (video) body.video = withBase64(video);
    if (videoNote) body.video_note = withBase64(videoNote);
    return this.#call({ method: 'POST', path: '/messages/media', body });
  }

  /** `POST /control/messages/location`: the user `from` sends a location (live with `live_period`). */
  sendLocation(params: SendLocationParams): Promise<Message> {
    return this.#call({ method: 'POST', path: '/messages/location', body: params });
  }

  /** `POST /control/messages/venue`: the user `from` sends a venue. */
  sendVenue(params: SendVenueParams): Promise<Message> {
    return this.#call({ method: 'POST', path: '/messages/venue', body: params });
  }

  /** `POST /control/messages/contact`: the user `from` shares a contact, or without a phone number their own. */
  sendContact(params: SendContactParams): Promise<Message> {
    return this.#call({ method: 'POST', path: '/messages/contact', body: params });
  }

  /** `POST /control/messages/poll`: the user `from` sends a poll or a quiz. */
  sendPoll(params: SendPollParams): Promise<Message> {
    return this.#call({ method: 'POST', path: '/messages/poll', body: params });
  }

  /** `POST /control/messages/dice`: the user `from` throws a dice; the server draws the value. */
  sendDice(params: SendDiceParams): Promise<Message> {
    return this.#call({ method: 'POST', path: '/messages/dice', body: params });
  }

  /** `POST /control/messages/sticker`: the user `from` sends a sticker by a file_id of theirs. */
  sendSticker(params: SendStickerParams): Promise<Message> {
    return this.#call({ method: 'POST', path: '/messages/sticker', body: params });
  }

  /**
   * `GET /control/files`: `user` downloads a file they see: the file of a message (`chat` and
   * `message_id`), or one by the `file_id` they see it under. Throws a `ControlApiError` (404
   * `FILE_NOT_FOUND`, `CHAT_NOT_FOUND`, `MESSAGE_NOT_FOUND`) when there is none for them.
   */
  async downloadFile(params: DownloadFileParams): Promise<DownloadedFile> {
    const query: Record<string, string | number | undefined> = { user: params.user };
    if (params.chat !== undefined) {
      query.chat = params.chat;
      query.message_id = params.message_id;
    }
    if (params.file_id !== undefined) query.file_id = params.file_id;
    const url = this.#url('/files', query);
    const headers = { authorization: `Bearer ${this.#adminToken}` };
    const response = await (this.#fetch ?? fetch)(url, { method: 'GET', headers });
    // 200 is always the bytes (a file may well be JSON); anything else is the envelope of an error.
    if (response.status !== 200) {
      return unwrap<never>(await read(response), 'GET /control/files');
    }
    const data = new Uint8Array(await response.arrayBuffer());
    const fileId = response.headers.get('x-parley-file-id');
    const uniqueId = response.headers.get('x-parley-file-unique-id');
    if (fileId === null || uniqueId === null) {
      throw new ControlApiError(
        response.status,
        UNEXPECTED_RESPONSE,
        'GET /control/files answered without X-Parley-File-Id; is the URL that of a Parley server?',
      );
    }
    const file: DownloadedFile = {
      data,
      mime_type: (response.headers.get('content-type') ?? 'application/octet-stream').split(';')[0]!.trim(),
      file_id: fileId,
      file_unique_id: uniqueId,
    };
    const name = fileNameOf(response.headers.get('content-disposition'));
    if (name !== undefined) file.file_name = name;
    return file;
  }

  #url(path: string, query: RequestSpec['query']): string {
    let url = `${this.#baseUrl}/control${path}`;
    if (query) {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) {
        if (value !== undefined) search.set(key, String(value));
      }
      const encoded = search.toString();
      if (encoded) url += `?${encoded}`;
    }
    return url;
  }

  async #call<T>(spec: RequestSpec): Promise<T> {
    const url = this.#url(spec.path, spec.query);
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.#adminToken}`,
      accept: 'application/json',
    };
    const init: RequestInit = { method: spec.method, headers };
    if (spec.body !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(spec.body);
    }
    if (spec.signal) init.signal = spec.signal;

    const raw = await this.#send(url, init, spec.holdSeconds);
    return unwrap<T>(raw, `${spec.method} /control${spec.path}`);
  }

  async #send(url: string, init: RequestInit, holdSeconds: number | undefined): Promise<RawAnswer> {
    if (this.#fetch) return read(await this.#fetch(url, init));
    if (holdSeconds === undefined || holdSeconds + WAIT_MARGIN_SECONDS <= FETCH_TIMEOUT_SECONDS) {
      return read(await fetch(url, init));
    }
    return longPoll(url, init, holdSeconds);
  }
}

/**
 * Node's fetch gives up when response headers take more than 300 s, exactly the longest wait the server
 * allows, so a long poll goes through an agent of its own whose timeouts outlast the server's. The agent
 * comes from the undici package together with its fetch: a dispatcher of one undici version handed to
 * the fetch built into Node (another version) is not guaranteed to work. Loaded lazily so that clients
 * that never wait, like most CLI commands, do not load it.
 */
async function longPoll(url: string, init: RequestInit, holdSeconds: number): Promise<RawAnswer> {
  const undici = await import('undici');
  const limitMs = (holdSeconds + WAIT_MARGIN_SECONDS) * 1000;
  const agent = new undici.Agent({ headersTimeout: limitMs, bodyTimeout: limitMs });
  try {
    const response = await undici.fetch(url, {
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      body: init.body as string | undefined,
      signal: init.signal ?? null,
      dispatcher: agent,
    });
    return {
      status: response.status,
      contentType: response.headers.get('content-type'),
      text: await response.text(),
    };
  } finally {
    // One agent per wait: nothing stays open once the answer is read, and no client state to close.
    await agent.destroy();
  }
}

/** A file's bytes as the control API takes them: `data` (raw) becomes `data_base64`. */
function withBase64<T extends FileBytes>(file: T): Omit<T, 'data'> & { data_base64: string } {
  if ('data_base64' in file) return file as Omit<T, 'data'> & { data_base64: string };
  const { data, ...rest } = file as T & { data: Uint8Array };
  return { ...rest, data_base64: Buffer.from(data).toString('base64') } as Omit<T, 'data'> & {
    data_base64: string;
  };
}

/** The file name of a Content-Disposition: its UTF-8 `filename*`, else its plain `filename`. */
function fileNameOf(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1];
}

async function read(response: Response): Promise<RawAnswer> {
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    text: await response.text(),
  };
}

function unwrap<T>(raw: RawAnswer, what: string): T {
  let answer: unknown;
  try {
    answer = JSON.parse(raw.text);
  } catch {
    answer = undefined;
  }
  if (isEnvelope(answer)) {
    if (answer.ok) return answer.result as T;
    throw new ControlApiError(raw.status, answer.error, answer.description);
  }
  const type = raw.contentType ? ` (${raw.contentType.split(';')[0]})` : '';
  throw new ControlApiError(
    raw.status,
    UNEXPECTED_RESPONSE,
    `${what} answered HTTP ${raw.status}${type} without a control API envelope; is the URL that of a Parley server?`,
  );
}

function isEnvelope(value: unknown): value is ControlApiAnswer<unknown> {
  if (typeof value !== 'object' || value === null || !('ok' in value)) return false;
  if (value.ok === true) return 'result' in value;
  return (
    value.ok === false &&
    'error' in value &&
    typeof value.error === 'string' &&
    'description' in value &&
    typeof value.description === 'string'
  );
}

/** References go in a path segment: `+` and `@` are encoded so that no server reads `+` as a space. */
function encodeRef(ref: UserRef): string {
  return encodeURIComponent(String(ref));
}
