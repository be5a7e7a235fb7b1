/**
 * Business accounts (spec "Business accounts", BusinessConnection, BusinessBotRights): a person
 * connects a bot to their account with chosen rights (the bot gets business_connection), the bot
 * acts on the account's behalf within them, and disconnecting ends it. Messages of the account's
 * chats reach the bot through business-relay.ts; sends on its behalf through send-on-behalf.ts.
 * One bot is connected to an account at a time: connecting another disables the first. ADR 0049.
 */
import type { BusinessConnection } from '../../wire/bot-api-types.js';
import { PlatformError } from '../core/errors.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { EnqueueTx, UpdateQueue } from '../updates/update-queue.js';
import { renderUser, type Users } from '../users/users.js';
import type { BusinessConnectionRow, BusinessProfileRow, UserRow } from '../../storage/store.js';
import { normalizeRights, parseRights, type BusinessRight } from './business-rights.js';
import { usableConnection } from './usable-connection.js';
import { businessTarget } from './send-on-behalf.js';

export class Business {
  constructor(
    private readonly deps: PlatformDeps,
    private readonly users: Users,
    private readonly updates: UpdateQueue,
  ) {}

  /**
   * A person connects a bot to their account (which makes it a business account), or changes the
   * rights of the bot connected already. The bot gets business_connection; a bot connected before
   * is disabled and gets business_connection with is_enabled false.
   */
  async connect(
    userRef: string | number,
    botRef: string | number,
    rights: Partial<Record<string, boolean | undefined>>,
  ): Promise<BusinessConnection> {
    const user = await this.users.resolve(userRef, 'user');
    const bot = await this.users.resolve(botRef, 'bot');
    const now = this.deps.clock.now();
    const { row, notify } = await this.deps.store.write(async (tx) => {
      const notify: number[] = [];
      // One enabled connection an account: a decision on rows another connect may write (ADR 0129).
      await tx.guardWrite(`business:${user.id}`);
      const current = await tx.getEnabledBusinessConnectionOf(user.id);
      if (current && current.bot_id !== bot.id) {
        const off = { ...current, is_enabled: false, date: now };
        await tx.saveBusinessConnection(off);
        if (await this.#announce(tx, off, user)) notify.push(off.bot_id);
      }
      const before = await tx.getBusinessConnectionOf(user.id, bot.id);
      const row: BusinessConnectionRow = {
        id: before?.id ?? this.#newId(),
        user_id: user.id,
        bot_id: bot.id,
        rights: JSON.stringify(normalizeRights(rights)),
        is_enabled: true,
        date: now,
      };
      await tx.saveBusinessConnection(row);
      if (!(await tx.getBusinessProfile(user.id))) await tx.setBusinessProfile(emptyProfile(user.id));
      if (await this.#announce(tx, row, user)) notify.push(bot.id);
      return { row, notify };
    });
    for (const botId of notify) this.updates.notify(botId);
    return renderConnection(row, user);
  }

  /** A person disconnects the bot: it gets business_connection with is_enabled false. */
  async disconnect(userRef: string | number, botRef: string | number): Promise<BusinessConnection> {
    const user = await this.users.resolve(userRef, 'user');
    const bot = await this.users.resolve(botRef, 'bot');
    const { row, queued } = await this.deps.store.write(async (tx) => {
      const before = await tx.getBusinessConnectionOf(user.id, bot.id);
      if (!before || !before.is_enabled) {
        throw new PlatformError('BUSINESS_CONNECTION_NOT_FOUND', 'the bot is not connected to this account');
      }
      const row = { ...before, is_enabled: false, date: this.deps.clock.now() };
      await tx.saveBusinessConnection(row);
      return { row, queued: await this.#announce(tx, row, user) };
    });
    if (queued) this.updates.notify(bot.id);
    return renderConnection(row, user);
  }

  /** getBusinessConnection: a connection of this bot, enabled or not. */
  async get(botId: number, connectionId: string): Promise<BusinessConnection> {
    const { store } = this.deps;
    const row = await store.getBusinessConnection(connectionId);
    const user = row && row.bot_id === botId ? await store.getUser(row.user_id) : undefined;
    if (!row || !user)
      throw new PlatformError('BUSINESS_CONNECTION_NOT_FOUND', 'business connection not found');
    return renderConnection(row, user);
  }

  /** The checks of a send on the account's behalf, before anything is stored (send-on-behalf.ts). */
  async checkTarget(bot: UserRow, connectionId: string, chatId: number): Promise<void> {
    await businessTarget(this.deps.store, this.deps.clock.now(), bot, connectionId, chatId);
  }

  /** The account behind a usable connection with `right` (the checks of usableConnection). */
  async account(botId: number, connectionId: string, right?: BusinessRight): Promise<UserRow> {
    const connection = await usableConnection(this.deps.store, botId, connectionId, right);
    return this.users.resolve(connection.user_id, 'user');
  }

  async #announce(tx: EnqueueTx, row: BusinessConnectionRow, user: UserRow): Promise<boolean> {
    const queued = await this.updates.enqueue(tx, row.bot_id, {
      type: 'business_connection',
      payload: renderConnection(row, user),
      queueKey: `u${user.id}`,
      date: row.date,
    });
    return queued !== null;
  }

  /**
   * Connection ids look like the reference's: opaque, URL-safe; never with a leading "-", which a
   * command line would read as an option.
   */
  #newId(): string {
    return this.deps.random.token(22).replace(/^-/, 'A');
  }
}

export function emptyProfile(userId: number): BusinessProfileRow {
  return { user_id: userId, bio: null, photo_file_pk: null, public_photo_file_pk: null, gift_settings: null };
}

/** The BusinessConnection object (spec): rights only when some are given. */
export function renderConnection(row: BusinessConnectionRow, user: UserRow): BusinessConnection {
  const rights = parseRights(row.rights);
  return {
    id: row.id,
    user: renderUser(user),
    user_chat_id: user.id,
    date: row.date,
    ...(Object.keys(rights).length > 0 ? { rights } : {}),
    is_enabled: row.is_enabled,
  };
}
