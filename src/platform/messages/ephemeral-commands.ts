/**
 * A person's ephemeral command (Bot API 10.2, ADR 0080): a command a bot of a group declared
 * ephemeral (BotCommand.is_ephemeral), sent as ephemeral, reaches that bot only, as an ephemeral
 * message (`message_id` 0, `ephemeral_message_id`, `from` the person, `receiver_user` the bot). It is
 * stored with the bot's ephemeral messages (ports/ephemeral.ts), so that no list, update or
 * transcript of the chat shows it; the sender sees it in their own list (EphemeralMessages
 * .listForUser). The bot may answer it ephemerally within 15 s (EphemeralMessages.send, `replyTo`).
 */
import { checkUserCanSend } from '../chats/chat-access.js';
import { isAdmin, isPresent, memberState } from '../chats/chat-rights.js';
import { PlatformError } from '../core/errors.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { MessageContent, WireMessage } from '../core/wire-types.js';
import { codePointLength, detectEntities } from '../formatting/index.js';
import type { UpdateQueue } from '../updates/update-queue.js';
import type { BotSettings } from '../users/bot-settings.js';
import type { Users } from '../users/users.js';
import type { EphemeralMessages } from './ephemeral-messages.js';
import { MAX_TEXT_LENGTH, type Messages } from './messages.js';
import type { ChatRow, UserRow } from '../../storage/store.js';

/** `/command` or `/command@bot` at the start of the text, as a bot_command entity reads it. */
const COMMAND = /^\/([A-Za-z0-9_]{1,32})(?:@([A-Za-z0-9_]{1,64}))?(?=\s|$)/;

const notEphemeralCommand = () =>
  new PlatformError(
    'EPHEMERAL_INVALID',
    'the text must start with a command that a bot of the chat declared ephemeral (BotCommand.is_ephemeral)',
    { reason: 'COMMAND' },
  );

export class EphemeralCommands {
  constructor(
    private readonly deps: PlatformDeps,
    private readonly users: Users,
    private readonly messages: Messages,
    private readonly ephemeral: EphemeralMessages,
    private readonly botSettings: BotSettings,
    private readonly updates: UpdateQueue,
  ) {}

  /** A person sends `text`, a command a bot declared ephemeral; answers it as the person sees it. */
  async send(userRef: string, chatRef: string, text: string): Promise<WireMessage> {
    const { store, clock } = this.deps;
    const user = await this.users.resolve(userRef, 'user');
    const trimmed = typeof text === 'string' ? text.trim() : '';
    if (trimmed === '') throw new PlatformError('MESSAGE_TEXT_EMPTY', 'text is empty');
    if (codePointLength(trimmed) > MAX_TEXT_LENGTH) {
      throw new PlatformError('MESSAGE_TOO_LONG', `text is longer than ${MAX_TEXT_LENGTH} characters`);
    }
    const content: MessageContent = { text: trimmed, entities: detectEntities(trimmed) };
    // The bot is found before the write: its command lists are settings, read from the store.
    const found = await this.messages.chatForUser(store, user, chatRef, false);
    if (!found) throw new PlatformError('CHAT_NOT_FOUND', `no chat "${chatRef}"`);
    if (found.type !== 'group' && found.type !== 'supergroup') {
      throw new PlatformError(
        'EPHEMERAL_INVALID',
        'ephemeral commands can be sent in groups and supergroups only',
        {
          reason: 'CHAT',
        },
      );
    }
    const bot = await this.#declaringBot(found, user, trimmed);
    const sent = await store.write(async (tx) => {
      const chat = (await this.messages.chatForUser(tx, user, chatRef, false)) ?? found;
      const now = clock.now();
      await checkUserCanSend(tx, chat, user, now, content);
      if (!isPresent(memberState(await tx.getMember(chat.pk, bot.id), now))) throw notEphemeralCommand();
      const newest = await tx.listMessages(chat.pk, { limit: 1 });
      const row = await tx.insertEphemeralMessage({
        chat_pk: chat.pk,
        receiver_id: bot.id,
        sender_id: user.id,
        after_message_id: newest[0]?.message_id ?? 0,
        date: now,
        edit_date: null,
        body: JSON.stringify(content),
      });
      const payload = await this.ephemeral.render(tx, chat, row, bot.id);
      await this.updates.enqueue(tx, bot.id, {
        type: 'message',
        payload,
        queueKey: `c${payload.chat.id}`,
        date: now,
      });
      return { chat, row, bot };
    });
    this.updates.notify(sent.bot.id);
    // The sender's own apps re-read the chat (web/methods/events.ts); no one else hears of it.
    this.deps.bus.emit('message.created', {
      chatPk: sent.chat.pk,
      messageId: 0,
      senderId: user.id,
      recipients: [user.id],
    });
    return this.ephemeral.render(store, sent.chat, sent.row, user.id);
  }

  /**
   * The bot the command is for: the one it names (`/cmd@bot`), else the one bot of the chat that
   * declared it; it must have declared the command ephemeral in the list this person sees.
   */
  async #declaringBot(chat: ChatRow, user: UserRow, text: string): Promise<UserRow> {
    const match = COMMAND.exec(text);
    if (!match) throw notEphemeralCommand();
    const command = match[1]!.toLowerCase();
    const named = match[2]?.toLowerCase();
    const { store, clock } = this.deps;
    const admin = isAdmin(memberState(await store.getMember(chat.pk, user.id), clock.now()));
    const found: UserRow[] = [];
    for (const botId of await this.messages.botsOf(store, chat, user.id)) {
      const bot = await store.getUser(botId);
      if (!bot || !isPresent(memberState(await store.getMember(chat.pk, botId), clock.now()))) continue;
      if (named !== undefined && bot.username?.toLowerCase() !== named) continue;
      const commands = await this.botSettings.commandsFor(botId, chat, user.id, admin, user.language_code);
      if (commands.some((each) => each.command === command && each.is_ephemeral === true)) found.push(bot);
    }
    // Two bots declaring the same command: the person names one (`/cmd@bot`), as a client would.
    if (found.length !== 1) throw notEphemeralCommand();
    return found[0]!;
  }
}
