/**
 * The chat rules of the Bot API's methods, declared once (issue 25, ADR 0084): which chat a method
 * acts in, and who may act there (the chat's type, the bot an administrator with a given right).
 * The runner (bot-api/runner.ts) checks them in one place, with the platform's own checks
 * (platform/assembly/chat-rules.ts), when a value of the call is refused, so that a call is answered in
 * the reference's order: the chat, then the rights, then the values.
 *
 * Every method with a `chat_id` acts in that chat unless `chat` says otherwise; getters only read
 * it. Sends' permission rules stay in the send path (a member's permissions, slow mode, ...).
 */
import type { ChatRuleName } from '../../platform/assembly/chat-rules.js';
import type { DeclaredMethodName } from './methods.js';

export interface ChatRuleDeclaration {
  /** The parameter naming the chat; false: the method's `chat_id` names no chat the bot acts in. */
  readonly chat?: string | false;
  /** Who may act there, beyond being in the chat (platform/assembly/chat-rules.ts). */
  readonly rule?: ChatRuleName;
}

export const CHAT_RULE_DECLARATIONS: { readonly [method in DeclaredMethodName]?: ChatRuleDeclaration } = {
  setChatTitle: { rule: 'changeTitle' },
  setChatDescription: { rule: 'changeDescription' },
  setChatPhoto: { rule: 'changePhoto' },
  deleteChatPhoto: { rule: 'changePhoto' },
  createChatInviteLink: { rule: 'manageInviteLinks' },
  editChatInviteLink: { rule: 'manageInviteLinks' },
  createChatSubscriptionInviteLink: { rule: 'manageInviteLinks' },
  editChatSubscriptionInviteLink: { rule: 'manageInviteLinks' },
  revokeChatInviteLink: { rule: 'manageInviteLinks' },
  exportChatInviteLink: { rule: 'manageInviteLinks' },
  createForumTopic: { rule: 'createTopic' },
  editForumTopic: { rule: 'forum' },
  closeForumTopic: { rule: 'forum' },
  reopenForumTopic: { rule: 'forum' },
  deleteForumTopic: { rule: 'forum' },
  editGeneralForumTopic: { rule: 'manageGeneralTopic' },
  closeGeneralForumTopic: { rule: 'manageGeneralTopic' },
  reopenGeneralForumTopic: { rule: 'manageGeneralTopic' },
  hideGeneralForumTopic: { rule: 'manageGeneralTopic' },
  unhideGeneralForumTopic: { rule: 'manageGeneralTopic' },
  setChatAdministratorCustomTitle: { rule: 'supergroupOnly' },
  restrictChatMember: { rule: 'supergroupOnly' },
  setChatMemberTag: { rule: 'manageTags' },
  // A business account's chats: the bot is no member of them; the connection is the handler's.
  readBusinessMessage: { chat: false },
  editMessageChecklist: { chat: false },
  // Any supergroup, channel or bot, which the verifier need not be in (ADR 0100).
  verifyChat: { chat: false },
  removeChatVerification: { chat: false },
};
