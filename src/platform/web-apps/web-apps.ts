/**
 * Mini Apps (docs/mini-apps.md, ADR 0047). A person opens a bot's Mini App from its menu button, an
 * inline keyboard button or a reply keyboard button of a message in their private chat with the bot,
 * and the client hands the app its launch data, signed with the bot's token (`hash`) and with
 * Parley's Ed25519 key (`signature`, launch-data.ts). An app opened from the menu button or an
 * inline button gets a `query_id`, which the bot answers once with answerWebAppQuery: an inline
 * result sent as a message from the person, via the bot. An app opened from a reply keyboard button
 * gets empty launch data (as on the reference platform) and may send data back instead: the bot
 * gets a `web_app_data` service message from the person.
 */
import { PlatformError } from '../core/errors.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { CallbackQueries } from '../messages/callback-queries.js';
import type { Files } from '../files/files.js';
import type { Messages } from '../messages/messages.js';
import type { BotSettings } from '../users/bot-settings.js';
import type { StoredResult } from '../inline/inline-queries.js';
import { renderUser, type Users } from '../users/users.js';
import { signLaunchData } from './launch-data.js';
import { sendResultAsPerson, type InlineSent } from './inline-send.js';
import { WebAppSigningKey } from './signing-key.js';
import type { LaunchSigner, OpenedWebApp, WebAppSource } from './launch-types.js';
import { PreparedMessages } from './prepared-messages.js';
import { PreparedButtons } from './prepared-buttons.js';
import { issueJoinRequestQuery, JoinRequestQueries } from './join-request-queries.js';
import type { JoinRequests } from '../chats/join-requests.js';
import type { Chats } from '../chats/chats.js';
import type { Members } from '../chats/members.js';
import type { UpdateQueue } from '../updates/update-queue.js';
import type { ChatRow, MessageRow, UserRow } from '../../storage/store.js';
import type { WireMessage } from '../core/wire-types.js';

/** A Mini App query may be answered once while it is kept: a day (ADR 0047). */
export const WEB_APP_QUERY_LIFETIME = 86_400;
/** Telegram.WebApp.sendData: at most 4096 bytes. */
export const MAX_WEB_APP_DATA_BYTES = 4096;
/** The Bot API version the launch URL names (tgWebAppVersion). */
const WEB_APP_VERSION = '10.1';

export type { OpenedWebApp, WebAppSource } from './launch-types.js';

export interface OpenWebAppInput {
  /** A message of the private chat with the bot, and the text of its web_app button. */
  messageId?: number | undefined;
  button?: string | undefined;
}

interface Found {
  url: string;
  source: WebAppSource;
  buttonText?: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The web_app buttons of an inline keyboard or a reply keyboard. */
function webAppButtons(markup: unknown, key: 'inline_keyboard' | 'keyboard') {
  const rows = isObject(markup) && Array.isArray(markup[key]) ? (markup[key] as unknown[]) : [];
  const found: Array<{ text: string; url: string }> = [];
  for (const row of rows) {
    if (!Array.isArray(row)) continue;
    for (const button of row) {
      if (!isObject(button) || !isObject(button.web_app)) continue;
      if (typeof button.text === 'string' && typeof button.web_app.url === 'string') {
        found.push({ text: button.text, url: button.web_app.url });
      }
    }
  }
  return found;
}

export interface WebAppParts {
  users: Users;
  chats: Chats;
  messages: Messages;
  updates: UpdateQueue;
  files: Files;
  botSettings: BotSettings;
  callbackQueries: CallbackQueries;
  members: Members;
  /** The kernel's join requests, where this feature registers its query issuer (ADR 0111). */
  joinRequests: JoinRequests;
}

export class WebApps implements LaunchSigner {
  readonly key: WebAppSigningKey;
  /** savePreparedInlineMessage and the Mini App's sharing of it. */
  readonly preparedMessages: PreparedMessages;
  /** savePreparedKeyboardButton and the Mini App's use of it. */
  readonly preparedButtons: PreparedButtons;
  /** Join-request queries and their Mini Apps. */
  readonly joinRequests: JoinRequestQueries;

  constructor(
    private readonly deps: PlatformDeps,
    private readonly parts: WebAppParts,
  ) {
    this.key = new WebAppSigningKey(deps);
    this.preparedMessages = new PreparedMessages(deps, parts);
    this.preparedButtons = new PreparedButtons(deps, parts);
    const groupContext = { deps, ...parts };
    this.joinRequests = new JoinRequestQueries(groupContext, parts.members, this);
    parts.joinRequests.setQueryIssuer((tx, chat, userId, now) =>
      issueJoinRequestQuery(tx, chat, userId, now, deps.random),
    );
  }

  /** Parley's Ed25519 public key of launch data signatures, as 64 hex digits. */
  async publicKey(): Promise<string> {
    return (await this.key.get()).publicKeyHex;
  }

  /** A person opens a bot's Mini App: its menu button's, or a web_app button's of a message. */
  async open(userRef: string, botRef: string, input: OpenWebAppInput): Promise<OpenedWebApp> {
    const { users, messages } = this.parts;
    const user = await users.resolve(userRef, 'user');
    const bot = await users.resolve(botRef, 'bot');
    // Found before anything is written: a refused opening changes nothing.
    const existing = await this.deps.store.getPrivateChat(user.id, bot.id);
    let found: Found;
    if (input.messageId !== undefined) {
      if (!existing)
        throw new PlatformError('MESSAGE_NOT_FOUND', `no message ${input.messageId} in this chat`);
      found = await this.#messageButton(existing, input.messageId, input.button ?? '');
    } else found = await this.#menuButton(bot, existing?.pk ?? null);
    if (found.source === 'keyboard_button') return this.#opened(found, '');
    const now = this.deps.clock.now();
    const queryId = this.#id();
    const chat = await this.deps.store.write(async (tx) => {
      const chat = (await messages.chatForUser(tx, user, String(bot.id), true))!;
      await tx.deleteWebAppQueriesBefore(now - WEB_APP_QUERY_LIFETIME);
      await tx.insertWebAppQuery({
        id: queryId,
        bot_id: bot.id,
        user_id: user.id,
        chat_pk: chat.pk,
        created_at: now,
        answered_at: null,
      });
      return chat;
    });
    const fields: Record<string, string> = {
      query_id: queryId,
      user: JSON.stringify({ ...renderUser(user), allows_write_to_pm: true }),
      auth_date: String(now),
    };
    if (found.source === 'inline_button') {
      fields.chat_type = 'sender';
      fields.chat_instance = this.parts.callbackQueries.chatInstance(bot.id, chat.pk);
    }
    const initData = await this.sign(bot, fields);
    return { ...this.#opened(found, initData), query_id: queryId };
  }

  /** Signs launch fields for the bot (its token's hash and Parley's signature). */
  async sign(bot: UserRow, fields: Record<string, string>): Promise<string> {
    const botRow = await this.deps.store.getBot(bot.id);
    if (!botRow) throw new PlatformError('BOT_NOT_FOUND', `no bot ${bot.id}`);
    const { privateKey } = await this.key.get();
    const botToken = `${bot.id}:${botRow.token_secret}`;
    return signLaunchData({ fields, botId: bot.id, botToken, privateKey });
  }

  /** The URL the client loads for the app: the launch parameters in its fragment. */
  launchUrl(url: string, initData: string): string {
    const fragment = new URLSearchParams({
      tgWebAppData: initData,
      tgWebAppVersion: WEB_APP_VERSION,
      tgWebAppPlatform: 'parley',
    });
    return `${url.split('#')[0]}#${fragment.toString()}`;
  }

  #opened(found: Found, initData: string): OpenedWebApp {
    return {
      url: found.url,
      init_data: initData,
      launch_url: this.launchUrl(found.url, initData),
      source: found.source,
      ...(found.buttonText !== undefined ? { button_text: found.buttonText } : {}),
    };
  }

  async #menuButton(bot: UserRow, chatPk: number | null): Promise<Found> {
    const button = await this.parts.botSettings.getMenuButton(bot.id, chatPk);
    if (button.type !== 'web_app') {
      throw new PlatformError('BUTTON_NOT_FOUND', `@${bot.username} has no Mini App in its menu button`);
    }
    return { url: button.web_app.url, source: 'menu_button', buttonText: button.text };
  }

  async #messageButton(chat: ChatRow, messageId: number, text: string): Promise<Found> {
    const row = await this.deps.store.getMessage(chat.pk, messageId);
    if (!row) throw new PlatformError('MESSAGE_NOT_FOUND', `no message ${messageId} in this chat`);
    const body = JSON.parse(row.body) as Record<string, unknown>;
    const inline = webAppButtons(body.reply_markup, 'inline_keyboard').find((b) => b.text === text);
    if (inline) return { url: inline.url, source: 'inline_button', buttonText: text };
    const keyboard = webAppButtons(body._client_markup, 'keyboard').find((b) => b.text === text);
    if (keyboard) return { url: keyboard.url, source: 'keyboard_button', buttonText: text };
    throw new PlatformError('BUTTON_NOT_FOUND', `message ${messageId} has no Mini App button "${text}"`);
  }

  /**
   * A Mini App opened from a reply keyboard button sends data (Telegram.WebApp.sendData): the bot
   * gets a `web_app_data` service message from the person. The button must be on the reply keyboard
   * the bot shows the person now (the newest of its messages that set or removed one).
   */
  async sendData(userRef: string, botRef: string, buttonText: string, data: string): Promise<WireMessage> {
    const { users, messages } = this.parts;
    const user = await users.resolve(userRef, 'user');
    const bot = await users.resolve(botRef, 'bot');
    const bytes = Buffer.byteLength(data);
    if (bytes === 0 || bytes > MAX_WEB_APP_DATA_BYTES) {
      throw new PlatformError('BAD_REQUEST', `data must be 1-${MAX_WEB_APP_DATA_BYTES} bytes`);
    }
    const chat = await this.deps.store.getPrivateChat(user.id, bot.id);
    const keyboard = chat ? await this.#shownKeyboard(chat, bot.id) : undefined;
    if (!keyboard?.some((b) => b.text === buttonText)) {
      throw new PlatformError(
        'BUTTON_NOT_FOUND',
        `@${bot.username} shows no reply keyboard with a Mini App button "${buttonText}"`,
      );
    }
    return messages.deliverFromUser(user, String(bot.id), {
      web_app_data: { data, button_text: buttonText },
    });
  }

  /** The web_app buttons of the reply keyboard the bot shows in this chat, if any. */
  async #shownKeyboard(chat: ChatRow, botId: number) {
    const recent: MessageRow[] = await this.deps.store.listMessages(chat.pk, { limit: 200 });
    for (const row of recent.reverse()) {
      if (row.sender_id !== botId) continue;
      const body = JSON.parse(row.body) as Record<string, unknown>;
      const markup = body._client_markup;
      if (!isObject(markup)) continue;
      if (Array.isArray(markup.keyboard)) return webAppButtons(markup, 'keyboard');
      if (markup.remove_keyboard === true) return undefined;
    }
    return undefined;
  }

  /**
   * answerWebAppQuery: once per query, by its bot, while the query is kept. The result's message
   * goes from the person, via the bot, into their private chat with the bot.
   */
  async answer(botId: number, queryId: string, result: StoredResult): Promise<InlineSent> {
    const { store, clock } = this.deps;
    const invalid = () => new PlatformError('QUERY_INVALID', 'query is too old or query ID is invalid');
    const row = await store.getWebAppQuery(queryId);
    const now = clock.now();
    if (!row || row.bot_id !== botId || row.answered_at !== null) throw invalid();
    if (now - row.created_at > WEB_APP_QUERY_LIFETIME) throw invalid();
    const person = await this.parts.users.resolve(row.user_id, 'user');
    const bot = await this.parts.users.resolve(botId, 'bot');
    return sendResultAsPerson(this.#sendParts(), person, bot, String(botId), result, async (tx) => {
      if (!(await tx.answerWebAppQuery(queryId, now))) throw invalid();
    });
  }

  #sendParts() {
    return { deps: this.deps, files: this.parts.files, messages: this.parts.messages };
  }

  /** Query ids look like the reference's: `AA` and base64url. */
  #id(): string {
    return `AA${this.deps.random.bytes(24).toString('base64url')}`;
  }
}
