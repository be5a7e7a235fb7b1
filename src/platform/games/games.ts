/**
 * Games (spec Games; ADR 0044). An operator registers a game for a bot through the control API (the
 * reference platform's BotFather step); the bot sends it with sendGame; a person presses its
 * callback_game button (callback-queries.ts gives the bot `game_short_name`); the bot records
 * scores with setGameScore and reads the table with getGameHighScores.
 *
 * Scores are kept per game and chat: the high-score table of a game message is the table of its
 * game in its chat (an inline message's chat is the chat it was sent to). A score that is not
 * greater than the user's current one is refused (BOT_SCORE_NOT_MODIFIED) unless `force`. Unless
 * `disable_edit_message`, the game message's `text` becomes the chat's top scores, as the
 * reference platform edits the message to show its scoreboard.
 */
import type { Chats } from '../chats/chats.js';
import { PlatformError } from '../core/errors.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { MessageContent, WireMessage, WireUser } from '../core/wire-types.js';
import type { Files, WirePhotoSize } from '../files/files.js';
import { drawGamePhoto, GAME_PHOTO_SIZES } from './game-photo.js';
import type { Messages } from '../messages/messages.js';
import type { EditRef } from '../messages/message-edits.js';
import { renderUser, type Users } from '../users/users.js';
import {
  UniqueViolation,
  type ChatRow,
  type GameRow,
  type MessageRow,
  type UserRow,
} from '../../storage/store.js';
import type { InlineReader } from '../../storage/ports/inline.js';
import type { ChatsReader } from '../../storage/ports/chats.js';
import type { MessagesReader } from '../../storage/ports/messages.js';
import type { UsersReader } from '../../storage/ports/users.js';
import type { GamesReader } from '../../storage/ports/games.js';

/** A short name as BotFather takes it: letters, digits and underscores (ADR 0044). */
const SHORT_NAME = /^[A-Za-z0-9_]{3,64}$/;
export const GAME_TITLE_MAX = 64;
export const GAME_DESCRIPTION_MAX = 512;
/** Rows of the scoreboard the game message shows. */
const SCOREBOARD_ROWS = 3;

/** What the control API shows of a registered game. */
export interface GameRecord {
  bot_id: number;
  short_name: string;
  title: string;
  description: string;
}

export interface GameHighScore {
  position: number;
  user: WireUser;
  score: number;
}

export interface ScoreOptions {
  force: boolean;
  disableEditMessage: boolean;
}

/** The Game object of a message (spec Game); Parley's games have a drawn photo and no animation. */
export function gameContent(game: GameRow, photo: WirePhotoSize[]): Record<string, unknown> {
  return { title: game.title, description: game.description, photo };
}

export class Games {
  constructor(
    private readonly deps: PlatformDeps,
    private readonly users: Users,
    private readonly chats: Chats,
    private readonly messages: Messages,
    private readonly files: Files,
  ) {}

  /** An operator registers a game for a bot (control API). */
  async register(
    botRef: string | number,
    input: { short_name: string; title: string; description: string },
  ): Promise<GameRecord> {
    const bot = await this.users.resolve(botRef, 'bot');
    const shortName = input.short_name.trim();
    if (!SHORT_NAME.test(shortName)) {
      throw new PlatformError(
        'GAME_SHORT_NAME_INVALID',
        'short_name must be 3-64 letters, digits or underscores',
      );
    }
    const title = input.title.trim();
    if (title === '' || [...title].length > GAME_TITLE_MAX)
      throw new PlatformError('BAD_REQUEST', `title must be 1-${GAME_TITLE_MAX} characters`);
    const description = input.description.trim();
    if (description === '' || [...description].length > GAME_DESCRIPTION_MAX) {
      throw new PlatformError('BAD_REQUEST', `description must be 1-${GAME_DESCRIPTION_MAX} characters`);
    }
    const row: GameRow = {
      bot_id: bot.id,
      short_name: shortName,
      title,
      description,
      created_at: this.deps.clock.now(),
    };
    try {
      await this.deps.store.write(async (tx) => tx.insertGame(row));
    } catch (error) {
      if (error instanceof UniqueViolation) {
        throw new PlatformError('GAME_SHORT_NAME_OCCUPIED', `the bot has a game "${shortName}" already`);
      }
      throw error;
    }
    return { bot_id: bot.id, short_name: shortName, title, description };
  }

  /**
   * sendGame: a game message with the bot's game; without an inline keyboard it gets one button,
   * "Play <title>", that launches the game (spec sendGame reply_markup). Not to channels.
   */
  async send(
    bot: UserRow,
    chatId: number,
    shortName: string,
    content: MessageContent,
    replyTo?: { messageId: number; allowWithout: boolean },
  ): Promise<WireMessage> {
    const { store } = this.deps;
    const chat = await this.chats.resolveForViewer(store, bot, chatId);
    if (chat.type === 'channel')
      throw new PlatformError('GAME_IN_CHANNEL', "games can't be sent to channel chats");
    const game = await store.getGame(bot.id, shortName);
    if (!game) throw new PlatformError('GAME_SHORT_NAME_INVALID', `the bot has no game "${shortName}"`);
    const markup = content.reply_markup ?? {
      inline_keyboard: [[{ text: `Play ${game.title}`, callback_game: {} }]],
    };
    const { _client_markup: _ignored, ...rest } = content;
    const photo = await this.#photo(game, bot.id);
    return this.messages.sendFromBot(
      bot,
      chatId,
      { game: gameContent(game, photo), ...rest, reply_markup: markup, _game: game.short_name },
      replyTo,
    );
  }

  /**
   * The game's photo as the sending bot sees it (every other viewer gets its own file_ids when the
   * message is rendered): drawn and stored as files at the game's first send, found at later sends
   * (ADR 0086) rather than drawn again.
   */
  async #photo(game: GameRow, botId: number): Promise<WirePhotoSize[]> {
    const key = `game-photo:v1:${game.bot_id}:${game.short_name}`;
    const files = await this.files.media.once(key, 'game_photo', async () => {
      const drawn = [];
      for (const [width, height] of GAME_PHOTO_SIZES) {
        drawn.push(
          await this.files.storeForPerson(
            'photo',
            { data: drawGamePhoto(game, width, height), filename: '', mimeType: 'image/png' },
            { width, height, mimeType: 'image/png' },
          ),
        );
      }
      return drawn;
    });
    const sizes: WirePhotoSize[] = [];
    for (const file of files) {
      const size = {
        file_id: '',
        file_unique_id: file.unique_id,
        file_size: file.size,
        width: file.width ?? 0,
        height: file.height ?? 0,
      };
      await this.files.bindFileIds(this.deps.store, botId, size);
      sizes.push(size);
    }
    return sizes;
  }

  /**
   * setGameScore: records the user's score in the game of the message, and (unless disabled)
   * shows the chat's top scores in the message. Answers the message as the bot sees it, or true for
   * an inline message. One write: a refused call changes nothing.
   */
  async setScore(
    bot: UserRow,
    ref: EditRef,
    userId: number,
    score: number,
    options: ScoreOptions,
  ): Promise<WireMessage | true> {
    const { store, clock, bus } = this.deps;
    if (!Number.isSafeInteger(score) || score < 0)
      throw new PlatformError('GAME_SCORE_INVALID', 'score must be non-negative');
    const done = await store.write(async (tx) => {
      const { chat, row, shortName } = await this.#gameMessage(tx, bot, ref);
      const user = await tx.getUser(userId);
      if (!user) throw new PlatformError('USER_NOT_FOUND', 'user not found');
      const current = await tx.getGameScore(bot.id, shortName, chat.pk, userId);
      if (current && !options.force && score <= current.score) {
        throw new PlatformError(
          'BOT_SCORE_NOT_MODIFIED',
          'the new score is not greater than the current one',
        );
      }
      const now = clock.now();
      await tx.setGameScore({
        bot_id: bot.id,
        short_name: shortName,
        chat_pk: chat.pk,
        user_id: userId,
        score,
        updated_at: now,
      });
      if (options.disableEditMessage) return { chat, row, edited: false };
      const table = await this.#table(tx, bot.id, shortName, chat.pk);
      const content = JSON.parse(row.body) as MessageContent;
      const game = { ...(content.game as Record<string, unknown>) };
      game.text = table
        .slice(0, SCOREBOARD_ROWS)
        .map((entry) => `${entry.position}. ${entry.user.first_name}: ${entry.score}`)
        .join('\n');
      const body = JSON.stringify({ ...content, game });
      if (body === row.body) return { chat, row, edited: false };
      await tx.updateMessage(chat.pk, row.message_id, body, now);
      return { chat, row: { ...row, body, edit_date: now }, edited: true };
    });
    if (done.edited) bus.emit('message.changed', { chatPk: done.chat.pk, messageId: done.row.message_id });
    if ('inlineMessageId' in ref) return true;
    return this.messages.render(store, done.chat, done.row, bot.id);
  }

  /**
   * getGameHighScores: the top of the game's table in the chat and the user with their neighbours
   * (one above, one below), in table order.
   */
  async highScores(bot: UserRow, ref: EditRef, userId: number): Promise<GameHighScore[]> {
    const { store } = this.deps;
    const { chat, shortName } = await this.#gameMessage(store, bot, ref);
    if (!(await store.getUser(userId))) throw new PlatformError('USER_NOT_FOUND', 'user not found');
    const table = await this.#table(store, bot.id, shortName, chat.pk);
    const at = table.findIndex((entry) => entry.user.id === userId);
    return table.filter((_, i) => i < SCOREBOARD_ROWS || (at >= 0 && Math.abs(i - at) <= 1));
  }

  /** The chat's high-score table of a game, with positions (1 = best). */
  async #table(
    reader: GamesReader & UsersReader,
    botId: number,
    shortName: string,
    chatPk: number,
  ): Promise<GameHighScore[]> {
    const rows = await reader.listGameScores(botId, shortName, chatPk);
    const table: GameHighScore[] = [];
    for (const row of rows) {
      const user = await reader.getUser(row.user_id);
      if (user) table.push({ position: table.length + 1, user: renderUser(user), score: row.score });
    }
    return table;
  }

  /** The game message a call names: the bot's own message with a game, in a chat or inline. */
  async #gameMessage(
    reader: ChatsReader & InlineReader & MessagesReader & UsersReader,
    bot: UserRow,
    ref: EditRef,
  ): Promise<{ chat: ChatRow; row: MessageRow; shortName: string }> {
    let chat: ChatRow | undefined;
    let row: MessageRow | undefined;
    if ('inlineMessageId' in ref) {
      const inline = await reader.getInlineMessage(ref.inlineMessageId);
      chat = inline && inline.bot_id === bot.id ? await reader.getChat(inline.chat_pk) : undefined;
      row = inline && chat ? await reader.getMessage(chat.pk, inline.message_id) : undefined;
      if (!chat || !row) throw new PlatformError('INLINE_MESSAGE_ID_INVALID', 'no such inline message');
    } else {
      chat = await this.chats.resolveForViewer(reader, bot, ref.chatId);
      row = await reader.getMessage(chat.pk, ref.messageId);
      if (!row) throw new PlatformError('MESSAGE_TO_EDIT_NOT_FOUND', 'message to edit not found');
    }
    const content = JSON.parse(row.body) as MessageContent;
    const shortName = content._game;
    const own = row.sender_id === bot.id || 'inlineMessageId' in ref;
    if (!own || typeof shortName !== 'string' || content.game === undefined) {
      throw new PlatformError('GAME_MESSAGE_INVALID', 'the message is not a game of the bot');
    }
    return { chat, row, shortName };
  }
}
