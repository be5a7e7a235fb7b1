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
import { editMessageMedia } from './edit-message-media.js';
import { editMessageLiveLocation } from './edit-message-live-location.js';
import { stopMessageLiveLocation } from './stop-message-live-location.js';
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
import { forwardMessage } from './forward-message.js';
import { forwardMessages } from './forward-messages.js';
import { copyMessage } from './copy-message.js';
import { copyMessages } from './copy-messages.js';
import { sendAudio } from './send-audio.js';
import { sendVideo } from './send-video.js';
import { sendAnimation } from './send-animation.js';
import { sendVoice } from './send-voice.js';
import { sendVideoNote } from './send-video-note.js';
import { sendMediaGroup } from './send-media-group.js';
import { sendLocation } from './send-location.js';
import { sendVenue } from './send-venue.js';
import { sendContact } from './send-contact.js';
import { sendPoll } from './send-poll.js';
import { stopPoll } from './stop-poll.js';
import { sendDice } from './send-dice.js';
import { sendChatAction } from './send-chat-action.js';
import { answerInlineQuery } from './answer-inline-query.js';
import { setMessageReaction } from './set-message-reaction.js';
import { deleteMessageReaction } from './delete-message-reaction.js';
import { deleteAllMessageReactions } from './delete-all-message-reactions.js';
import { pinChatMessage } from './pin-chat-message.js';
import { unpinChatMessage } from './unpin-chat-message.js';
import { unpinAllChatMessages } from './unpin-all-chat-messages.js';
import { getChat } from './get-chat.js';
import { getChatMember } from './get-chat-member.js';
import { getChatAdministrators } from './get-chat-administrators.js';
import { getChatMemberCount } from './get-chat-member-count.js';
import { banChatMember } from './ban-chat-member.js';
import { unbanChatMember } from './unban-chat-member.js';
import { restrictChatMember } from './restrict-chat-member.js';
import { promoteChatMember } from './promote-chat-member.js';
import { setChatPermissions } from './set-chat-permissions.js';
import { leaveChat } from './leave-chat.js';
import { createChatInviteLink } from './create-chat-invite-link.js';
import { editChatInviteLink } from './edit-chat-invite-link.js';
import { revokeChatInviteLink } from './revoke-chat-invite-link.js';
import { exportChatInviteLink } from './export-chat-invite-link.js';
import { approveChatJoinRequest } from './approve-chat-join-request.js';
import { declineChatJoinRequest } from './decline-chat-join-request.js';
import { setChatTitle } from './set-chat-title.js';
import { setChatDescription } from './set-chat-description.js';
import { setChatPhoto } from './set-chat-photo.js';
import { deleteChatPhoto } from './delete-chat-photo.js';
import { setMyDefaultAdministratorRights } from './set-my-default-administrator-rights.js';
import { getMyDefaultAdministratorRights } from './get-my-default-administrator-rights.js';
import { setChatAdministratorCustomTitle } from './set-chat-administrator-custom-title.js';

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
  editMessageMedia,
  editMessageLiveLocation,
  stopMessageLiveLocation,
  deleteMessage,
  deleteMessages,
  forwardMessage,
  forwardMessages,
  copyMessage,
  copyMessages,
  sendAudio,
  sendVideo,
  sendAnimation,
  sendVoice,
  sendVideoNote,
  sendMediaGroup,
  sendLocation,
  sendVenue,
  sendContact,
  sendPoll,
  stopPoll,
  sendDice,
  sendChatAction,
  answerInlineQuery,
  setMessageReaction,
  deleteMessageReaction,
  deleteAllMessageReactions,
  pinChatMessage,
  unpinChatMessage,
  unpinAllChatMessages,
  getChat,
  getChatMember,
  getChatAdministrators,
  getChatMemberCount,
  banChatMember,
  unbanChatMember,
  restrictChatMember,
  promoteChatMember,
  setChatPermissions,
  leaveChat,
  createChatInviteLink,
  editChatInviteLink,
  revokeChatInviteLink,
  exportChatInviteLink,
  approveChatJoinRequest,
  declineChatJoinRequest,
  setChatTitle,
  setChatDescription,
  setChatPhoto,
  deleteChatPhoto,
  setMyDefaultAdministratorRights,
  getMyDefaultAdministratorRights,
  setChatAdministratorCustomTitle,
  // Legacy names the reference server still serves (reference §6.1).
  kickChatMember: banChatMember,
  getChatMembersCount: getChatMemberCount,
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
