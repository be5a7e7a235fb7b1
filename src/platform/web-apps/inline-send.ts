/**
 * A person's message made from an inline result given by a bot (answerWebAppQuery, a prepared inline
 * message): its content, sent from the person `via_bot` the bot, with an inline_message_id when the
 * result has an inline keyboard (so the bot can edit it with the inline edit methods).
 */
import { inlineMessageContent } from '../inline/inline-content.js';
import type { StoredResult } from '../inline/inline-queries.js';
import type { Files } from '../files/files.js';
import type { Messages } from '../messages/messages.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import { renderUser } from '../users/users.js';
import type { MessageContent, WireMessage } from '../core/wire-types.js';
import type { ChatRow, UserRow } from '../../storage/store.js';
import type { UsersReader } from '../../storage/ports/users.js';
import type { WebAppsWriter } from '../../storage/ports/web-apps.js';

export interface InlineSent {
  message: WireMessage;
  inline_message_id?: string;
}

export async function sendResultAsPerson(
  parts: { deps: PlatformDeps; files: Files; messages: Messages },
  person: UserRow,
  bot: UserRow,
  chatRef: string,
  chosen: StoredResult,
  /** Checks and writes in the message's transaction (it may refuse the chat). */
  withMessage: (tx: UsersReader & WebAppsWriter, chat: ChatRow) => Promise<void>,
): Promise<InlineSent> {
  const { deps, files, messages } = parts;
  // Files by URL are downloaded before the write: no network I/O inside a transaction.
  const content: MessageContent = {
    ...(await inlineMessageContent(files, deps.config.profile, bot.id, chosen.send)),
    via_bot: renderUser(bot),
  };
  const markup = chosen.result.reply_markup;
  const inlineMessageId = markup === undefined ? undefined : deps.random.bytes(24).toString('base64url');
  if (markup !== undefined) {
    content.reply_markup = markup;
    content._inline_message_id = inlineMessageId;
  }
  const message = await messages.deliverFromUser(
    person,
    chatRef,
    content,
    undefined,
    async (tx, chat, row) => {
      await withMessage(tx, chat);
      if (inlineMessageId !== undefined) {
        await tx.insertInlineMessage({
          id: inlineMessageId,
          bot_id: bot.id,
          chat_pk: chat.pk,
          message_id: row.message_id,
        });
      }
    },
  );
  return inlineMessageId !== undefined ? { message, inline_message_id: inlineMessageId } : { message };
}
