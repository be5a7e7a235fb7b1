/**
 * Users and bots: creation with the platform's rules (E.164 phone numbers, unique usernames, bot
 * usernames ending in "bot", tokens `<BOT_ID>:<SECRET>`), lookup by reference, and rendering as User.
 */
import { timingSafeEqual } from 'node:crypto';
import { PlatformError } from '../core/errors.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { WireUser } from '../core/wire-types.js';
import { UniqueViolation, type BotRow, type StoreTx, type UserRow } from '../../storage/store.js';
import { UPDATE_ID_START } from '../updates/update-ids.js';

const E164 = /^\+[1-9]\d{6,14}$/;
const USERNAME = /^[a-zA-Z](?:[a-zA-Z0-9_]{3,30}[a-zA-Z0-9])$/;
/** User and bot ids: up to 10 digits, like the reference platform's. */
const ID_RANGE: [number, number] = [100_000_000, 8_000_000_000];

export interface CreateUserInput {
  phone_number: string;
  first_name?: string | undefined;
  last_name?: string | undefined;
  username?: string | undefined;
  language_code?: string | undefined;
}

export interface CreateBotInput {
  username: string;
  first_name?: string | undefined;
  can_join_groups?: boolean | undefined;
  can_read_all_group_messages?: boolean | undefined;
  supports_inline_queries?: boolean | undefined;
  /**
   * The hint a person's input field shows after `@bot ` (BotFather's /setinline), 1-64 characters;
   * only with supports_inline_queries (inlinePlaceholderKey).
   */
  inline_placeholder?: string | undefined;
}

/** The setting that keeps a bot's inline placeholder (absent: the clients' default, "Search..."). */
export function inlinePlaceholderKey(botId: number): string {
  return `bot:${botId}:inline_placeholder`;
}

/** BotFather keeps placeholders short; 64 is Parley's cap (docs/control-api.md). */
const MAX_INLINE_PLACEHOLDER = 64;

interface BotAuth {
  id: number;
  secret: Buffer;
  /** Unix seconds until which the bot is logged out. */
  loggedOutUntil: number;
  /** Virtual ms of the bot's first call since the server started. */
  firstCallMs: number;
}

export type AuthResult = { botId: number; loggedOut: boolean } | undefined;

/** After logOut, calls answer "Logged out" this long (the reference: 10 minutes). */
const LOGGED_OUT_SECONDS = 600;
/** close is refused this long after a bot's first call, unless the server is younger (reference). */
const CLOSE_GRACE_MS = 600_000;

export function renderUser(row: UserRow): WireUser {
  const user: WireUser = { id: row.id, is_bot: row.is_bot, first_name: row.first_name };
  if (row.last_name) user.last_name = row.last_name;
  if (row.username) user.username = row.username;
  if (row.language_code) user.language_code = row.language_code;
  return user;
}

function checkName(value: string | undefined, field: string, required: boolean): string | null {
  if (value === undefined || value === '') {
    if (required) throw new PlatformError('NAME_INVALID', `${field} must not be empty`);
    return null;
  }
  const length = [...value].length;
  if (length > 64 || value.trim() === '')
    throw new PlatformError('NAME_INVALID', `${field} must be 1-64 characters`);
  return value;
}

export class Users {
  /** Bot id -> token secret, so that authenticating a Bot API call costs no query. */
  readonly #botAuth = new Map<number, BotAuth>();
  readonly #startedMs: number;

  constructor(private readonly deps: PlatformDeps) {
    this.#startedMs = deps.clock.nowMs();
    // A bot changed by another process (logged out, a new token): its next call reads the row.
    deps.bus.on('rows.changed', ({ area, id }) => {
      if (area === 'bot') this.#botAuth.delete(id);
    });
  }

  async createUser(input: CreateUserInput): Promise<UserRow> {
    if (typeof input.phone_number !== 'string' || !E164.test(input.phone_number)) {
      throw new PlatformError(
        'PHONE_NUMBER_INVALID',
        'phone_number must be in E.164 format, e.g. +15550001234',
      );
    }
    const username = input.username?.replace(/^@/, '') || null;
    if (username !== null) {
      if (!USERNAME.test(username)) {
        throw new PlatformError(
          'USERNAME_INVALID',
          'username must be 5-32 characters: letters, digits and underscores',
        );
      }
      if (/bot$/i.test(username))
        throw new PlatformError('USERNAME_INVALID', 'only bots may have a username ending in "bot"');
    }
    const row: Omit<UserRow, 'id'> = {
      is_bot: false,
      first_name: checkName(input.first_name ?? 'User', 'first_name', true)!,
      last_name: checkName(input.last_name, 'last_name', false),
      username,
      phone_number: input.phone_number,
      language_code: input.language_code || null,
      created_at: this.deps.clock.now(),
    };
    return this.#inserting(this.deps.store.write((tx) => tx.insertUserWithNewId(row, this.#newId)));
  }

  async createBot(
    input: CreateBotInput,
    /** Writes what belongs to the new bot in its own transaction (a managed bot's row, ADR 0049). */
    withBot?: (tx: StoreTx, user: UserRow, bot: BotRow) => Promise<void>,
  ): Promise<{ user: UserRow; bot: BotRow; token: string }> {
    const username = typeof input.username === 'string' ? input.username.replace(/^@/, '') : '';
    if (!USERNAME.test(username) || !/bot$/i.test(username)) {
      throw new PlatformError(
        'USERNAME_INVALID',
        'a bot username must be 5-32 characters (letters, digits, underscores) and end in "bot"',
      );
    }
    const placeholder = input.inline_placeholder;
    if (placeholder !== undefined) {
      if (!input.supports_inline_queries) {
        throw new PlatformError('BAD_REQUEST', 'inline_placeholder needs supports_inline_queries');
      }
      const length = [...placeholder.trim()].length;
      if (length < 1 || length > MAX_INLINE_PLACEHOLDER) {
        throw new PlatformError(
          'BAD_REQUEST',
          `inline_placeholder must be 1-${MAX_INLINE_PLACEHOLDER} characters`,
        );
      }
    }
    const { random, clock } = this.deps;
    const row: Omit<UserRow, 'id'> = {
      is_bot: true,
      first_name: checkName(input.first_name ?? username, 'first_name', true)!,
      last_name: null,
      username,
      phone_number: null,
      language_code: null,
      created_at: clock.now(),
    };
    // The reference's secrets are 35 URL-safe characters starting with "AA".
    const secret = `AA${random.token(33)}`;
    const made = this.deps.store.write(async (tx) => {
      const user = await tx.insertUserWithNewId(row, this.#newId);
      const bot: BotRow = {
        id: user.id,
        token_secret: secret,
        can_join_groups: input.can_join_groups ?? true,
        can_read_all_group_messages: input.can_read_all_group_messages ?? false,
        supports_inline_queries: input.supports_inline_queries ?? false,
        logged_out_until: 0,
        last_update_id: random.int(...UPDATE_ID_START) - 1,
        last_update_at: 0,
        allowed_updates: null,
        webhook_url: '',
        webhook_secret: null,
        webhook_max_connections: 40,
        webhook_ip_address: null,
        webhook_ip_fixed: false,
        webhook_certificate: null,
        webhook_set_at: null,
        last_error_date: null,
        last_error_message: null,
        last_sync_error_date: null,
      };
      await tx.insertBot(bot);
      if (placeholder !== undefined) await tx.setSetting(inlinePlaceholderKey(user.id), placeholder.trim());
      await withBot?.(tx, user, bot);
      return { user, bot, token: `${user.id}:${secret}` };
    });
    return this.#inserting(made);
  }

  /** A new user's id: random, asked again while a user has it (the store's insertUserWithNewId). */
  readonly #newId = () => this.deps.random.int(...ID_RANGE);

  /**
   * A write that inserts a user: a taken phone number or username, which fails it (at the insert, or
   * on PostgreSQL at its end), is the caller's error.
   */
  async #inserting<T>(write: Promise<T>): Promise<T> {
    try {
      return await write;
    } catch (error) {
      if (error instanceof UniqueViolation) {
        if (error.constraint.includes('phone')) {
          throw new PlatformError('PHONE_NUMBER_OCCUPIED', 'a user with this phone number already exists');
        }
        if (error.constraint.includes('username'))
          throw new PlatformError('USERNAME_OCCUPIED', 'this username is taken');
      }
      throw error;
    }
  }

  /**
   * Resolves a user reference: a numeric id, an E.164 phone number or @username.
   * Bots are found too (by id or username); `kind` restricts the result.
   */
  async resolve(ref: string | number, kind: 'user' | 'bot' | 'any' = 'any'): Promise<UserRow> {
    const text = String(ref).trim();
    const { store } = this.deps;
    let row: UserRow | undefined;
    if (/^\+\d+$/.test(text)) row = await store.getUserByPhone(text);
    else if (/^-?\d+$/.test(text)) row = await store.getUser(Number(text));
    else row = await store.getUserByUsername(text.replace(/^@/, ''));
    if (!row || (kind === 'user' && row.is_bot) || (kind === 'bot' && !row.is_bot)) {
      throw new PlatformError(
        kind === 'bot' ? 'BOT_NOT_FOUND' : 'USER_NOT_FOUND',
        `no ${kind === 'bot' ? 'bot' : 'user'} "${text}"`,
      );
    }
    return row;
  }

  /**
   * Several references (`resolve` each, the same refusals): their phone numbers read at once (a group
   * created with its members names them by phone).
   */
  async resolveMany(refs: ReadonlyArray<string | number>): Promise<UserRow[]> {
    const texts = refs.map((ref) => String(ref).trim());
    const byPhone = await this.deps.store.getUsersByPhone(texts.filter((text) => /^\+\d+$/.test(text)));
    return Promise.all(texts.map((text) => byPhone.get(text) ?? this.resolve(text)));
  }

  async getBot(id: number): Promise<{ user: UserRow; bot: BotRow } | undefined> {
    const [user, bot] = await Promise.all([this.deps.store.getUser(id), this.deps.store.getBot(id)]);
    return user && bot ? { user, bot } : undefined;
  }

  /**
   * Checks a bot token's secret in constant time. Returns the bot id (and whether it is logged out),
   * or undefined when the token does not belong to a bot.
   */
  async authenticate(botId: number, secret: string): Promise<AuthResult> {
    let auth = this.#botAuth.get(botId);
    if (auth === undefined) {
      const bot = await this.deps.store.getBot(botId);
      if (!bot) return undefined;
      auth = {
        id: bot.id,
        secret: Buffer.from(bot.token_secret),
        loggedOutUntil: bot.logged_out_until,
        firstCallMs: this.deps.clock.nowMs(),
      };
      this.#botAuth.set(botId, auth);
    }
    const given = Buffer.from(secret);
    if (given.length !== auth.secret.length || !timingSafeEqual(given, auth.secret)) return undefined;
    return { botId: auth.id, loggedOut: auth.loggedOutUntil > this.deps.clock.now() };
  }

  /** logOut: the bot's calls answer "Logged out" for the next 10 minutes. */
  async logOut(botId: number): Promise<void> {
    const until = this.deps.clock.now() + LOGGED_OUT_SECONDS;
    await this.deps.store.write(async (tx) => tx.updateBot(botId, { logged_out_until: until }));
    const auth = this.#botAuth.get(botId);
    if (auth) auth.loggedOutUntil = until;
    // Every other process drops what it remembers of the bot (its token cache, its store's cache).
    this.deps.bus.emit('rows.changed', { area: 'bot', id: botId });
  }

  /** Seconds a `close` must wait (0 = allowed now). */
  closeRetryAfter(botId: number): number {
    const auth = this.#botAuth.get(botId);
    const now = this.deps.clock.nowMs();
    if (!auth || now - this.#startedMs < CLOSE_GRACE_MS) return 0;
    const left = auth.firstCallMs + CLOSE_GRACE_MS - now;
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }
}
