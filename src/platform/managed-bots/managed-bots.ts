/**
 * Managed bots (spec "Managed bots", ManagedBotUpdated, ManagedBotCreated,
 * KeyboardButtonRequestManagedBot): a person creates a bot that another bot manages. The manager
 * gets the managed_bot update and, in its private chat with the person, the managed_bot_created
 * service message; it reads and replaces the bot's token and its access settings. A replaced token
 * stops working at once: the token cache of every process drops the bot (rows.changed). ADR 0049.
 */
import type { BotAccessSettings } from '../../wire/bot-api-types.js';
import { PlatformError } from '../core/errors.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { Chats } from '../chats/chats.js';
import type { Messages } from '../messages/messages.js';
import type { EnqueueTx, UpdateQueue } from '../updates/update-queue.js';
import { renderUser, type Users } from '../users/users.js';
import type { ChatRow, ManagedBotRow, MessageRow, UserRow } from '../../storage/store.js';

/** How many recent messages of the manager are searched for the pressed keyboard button. */
const BUTTON_SEARCH = 50;

export interface CreateManagedBot {
  owner: string | number;
  manager: string | number;
  username?: string;
  firstName?: string;
  /** The text of the request_managed_bot keyboard button the person pressed, if any. */
  button?: string;
}

export class ManagedBots {
  constructor(
    private readonly deps: PlatformDeps,
    private readonly users: Users,
    private readonly chats: Chats,
    private readonly messages: Messages,
    private readonly updates: UpdateQueue,
  ) {}

  /**
   * A person creates a bot managed by `manager`, optionally by pressing a request_managed_bot
   * keyboard button of the manager (whose suggested name and username are the defaults). One write:
   * the bot, its managed row, the service message and the update.
   */
  async create(input: CreateManagedBot): Promise<{ user: UserRow; owner: UserRow; manager: UserRow }> {
    const owner = await this.users.resolve(input.owner, 'user');
    const manager = await this.users.resolve(input.manager, 'bot');
    const suggested = input.button === undefined ? {} : await this.#pressed(owner, manager, input.button);
    const username = input.username ?? suggested.suggested_username;
    const firstName = input.firstName ?? suggested.suggested_name;
    let chat: ChatRow | undefined;
    let row: MessageRow | undefined;
    const now = this.deps.clock.now();
    const { user } = await this.users.createBot(
      { username: username ?? '', ...(firstName ? { first_name: firstName } : {}) },
      async (tx, user) => {
        await tx.insertManagedBot({
          bot_id: user.id,
          owner_id: owner.id,
          manager_id: manager.id,
          access_restricted: false,
          added_user_ids: '[]',
          created_at: now,
        });
        chat = await this.chats.ensurePrivate(tx, owner, manager);
        row = await this.messages.insertServiceMessage(tx, chat, owner.id, {
          managed_bot_created: { bot: renderUser(user) },
        });
        const payload = await this.messages.render(tx, chat, row, manager.id);
        await this.updates.enqueue(tx, manager.id, {
          type: 'message',
          payload,
          queueKey: `c${payload.chat.id}`,
          date: now,
        });
        await this.#announce(tx, manager.id, owner, user);
      },
    );
    this.updates.notify(manager.id);
    if (chat && row) this.messages.announceServiceMessage(chat, row);
    return { user, owner, manager };
  }

  /** getManagedBotToken: the token of a bot this bot manages; undefined for any other user id. */
  async token(managerId: number, botId: number): Promise<string | undefined> {
    const managed = await this.#managedBy(managerId, botId);
    const bot = managed ? await this.deps.store.getBot(botId) : undefined;
    return bot ? `${bot.id}:${bot.token_secret}` : undefined;
  }

  /**
   * replaceManagedBotToken: a new secret; the old token answers 401 from now on, on every process.
   * The manager gets managed_bot (the token changed).
   */
  async replaceToken(managerId: number, botId: number): Promise<string | undefined> {
    const secret = `AA${this.deps.random.token(33)}`;
    const done = await this.deps.store.write(async (tx) => {
      const managed = await tx.getManagedBot(botId);
      if (!managed || managed.manager_id !== managerId) return false;
      await tx.updateBot(botId, { token_secret: secret });
      const [owner, user] = await Promise.all([tx.getUser(managed.owner_id), tx.getUser(botId)]);
      if (owner && user) await this.#announce(tx, managerId, owner, user);
      return true;
    });
    if (!done) return undefined;
    // The token caches (users.ts, the store's) drop the bot here and on every other process.
    this.deps.bus.emit('rows.changed', { area: 'bot', id: botId });
    this.updates.notify(managerId);
    return `${botId}:${secret}`;
  }

  /** getManagedBotAccessSettings (BotAccessSettings); undefined for a bot this bot does not manage. */
  async accessSettings(managerId: number, botId: number): Promise<BotAccessSettings | undefined> {
    const managed = await this.#managedBy(managerId, botId);
    if (!managed) return undefined;
    if (!managed.access_restricted) return { is_access_restricted: false };
    const ids = JSON.parse(managed.added_user_ids) as number[];
    const users = await Promise.all(ids.map((id) => this.deps.store.getUser(id)));
    return {
      is_access_restricted: true,
      added_users: users.filter((u): u is UserRow => u !== undefined).map(renderUser),
    };
  }

  /**
   * setManagedBotAccessSettings: restricted or not, with up to 10 other users (people that exist;
   * ignored when not restricted). Answers false for a bot this bot does not manage.
   */
  async setAccessSettings(managerId: number, botId: number, restricted: boolean, userIds: number[]) {
    return this.deps.store.write(async (tx) => {
      const managed = await tx.getManagedBot(botId);
      if (!managed || managed.manager_id !== managerId) return false;
      const added: number[] = [];
      if (restricted) {
        for (const id of userIds) {
          const user = await tx.getUser(id);
          if (!user || user.is_bot) throw new PlatformError('USER_NOT_FOUND', `no user ${id}`);
          if (id !== managed.owner_id && !added.includes(id)) added.push(id);
        }
      }
      await tx.updateManagedBot(botId, {
        access_restricted: restricted,
        added_user_ids: JSON.stringify(added),
      });
      return true;
    });
  }

  async #managedBy(managerId: number, botId: number): Promise<ManagedBotRow | undefined> {
    const managed = await this.deps.store.getManagedBot(botId);
    return managed && managed.manager_id === managerId ? managed : undefined;
  }

  async #announce(tx: EnqueueTx, managerId: number, owner: UserRow, bot: UserRow): Promise<void> {
    await this.updates.enqueue(tx, managerId, {
      type: 'managed_bot',
      payload: { user: renderUser(owner), bot: renderUser(bot) },
      queueKey: `u${owner.id}`,
      date: this.deps.clock.now(),
    });
  }

  /** The request_managed_bot button with this text on a recent reply keyboard of the manager. */
  async #pressed(owner: UserRow, manager: UserRow, text: string) {
    const { store } = this.deps;
    const chat = await store.getPrivateChat(owner.id, manager.id);
    const rows = chat ? await store.listMessages(chat.pk, { limit: BUTTON_SEARCH }) : [];
    for (const row of [...rows].reverse()) {
      if (row.sender_id !== manager.id) continue;
      const markup = (JSON.parse(row.body) as { _client_markup?: { keyboard?: unknown } })._client_markup;
      const keyboard = Array.isArray(markup?.keyboard) ? (markup.keyboard as unknown[][]) : [];
      for (const button of keyboard.flat()) {
        if (typeof button !== 'object' || button === null) continue;
        const { text: label, request_managed_bot: request } = button as Record<string, unknown>;
        if (label === text && typeof request === 'object' && request !== null) {
          return request as { suggested_name?: string; suggested_username?: string };
        }
      }
    }
    throw new PlatformError('BUTTON_NOT_FOUND', `no request_managed_bot button "${text}" of the bot`);
  }
}
