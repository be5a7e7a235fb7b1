/**
 * The Bot API's method table: what is implemented can be read off here. One file per method; each
 * links to the part of spec/bot-api.md (or reference/) it implements. Method names are
 * case-insensitive on the wire (reference §1.1).
 * Long because: one import and one entry per method, about 190 of each; the declared table
 * (declared/methods.ts) is the list they are checked against.
 */
import type { MethodHandler, TypedMethodHandler } from '../method-context.js';
import type { MethodResults } from '../../wire/bot-api-types.js';
import type { DeclaredMethodName } from '../declared/methods.js';
import { LEGACY_ALIASES, METHOD_DECLARATIONS, type LegacyAlias } from '../declared/method-declarations.js';
import { close } from './close.js';
import { answerCallbackQuery } from './answer-callback-query.js';
import { sendInvoice } from './send-invoice.js';
import { createInvoiceLink } from './create-invoice-link.js';
import { answerShippingQuery } from './answer-shipping-query.js';
import { answerPreCheckoutQuery } from './answer-pre-checkout-query.js';
import { getMyStarBalance } from './get-my-star-balance.js';
import { getStarTransactions } from './get-star-transactions.js';
import { refundStarPayment } from './refund-star-payment.js';
import { approveSuggestedPost } from './approve-suggested-post.js';
import { declineSuggestedPost } from './decline-suggested-post.js';
import { editUserStarSubscription } from './edit-user-star-subscription.js';
import { createChatSubscriptionInviteLink } from './create-chat-subscription-invite-link.js';
import { editChatSubscriptionInviteLink } from './edit-chat-subscription-invite-link.js';
import { getAvailableGifts } from './get-available-gifts.js';
import { sendGift } from './send-gift.js';
import { giftPremiumSubscription } from './gift-premium-subscription.js';
import { getUserGifts } from './get-user-gifts.js';
import { getChatGifts } from './get-chat-gifts.js';
import { convertGiftToStars } from './convert-gift-to-stars.js';
import { upgradeGift } from './upgrade-gift.js';
import { transferGift } from './transfer-gift.js';
import { sendPaidMedia } from './send-paid-media.js';
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
import { sendGame } from './send-game.js';
import { setGameScore } from './set-game-score.js';
import { getGameHighScores } from './get-game-high-scores.js';
import { getUserChatBoosts } from './get-user-chat-boosts.js';
import { verifyUser } from './verify-user.js';
import { verifyChat } from './verify-chat.js';
import { removeUserVerification } from './remove-user-verification.js';
import { removeChatVerification } from './remove-chat-verification.js';
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
import { answerWebAppQuery } from './answer-web-app-query.js';
import { savePreparedInlineMessage } from './save-prepared-inline-message.js';
import { savePreparedKeyboardButton } from './save-prepared-keyboard-button.js';
import { sendChatJoinRequestWebApp } from './send-chat-join-request-web-app.js';
import { answerChatJoinRequestQuery } from './answer-chat-join-request-query.js';
import { answerGuestQuery } from './answer-guest-query.js';
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
import { banChatSenderChat } from './ban-chat-sender-chat.js';
import { unbanChatSenderChat } from './unban-chat-sender-chat.js';
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
import { getBusinessConnection } from './get-business-connection.js';
import { readBusinessMessage } from './read-business-message.js';
import { deleteBusinessMessages } from './delete-business-messages.js';
import { setBusinessAccountName } from './set-business-account-name.js';
import { setBusinessAccountUsername } from './set-business-account-username.js';
import { setBusinessAccountBio } from './set-business-account-bio.js';
import { setBusinessAccountGiftSettings } from './set-business-account-gift-settings.js';
import { postStory } from './post-story.js';
import { repostStory } from './repost-story.js';
import { editStory } from './edit-story.js';
import { deleteStory } from './delete-story.js';
import { getManagedBotToken } from './get-managed-bot-token.js';
import { replaceManagedBotToken } from './replace-managed-bot-token.js';
import { getManagedBotAccessSettings } from './get-managed-bot-access-settings.js';
import { setManagedBotAccessSettings } from './set-managed-bot-access-settings.js';
import { getBusinessAccountStarBalance } from './get-business-account-star-balance.js';
import { transferBusinessAccountStars } from './transfer-business-account-stars.js';
import { getBusinessAccountGifts } from './get-business-account-gifts.js';
import { setBusinessAccountProfilePhoto } from './set-business-account-profile-photo.js';
import { removeBusinessAccountProfilePhoto } from './remove-business-account-profile-photo.js';
import { sendSticker } from './send-sticker.js';
import { getStickerSet } from './get-sticker-set.js';
import { getCustomEmojiStickers } from './get-custom-emoji-stickers.js';
import { uploadStickerFile } from './upload-sticker-file.js';
import { createNewStickerSet } from './create-new-sticker-set.js';
import { addStickerToSet } from './add-sticker-to-set.js';
import { setStickerPositionInSet } from './set-sticker-position-in-set.js';
import { deleteStickerFromSet } from './delete-sticker-from-set.js';
import { replaceStickerInSet } from './replace-sticker-in-set.js';
import { setStickerEmojiList } from './set-sticker-emoji-list.js';
import { setStickerKeywords } from './set-sticker-keywords.js';
import { setStickerMaskPosition } from './set-sticker-mask-position.js';
import { setStickerSetTitle } from './set-sticker-set-title.js';
import { setStickerSetThumbnail } from './set-sticker-set-thumbnail.js';
import { setCustomEmojiStickerSetThumbnail } from './set-custom-emoji-sticker-set-thumbnail.js';
import { deleteStickerSet } from './delete-sticker-set.js';
import { setChatStickerSet } from './set-chat-sticker-set.js';
import { deleteChatStickerSet } from './delete-chat-sticker-set.js';
import { getForumTopicIconStickers } from './get-forum-topic-icon-stickers.js';
import { createForumTopic } from './create-forum-topic.js';
import { editForumTopic } from './edit-forum-topic.js';
import { closeForumTopic } from './close-forum-topic.js';
import { reopenForumTopic } from './reopen-forum-topic.js';
import { deleteForumTopic } from './delete-forum-topic.js';
import { unpinAllForumTopicMessages } from './unpin-all-forum-topic-messages.js';
import { editGeneralForumTopic } from './edit-general-forum-topic.js';
import { closeGeneralForumTopic } from './close-general-forum-topic.js';
import { reopenGeneralForumTopic } from './reopen-general-forum-topic.js';
import { hideGeneralForumTopic } from './hide-general-forum-topic.js';
import { unhideGeneralForumTopic } from './unhide-general-forum-topic.js';
import { unpinAllGeneralForumTopicMessages } from './unpin-all-general-forum-topic-messages.js';
import { setMyDefaultAdministratorRights } from './set-my-default-administrator-rights.js';
import { getMyDefaultAdministratorRights } from './get-my-default-administrator-rights.js';
import { setChatAdministratorCustomTitle } from './set-chat-administrator-custom-title.js';
import { sendMessageDraft } from './send-message-draft.js';
import { sendRichMessage } from './send-rich-message.js';
import { sendRichMessageDraft } from './send-rich-message-draft.js';
import { setMyProfilePhoto } from './set-my-profile-photo.js';
import { removeMyProfilePhoto } from './remove-my-profile-photo.js';
import { getUserProfileAudios } from './get-user-profile-audios.js';
import { setUserEmojiStatus } from './set-user-emoji-status.js';
import { setPassportDataErrors } from './set-passport-data-errors.js';
import { setChatMemberTag } from './set-chat-member-tag.js';
import { sendChecklist } from './send-checklist.js';
import { editMessageChecklist } from './edit-message-checklist.js';
import { sendLivePhoto } from './send-live-photo.js';
import { getUserPersonalChatMessages } from './get-user-personal-chat-messages.js';
import { ephemeralMethods } from './ephemeral-methods.js';

/**
 * The table's type: a handler may serve only a declared method or an old name, and its answer must be
 * what that method's documentation returns (`MethodResults`, generated from the Bot API; ADR 0085), so a
 * field of the result's type that a handler leaves out, or types otherwise, is a compile error here.
 */
type DeclaredHandlers = {
  [name in DeclaredMethodName]?: TypedMethodHandler<MethodResults[name]>;
} & {
  [alias in LegacyAlias]?: TypedMethodHandler<MethodResults[(typeof LEGACY_ALIASES)[alias]]>;
};

// The declared methods and MethodResults come from the same Bot API: the same names.
const _sameNames: [DeclaredMethodName, keyof MethodResults] extends [keyof MethodResults, DeclaredMethodName]
  ? true
  : never = true;

export const BOT_API_METHODS = {
  ...ephemeralMethods,
  getMe,
  sendGame,
  setGameScore,
  getGameHighScores,
  getUserChatBoosts,
  verifyUser,
  verifyChat,
  removeUserVerification,
  removeChatVerification,
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
  // payments and Stars (platform/payments/, docs/payments.md)
  sendInvoice,
  createInvoiceLink,
  answerShippingQuery,
  answerPreCheckoutQuery,
  getMyStarBalance,
  getStarTransactions,
  refundStarPayment,
  approveSuggestedPost,
  declineSuggestedPost,
  editUserStarSubscription,
  createChatSubscriptionInviteLink,
  editChatSubscriptionInviteLink,
  // gifts and paid media (platform/gifts/, platform/paid-media/, ADR 0050)
  getAvailableGifts,
  sendGift,
  giftPremiumSubscription,
  getUserGifts,
  getChatGifts,
  convertGiftToStars,
  upgradeGift,
  transferGift,
  sendPaidMedia,
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
  answerWebAppQuery,
  savePreparedInlineMessage,
  savePreparedKeyboardButton,
  sendChatJoinRequestWebApp,
  answerChatJoinRequestQuery,
  answerGuestQuery,
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
  banChatSenderChat,
  unbanChatSenderChat,
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
  getBusinessConnection,
  readBusinessMessage,
  deleteBusinessMessages,
  setBusinessAccountName,
  setBusinessAccountUsername,
  setBusinessAccountBio,
  setBusinessAccountGiftSettings,
  postStory,
  repostStory,
  editStory,
  deleteStory,
  getManagedBotToken,
  replaceManagedBotToken,
  getManagedBotAccessSettings,
  setManagedBotAccessSettings,
  getBusinessAccountStarBalance,
  transferBusinessAccountStars,
  getBusinessAccountGifts,
  setBusinessAccountProfilePhoto,
  removeBusinessAccountProfilePhoto,
  sendSticker,
  getStickerSet,
  getCustomEmojiStickers,
  uploadStickerFile,
  createNewStickerSet,
  addStickerToSet,
  setStickerPositionInSet,
  deleteStickerFromSet,
  replaceStickerInSet,
  setStickerEmojiList,
  setStickerKeywords,
  setStickerMaskPosition,
  setStickerSetTitle,
  setStickerSetThumbnail,
  setCustomEmojiStickerSetThumbnail,
  deleteStickerSet,
  setChatStickerSet,
  deleteChatStickerSet,
  getForumTopicIconStickers,
  createForumTopic,
  editForumTopic,
  closeForumTopic,
  reopenForumTopic,
  deleteForumTopic,
  unpinAllForumTopicMessages,
  editGeneralForumTopic,
  closeGeneralForumTopic,
  reopenGeneralForumTopic,
  hideGeneralForumTopic,
  unhideGeneralForumTopic,
  unpinAllGeneralForumTopicMessages,
  setMyDefaultAdministratorRights,
  getMyDefaultAdministratorRights,
  setChatAdministratorCustomTitle,
  sendMessageDraft,
  sendRichMessage,
  sendRichMessageDraft,
  setMyProfilePhoto,
  removeMyProfilePhoto,
  getUserProfileAudios,
  setUserEmojiStatus,
  setPassportDataErrors,
  setChatMemberTag,
  sendChecklist,
  editMessageChecklist,
  sendLivePhoto,
  getUserPersonalChatMessages,
  // Legacy names the reference server still serves (reference §6.1).
  kickChatMember: banChatMember,
  getChatMembersCount: getChatMemberCount,
  setStickerSetThumb: setStickerSetThumbnail,
} satisfies DeclaredHandlers;

/** Lower-cased method name -> handler. */
export const METHOD_TABLE: ReadonlyMap<string, MethodHandler> = new Map(
  Object.entries(BOT_API_METHODS).map(([name, handler]) => [name.toLowerCase(), handler]),
);

/** Lower-cased method name (a declared one, or an alias) -> whether a webhook's reply may call it. */
const IN_WEBHOOK_REPLY: ReadonlyMap<string, boolean> = new Map([
  ...Object.values(METHOD_DECLARATIONS).map((m): [string, boolean] => [m.name.toLowerCase(), m.webhookReply]),
  ...Object.entries(LEGACY_ALIASES).map(([alias, name]): [string, boolean] => [
    alias.toLowerCase(),
    METHOD_DECLARATIONS[name].webhookReply,
  ]),
]);

/**
 * Methods that a webhook's reply may not call (reference §4.2; the table's `webhookReply`): their
 * result would be lost, or they change the webhook itself.
 */
export function allowedInWebhookReply(lowerName: string): boolean {
  return IN_WEBHOOK_REPLY.get(lowerName) ?? false;
}
