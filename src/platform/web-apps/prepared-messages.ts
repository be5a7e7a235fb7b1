/**
 * Prepared inline messages (savePreparedInlineMessage): a bot stores an inline result for one person,
 * whose Mini App may then send it (Telegram.WebApp.shareMessage) into a chat the person picks, of
 * the kinds the bot allowed: private chats with people, with bots, groups and supergroups, channels.
 * The message goes from the person via the bot, as a chosen inline result does. A prepared message
 * expires a day after it was saved (ADR 0047).
 */
import { PlatformError } from '../core/errors.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { Files } from '../files/files.js';
import type { Messages } from '../messages/messages.js';
import type { StoredResult } from '../inline/inline-queries.js';
import type { Users } from '../users/users.js';
import { sendResultAsPerson, type InlineSent } from './inline-send.js';
import type { ChatRow } from '../../storage/store.js';
import type { UsersReader } from '../../storage/ports/users.js';

export const PREPARED_MESSAGE_LIFETIME = 86_400;

export type PreparedChatKind = 'users' | 'bots' | 'groups' | 'channels';

export interface PreparedInlineMessage {
  id: string;
  expiration_date: number;
}

export class PreparedMessages {
  constructor(
    private readonly deps: PlatformDeps,
    private readonly parts: { users: Users; messages: Messages; files: Files },
  ) {}

  /** savePreparedInlineMessage: for the person `userId`, who must exist. */
  async save(
    botId: number,
    userId: number,
    result: StoredResult,
    allowed: PreparedChatKind[],
  ): Promise<PreparedInlineMessage> {
    const { store, clock, random } = this.deps;
    const user = await store.getUser(userId);
    if (!user || user.is_bot) throw new PlatformError('USER_NOT_FOUND', 'user not found');
    const now = clock.now();
    const id = random.bytes(16).toString('base64url');
    const expires = now + PREPARED_MESSAGE_LIFETIME;
    await store.write(async (tx) => {
      await tx.deletePreparedInlineMessagesBefore(now);
      await tx.insertPreparedInlineMessage({
        id,
        bot_id: botId,
        user_id: userId,
        result: JSON.stringify(result),
        allowed_chats: allowed.join(','),
        expires_at: expires,
      });
    });
    return { id, expiration_date: expires };
  }

  /** The person's Mini App shares the prepared message into a chat the person picks. */
  async share(userRef: string, preparedId: string, chatRef: string): Promise<InlineSent> {
    const { store, clock } = this.deps;
    const person = await this.parts.users.resolve(userRef, 'user');
    const row = await store.getPreparedInlineMessage(preparedId);
    if (!row || row.user_id !== person.id || row.expires_at < clock.now()) {
      throw new PlatformError(
        'BAD_REQUEST',
        `no prepared message ${preparedId} of this user (or it expired)`,
      );
    }
    const bot = await this.parts.users.resolve(row.bot_id, 'bot');
    const allowed = row.allowed_chats.split(',');
    const result = JSON.parse(row.result) as StoredResult;
    const parts = { deps: this.deps, ...this.parts };
    return sendResultAsPerson(parts, person, bot, chatRef, result, async (tx, chat) => {
      const kind = await kindOf(tx, chat, person.id);
      if (!allowed.includes(kind)) {
        throw new PlatformError('BAD_REQUEST', `the bot did not allow this message in ${kind} chats`);
      }
    });
  }
}

async function kindOf(tx: UsersReader, chat: ChatRow, personId: number): Promise<PreparedChatKind> {
  if (chat.type === 'channel') return 'channels';
  if (chat.type !== 'private') return 'groups';
  const other = chat.user_a === personId ? chat.user_b! : chat.user_a!;
  return (await tx.getBot(other)) ? 'bots' : 'users';
}
