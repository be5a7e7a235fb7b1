/**
 * A person blocking and unblocking a bot, and a bot's privacy mode.
 *
 * Blocking sets the bot's status in the private chat to `kicked` (unblocking back to `member`); the
 * bot gets my_chat_member, the only my_chat_member of private chats (spec Update), and while it is
 * blocked its sends answer 403 "Forbidden: bot was blocked by the user".
 */
import { stateOf } from './chat-access.js';
import { changeMember } from './chat-events.js';
import { commit, type GroupContext } from './group-context.js';
import type { BotRow } from '../../storage/store.js';

export class Blocking {
  constructor(private readonly ctx: GroupContext) {}

  /** The person blocks the bot; returns whether anything changed (blocking twice does nothing). */
  block(userRef: string, botRef: string): Promise<boolean> {
    return this.#set(userRef, botRef, true);
  }

  unblock(userRef: string, botRef: string): Promise<boolean> {
    return this.#set(userRef, botRef, false);
  }

  async #set(userRef: string, botRef: string, blocked: boolean): Promise<boolean> {
    const user = await this.ctx.users.resolve(userRef, 'user');
    const bot = await this.ctx.users.resolve(botRef, 'bot');
    return commit(this.ctx, async (tx, effects) => {
      const chat = await this.ctx.chats.ensurePrivate(tx, user, bot);
      const state = await stateOf(tx, chat, bot.id, this.ctx.deps.clock.now());
      if ((state.status === 'kicked') === blocked) return false;
      const next = blocked
        ? { status: 'kicked' as const, data: { until_date: 0 } }
        : { status: 'member' as const, data: {} };
      await changeMember(this.ctx, tx, { chat, actor: user, target: bot, next }, effects);
      return true;
    });
  }

  /**
   * Turns a bot's privacy mode on or off (spec: getMe's can_read_all_group_messages is true when it
   * is off). Applies to messages sent from now on.
   */
  async setPrivacy(botRef: string, privacyMode: boolean): Promise<BotRow> {
    const bot = await this.ctx.users.resolve(botRef, 'bot');
    return this.ctx.deps.store.write(async (tx) => {
      await tx.updateBot(bot.id, { can_read_all_group_messages: !privacyMode });
      return (await tx.getBot(bot.id))!;
    });
  }
}
