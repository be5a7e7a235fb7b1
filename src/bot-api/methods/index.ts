/**
 * The Bot API's method table: what is implemented can be read off here. One file per method; each
 * links to the part of spec/bot-api.md (or reference/) it implements. Method names are
 * case-insensitive on the wire (reference §1.1).
 */
import type { MethodHandler } from '../method-context.js';
import { close } from './close.js';
import { answerCallbackQuery } from './answer-callback-query.js';
import { editMessageText } from './edit-message-text.js';
import { editMessageCaption } from './edit-message-caption.js';
import { editMessageReplyMarkup } from './edit-message-reply-markup.js';
import { deleteMessage } from './delete-message.js';
import { deleteMessages } from './delete-messages.js';
import { deleteWebhook } from './delete-webhook.js';
import { getFile } from './get-file.js';
import { getMe } from './get-me.js';
import { getUpdates } from './get-updates.js';
import { getWebhookInfo } from './get-webhook-info.js';
import { logOut } from './log-out.js';
import { sendDocument } from './send-document.js';
import { sendMessage } from './send-message.js';
import { sendPhoto } from './send-photo.js';
import { setWebhook } from './set-webhook.js';
import { setMyCommands } from './set-my-commands.js';
import { getMyCommands } from './get-my-commands.js';
import { deleteMyCommands } from './delete-my-commands.js';
import { setMyName } from './set-my-name.js';
import { getMyName } from './get-my-name.js';
import { setMyDescription } from './set-my-description.js';
import { getMyDescription } from './get-my-description.js';
import { setMyShortDescription } from './set-my-short-description.js';
import { getMyShortDescription } from './get-my-short-description.js';
import { setChatMenuButton } from './set-chat-menu-button.js';
import { getChatMenuButton } from './get-chat-menu-button.js';
import { getUserProfilePhotos } from './get-user-profile-photos.js';

export const BOT_API_METHODS = {
  getMe,
  logOut,
  close,
  getUpdates,
  setWebhook,
  deleteWebhook,
  getWebhookInfo,
  sendMessage,
  sendPhoto,
  sendDocument,
  getFile,
  setMyCommands,
  getMyCommands,
  deleteMyCommands,
  setMyName,
  getMyName,
  setMyDescription,
  getMyDescription,
  setMyShortDescription,
  getMyShortDescription,
  setChatMenuButton,
  getChatMenuButton,
  getUserProfilePhotos,
  answerCallbackQuery,
  editMessageText,
  editMessageCaption,
  editMessageReplyMarkup,
  deleteMessage,
  deleteMessages,
} satisfies Record<string, MethodHandler>;

/** Lower-cased method name -> handler. */
export const METHOD_TABLE: ReadonlyMap<string, MethodHandler> = new Map(
  Object.entries(BOT_API_METHODS).map(([name, handler]) => [name.toLowerCase(), handler]),
);

/**
 * Methods that a webhook's reply may not call (reference §4.2): their result would be lost, or they
 * change the webhook itself.
 */
export function allowedInWebhookReply(lowerName: string): boolean {
  return (
    !lowerName.startsWith('get') && !['setwebhook', 'deletewebhook', 'close', 'logout'].includes(lowerName)
  );
}
