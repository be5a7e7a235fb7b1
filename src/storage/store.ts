/**
 * The storage port: what the platform needs of a database, as small ports per area (ports/), each
 * with its row types and its contract, composed here into one reader, one transaction and the
 * store. Each adapter (sqlite/, later postgres/) implements them; the contract suites
 * (store.contract.ts, gateway-store.contract.ts) run against every adapter.
 *
 * The write contract, for every adapter:
 * - `write(fn)` runs fn in one transaction; fn touches the store only through the `tx` it is given
 *   and does no network I/O. It is all-or-nothing: if fn throws, none of its changes is kept and the
 *   error goes to its caller only. The promise settles after the commit (durable then).
 * - fn may run more than once: an adapter that meets a conflict (PostgreSQL's serialization
 *   failures) rolls back and runs it again on a fresh transaction. So fn changes nothing outside the
 *   store that a second run would get wrong (it may build values and return them).
 * - Isolation: a write sees its own changes and everything committed before it began; two writes
 *   that change the same row are serialised (one waits, or one fails and is retried by the adapter;
 *   never a lost update). Adapters may commit the writes of concurrent callers together (group
 *   commit) as long as each stays all-or-nothing.
 * - Reads outside a write (`store.getX`) see committed data; an adapter that serialises all writes
 *   in one process (SQLite) may also show a write that is about to commit, which the platform never
 *   relies on.
 * - `read(fn)` runs fn's reads in one consistent view (a snapshot): every read through the view it
 *   is given answers the same committed state, which holds every write that settled before `read`
 *   was called and nothing committed after the view began, whatever other writers (this process's
 *   or another's) commit meanwhile. fn reads only through the view and never awaits a write of
 *   this store: SQLite (one connection) runs no write of this process until fn ends; PostgreSQL
 *   reads in a REPEATABLE READ READ ONLY transaction of its own, beside the writes. For the rare
 *   reads that span many rows and must agree (a world's export, ADR 0102), not for hot paths.
 * - Caches: an adapter may cache rows named in the area ports' headers; a cache never holds a row
 *   that was not committed, and a rollback drops what the rolled-back write touched.
 * - Unique violations surface as UniqueViolation (with the column names), whatever the dialect.
 * - A write may name a key (`write(key, fn)`, `WriteKey`: the bot and chat whose rows it writes, as far as its caller
 *   knows before it runs). Writes of one key, and unkeyed writes among themselves, commit in the
 *   order they were asked; writes of different keys may run side by side and commit in any order
 *   (PostgreSQL: one write connection per key's hash, ADR 0106). Awaited writes are ordered
 *   whatever their keys. A key is a hint for speed only: a write may touch rows of other bots and
 *   chats than its key's, and stays all-or-nothing and serialised against every write of those rows.
 */
import type { GatewayStore, GatewayStoreTx } from './gateway-store.js';
import type { ChatsReader, ChatsWriter } from './ports/chats.js';
import type { FilesReader, FilesWriter } from './ports/files.js';
import type { CachedArea } from './ports/events.js';
import type { JobClaims } from './ports/jobs.js';
import type { InlineReader, InlineWriter } from './ports/inline.js';
import type { InvitesReader, InvitesWriter } from './ports/invites.js';
import type { WebAppsReader, WebAppsWriter } from './ports/web-apps.js';
import type { GuestReader, GuestWriter } from './ports/guest.js';
import type { MessagesReader, MessagesWriter } from './ports/messages.js';
import type { PollsReader, PollsWriter } from './ports/polls.js';
import type { GamesReader, GamesWriter } from './ports/games.js';
import type { BoostsReader, BoostsWriter } from './ports/boosts.js';
import type { GiveawaysReader, GiveawaysWriter } from './ports/giveaways.js';
import type { VerificationReader, VerificationWriter } from './ports/verification.js';
import type { PaymentsReader, PaymentsWriter } from './ports/payments.js';
import type { StarsReader, StarsWriter } from './ports/stars.js';
import type { GiftsReader, GiftsWriter } from './ports/gifts.js';
import type { PaidMediaReader, PaidMediaWriter } from './ports/paid-media.js';
import type { SuggestedPostsReader, SuggestedPostsWriter } from './ports/suggested-posts.js';
import type { SettingsReader, SettingsWriter } from './ports/settings.js';
import type { StickersReader, StickersWriter } from './ports/stickers.js';
import type { TopicsReader, TopicsWriter } from './ports/topics.js';
import type { UpdatesReader, UpdatesWriter } from './ports/updates.js';
import type { UsersReader, UsersWriter } from './ports/users.js';
import type { DraftsReader, DraftsWriter } from './ports/drafts.js';
import type { EphemeralReader, EphemeralWriter } from './ports/ephemeral.js';
import type { ProfilesReader, ProfilesWriter } from './ports/profiles.js';
import type { MemberTagsReader, MemberTagsWriter } from './ports/member-tags.js';
import type { SenderChatsReader, SenderChatsWriter } from './ports/sender-chats.js';
import type { CommunitiesReader, CommunitiesWriter } from './ports/communities.js';
import type { BusinessReader, BusinessWriter } from './ports/business.js';
import type { StoriesReader, StoriesWriter } from './ports/stories.js';
import type { ManagedBotsReader, ManagedBotsWriter } from './ports/managed-bots.js';
import type { PassportReader, PassportWriter } from './ports/passport.js';
import type { PersonViewsReader } from './ports/person-views.js';
import type { MessageSearchReader } from './ports/message-search.js';
import type { WorldViewsReader } from './ports/world-views.js';
import type { MetricsReader } from './ports/metrics.js';
import type { WebhookLogReader, WebhookLogWriter } from './ports/webhook-log.js';
import type { TimelineReader, TimelineWriter } from './ports/timeline.js';

export type { BotRow, UserRow } from './ports/users.js';
export type { ChatRow, ChatType, MemberRow, MemberStatus } from './ports/chats.js';
export type { CallbackQueryRow, MessageReactionRow, MessageRow } from './ports/messages.js';
export type { UpdateRow } from './ports/updates.js';
export type { DraftRow } from './ports/drafts.js';
export type { EphemeralMessageRow, NewEphemeralMessage } from './ports/ephemeral.js';
export type { ProfileMediaKind, ProfileMediaRow, UserProfileRow } from './ports/profiles.js';
export type { FileRefRow, FileRow } from './ports/files.js';
export type { PollRow, PollVoteRow } from './ports/polls.js';
export type { GameRow, GameScoreRow } from './ports/games.js';
export type { ChatBoostRow } from './ports/boosts.js';
export type { GiveawayRow } from './ports/giveaways.js';
export type { VerificationRow, VerificationTarget, VerifierRow } from './ports/verification.js';
export type { StarDirection, StarTransactionRow } from './ports/stars.js';
export type { GiftOwnerKind, OwnedGiftRow } from './ports/gifts.js';
export type { PaidMediaPurchaseRow } from './ports/paid-media.js';
export type {
  DirectMessagesChatRow,
  SuggestedPostPhase,
  SuggestedPostRow,
  SuggestedPostState,
} from './ports/suggested-posts.js';
export type { InvoiceRow, PaymentQueryKind, PaymentQueryRow, PaymentRow } from './ports/payments.js';
export type { InlineMessageRow, InlineQueryRow } from './ports/inline.js';
export type { InviteLinkRow, JoinRequestRow } from './ports/invites.js';
export type { JoinRequestQueryRow, WebAppQueryRow } from './ports/web-apps.js';
export type { GuestQueryRow } from './ports/guest.js';
export type { ForumTopicRow } from './ports/topics.js';
export type { BusinessConnectionRow, BusinessProfileRow } from './ports/business.js';
export type { StoryRow } from './ports/stories.js';
export type { ManagedBotRow } from './ports/managed-bots.js';
export type { CommunityRow } from './ports/communities.js';
export type { PassportElementRow, PassportErrorRow } from './ports/passport.js';
export type { NewWebhookAttempt, WebhookAttemptRow } from './ports/webhook-log.js';
export type { NewTimelineEvent, TimelineRow } from './ports/timeline.js';
export type { MessageSearchCursor, MessageSearchHit } from './ports/message-search.js';

/** Every read of the platform's tables (the gateway's are under `gateway`). */
export interface StoreReader
  extends
    UsersReader,
    ChatsReader,
    MessagesReader,
    UpdatesReader,
    DraftsReader,
    EphemeralReader,
    ProfilesReader,
    MemberTagsReader,
    SenderChatsReader,
    CommunitiesReader,
    BusinessReader,
    StoriesReader,
    ManagedBotsReader,
    PassportReader,
    FilesReader,
    PollsReader,
    GamesReader,
    BoostsReader,
    GiveawaysReader,
    VerificationReader,
    StickersReader,
    StarsReader,
    GiftsReader,
    PaidMediaReader,
    SuggestedPostsReader,
    PaymentsReader,
    InlineReader,
    InvitesReader,
    WebAppsReader,
    GuestReader,
    SettingsReader,
    TopicsReader,
    PersonViewsReader,
    MessageSearchReader,
    WorldViewsReader,
    WebhookLogReader,
    TimelineReader,
    MetricsReader {}

/** A transaction: every read and every write, inside one `write`. */
export interface StoreTx
  extends
    StoreReader,
    UsersWriter,
    ChatsWriter,
    MessagesWriter,
    UpdatesWriter,
    DraftsWriter,
    EphemeralWriter,
    ProfilesWriter,
    MemberTagsWriter,
    SenderChatsWriter,
    CommunitiesWriter,
    BusinessWriter,
    StoriesWriter,
    ManagedBotsWriter,
    PassportWriter,
    FilesWriter,
    PollsWriter,
    GamesWriter,
    BoostsWriter,
    GiveawaysWriter,
    VerificationWriter,
    StickersWriter,
    StarsWriter,
    GiftsWriter,
    PaidMediaWriter,
    SuggestedPostsWriter,
    PaymentsWriter,
    InlineWriter,
    InvitesWriter,
    WebAppsWriter,
    GuestWriter,
    SettingsWriter,
    TopicsWriter,
    WebhookLogWriter,
    TimelineWriter {
  /** The gateway's writes, in this same transaction. */
  readonly gateway: GatewayStoreTx;
}

/**
 * What a write is about (the write contract above): the bot whose update ids or rows it writes, and
 * the chat (pk) whose message ids it takes. Either may be absent. `queues`: the write queues an
 * update for `bot` (takes its next update id), as a person's message or press to it does. `bots`:
 * more bots whose rows it reads, with `queues` whose update ids it may take too (a person's message
 * to a group with several bots: `bot` is the first of them, the others are here).
 */
export interface WriteKey {
  bot?: number;
  chat?: number;
  queues?: boolean;
  bots?: readonly number[];
  /**
   * Messages (chat pk, message id) the write reads, as they are when it runs (an edit's): on
   * PostgreSQL read with the batch's first statement instead of a round trip of their own.
   */
  messages?: ReadonlyArray<readonly [number, number]>;
}

/** What `Store.read` reads through: every read of the store, the gateway's included, in one view. */
export interface StoreView extends StoreReader {
  readonly gateway: GatewayStore;
}

export interface Store extends StoreReader {
  write<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T>;
  /** A write about `key` (undefined: unkeyed), as the write contract above says. */
  write<T>(key: WriteKey | undefined, fn: (tx: StoreTx) => Promise<T>): Promise<T>;
  /** fn's reads in one consistent view, as the contract above says; answers what fn answers. */
  read<T>(fn: (view: StoreView) => Promise<T>): Promise<T>;
  close(): Promise<void>;

  /** The gateway's reads (storage/gateway-store.ts). */
  readonly gateway: GatewayStore;

  /** Claims on the background jobs (ports/jobs.ts): how a worker takes a job. */
  readonly jobs: JobClaims;

  /**
   * Whether a write's key changes how it runs (PostgreSQL: its write connection, the rows taken
   * ahead). SQLite has one writer and ignores keys: a caller need not read anything to make one.
   */
  readonly usesWriteKeys: boolean;

  /**
   * Drops a cached row that another process changed (the event port's `rows.changed`), so that the
   * next read of it goes to the database.
   */
  forgetCached(area: CachedArea, id: number): void;

  /** Resolves when the database answers (readiness); rejects when it does not. */
  ping(): Promise<void>;

  /**
   * Calls `observer` after each committed transaction (a group commit counts once) with its time
   * from BEGIN to the end of COMMIT, in ms (the metrics, ADR 0060); undefined stops the calls.
   */
  observeCommits(observer: ((ms: number) => void) | undefined): void;

  /**
   * Writes run again since the store opened, by why: on PostgreSQL a write that met another write
   * connection's or node's (`serialization`, `deadlock`, `lockTimeout`, `outOfOrder`); SQLite's one
   * writer runs none (the metrics).
   */
  readonly reruns: Readonly<Record<string, number>>;
}

/** A unique constraint was violated; `constraint` names the column(s). */
/** The arguments of `Store.write`, either form: the key (if any) and the fn. */
export function writeArgs<T>(
  first: WriteKey | undefined | ((tx: StoreTx) => Promise<T>),
  second?: (tx: StoreTx) => Promise<T>,
): [WriteKey | undefined, (tx: StoreTx) => Promise<T>] {
  return typeof first === 'function' ? [undefined, first] : [first, second!];
}

export class UniqueViolation extends Error {
  constructor(readonly constraint: string) {
    super(`unique constraint violated: ${constraint}`);
  }
}
