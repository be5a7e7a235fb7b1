/**
 * Prepared keyboard buttons (savePreparedKeyboardButton): a bot stores a request_users or
 * request_chat button for one person, whose Mini App may then use it
 * (Telegram.WebApp.requestChat / the prepared-button request): the person picks users or a chat and
 * the bot gets a `users_shared` or `chat_shared` service message from the person in their private
 * chat, as a reply keyboard button of that type would send. request_managed_bot buttons are stored
 * but cannot be used: Parley has no managed bots (ADR 0047).
 */
import { stateOf } from '../chats/chat-access.js';
import { isPresent } from '../chats/chat-rights.js';
import { PlatformError } from '../core/errors.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { Messages } from '../messages/messages.js';
import type { Users } from '../users/users.js';
import type { WireMessage } from '../core/wire-types.js';

/** The button types savePreparedKeyboardButton takes (spec). */
export const PREPARED_BUTTON_TYPES = ['request_users', 'request_chat', 'request_managed_bot'] as const;

export interface PreparedButtonChoice {
  /** For request_users: the people (or bots) the person picks. */
  users?: string[] | undefined;
  /** For request_chat: the chat the person picks, as they see it. */
  chat?: string | undefined;
}

type Json = Record<string, unknown>;

export class PreparedButtons {
  constructor(
    private readonly deps: PlatformDeps,
    private readonly parts: { users: Users; messages: Messages },
  ) {}

  /** savePreparedKeyboardButton: the button (already checked by the surface) for `userId`. */
  async save(botId: number, userId: number, button: Json): Promise<{ id: string }> {
    const { store, clock, random } = this.deps;
    const user = await store.getUser(userId);
    if (!user || user.is_bot) throw new PlatformError('USER_NOT_FOUND', 'user not found');
    const id = random.bytes(16).toString('base64url');
    await store.write(async (tx) =>
      tx.insertPreparedKeyboardButton({
        id,
        bot_id: botId,
        user_id: userId,
        button: JSON.stringify(button),
        created_at: clock.now(),
      }),
    );
    return { id };
  }

  /** The person's Mini App uses the prepared button: the bot gets users_shared or chat_shared. */
  async use(userRef: string, buttonId: string, choice: PreparedButtonChoice): Promise<WireMessage> {
    const { users, messages } = this.parts;
    const person = await users.resolve(userRef, 'user');
    const row = await this.deps.store.getPreparedKeyboardButton(buttonId);
    if (!row || row.user_id !== person.id) {
      throw new PlatformError('BUTTON_NOT_FOUND', `no prepared button ${buttonId} of this user`);
    }
    const button = JSON.parse(row.button) as Json;
    let content: Json;
    if (isObject(button.request_users)) content = await this.#usersShared(button.request_users, choice);
    else if (isObject(button.request_chat)) {
      content = await this.#chatShared(person.id, row.bot_id, button.request_chat, choice);
    } else throw new PlatformError('BAD_REQUEST', 'Parley has no managed bots to share');
    return messages.deliverFromUser(person, String(row.bot_id), content);
  }

  async #usersShared(request: Json, choice: PreparedButtonChoice): Promise<Json> {
    const refs = choice.users ?? [];
    const max = typeof request.max_quantity === 'number' ? request.max_quantity : 1;
    if (refs.length === 0 || refs.length > max) {
      throw new PlatformError('BAD_REQUEST', `pick 1-${max} users for this button`);
    }
    const shared = [];
    for (const ref of refs) {
      const user = await this.parts.users.resolve(ref, 'any');
      if (typeof request.user_is_bot === 'boolean' && user.is_bot !== request.user_is_bot) {
        throw new PlatformError(
          'BAD_REQUEST',
          `this button asks for ${request.user_is_bot ? 'bots' : 'people'}`,
        );
      }
      if (request.user_is_premium === true) {
        throw new PlatformError('BAD_REQUEST', 'this button asks for premium users; Parley has none');
      }
      const item: Json = { user_id: user.id };
      if (request.request_name === true) {
        item.first_name = user.first_name;
        if (user.last_name) item.last_name = user.last_name;
      }
      if (request.request_username === true && user.username) item.username = user.username;
      shared.push(item);
    }
    return { users_shared: { request_id: request.request_id, users: shared } };
  }

  async #chatShared(personId: number, botId: number, request: Json, choice: PreparedButtonChoice) {
    const { store, clock } = this.deps;
    if (choice.chat === undefined) throw new PlatformError('BAD_REQUEST', 'pick a chat for this button');
    const person = await this.parts.users.resolve(personId, 'user');
    const chat = await this.parts.messages.chatForUser(store, person, choice.chat, false);
    if (!chat || chat.type === 'private')
      throw new PlatformError('CHAT_NOT_FOUND', 'no such group or channel');
    const now = clock.now();
    const mine = await stateOf(store, chat, personId, now);
    if (!isPresent(mine)) throw new PlatformError('CHAT_NOT_FOUND', 'you are not a member of that chat');
    const refuse = (why: string) => new PlatformError('BAD_REQUEST', `this button asks for ${why}`);
    if ((chat.type === 'channel') !== (request.chat_is_channel === true)) {
      throw refuse(request.chat_is_channel === true ? 'a channel' : 'a group or a supergroup');
    }
    if (request.chat_is_created === true && mine.status !== 'creator') throw refuse('a chat you own');
    if (
      typeof request.chat_has_username === 'boolean' &&
      Boolean(chat.username) !== request.chat_has_username
    ) {
      throw refuse(request.chat_has_username ? 'a chat with a username' : 'a chat without a username');
    }
    if (request.bot_is_member === true && !isPresent(await stateOf(store, chat, botId, now))) {
      throw refuse('a chat the bot is a member of');
    }
    const shared: Json = { request_id: request.request_id, chat_id: chat.id };
    if (request.request_title === true && chat.title) shared.title = chat.title;
    if (request.request_username === true && chat.username) shared.username = chat.username;
    return { chat_shared: shared };
  }
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
