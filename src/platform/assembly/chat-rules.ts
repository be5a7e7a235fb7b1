/**
 * Who may call a chat method, as rules a table can name (the Bot API's runner declares one per method
 * in bot-api/declared/chat-rules.ts, ADR 0084). Each rule is the very check the platform's write
 * makes, so a rule read before the write refuses with the same error as the write would: the runner
 * asks when a value of the call is refused, to answer in the reference's order (the chat, then the
 * rights, then the values) without a read on the calls that pass. The table names the kernel's
 * checks (chats/) and the features' (topics/), so it lives with the assembly (ADR 0111).
 */
import type { ActingIn } from '../chats/group-context.js';
import { checkMayChangeInfo } from '../chats/chat-info-rights.js';
import { checkMayManageInviteLinks } from '../chats/invite-links.js';
import { checkSupergroup } from '../chats/member-changes.js';
import { checkMayManageTags } from '../chats/member-tags.js';
import { checkForum, checkMayCreateTopic, need } from '../topics/topic-checks.js';

export type ChatRuleCheck = (at: ActingIn) => void;

export const CHAT_RULES = {
  /** setChatTitle: not a private chat; can_change_info (a bot: as an administrator). */
  changeTitle: (at) => checkMayChangeInfo(at, 'title'),
  changeDescription: (at) => checkMayChangeInfo(at, 'description'),
  changePhoto: (at) => checkMayChangeInfo(at, 'photo'),
  /** Invite links: not a private chat; can_invite_users. */
  manageInviteLinks: checkMayManageInviteLinks,
  /**
   * createForumTopic in a group chat: a forum, can_manage_topics. A bot's private chat with topics
   * is the platform's to judge (its topic mode is read in the write).
   */
  createTopic: (at) => {
    if (at.chat.type === 'private') return;
    checkForum(at.chat);
    checkMayCreateTopic(at);
  },
  /** A topic's methods in a group chat: a forum (the right depends on the topic's creator). */
  forum: (at) => {
    if (at.chat.type !== 'private') checkForum(at.chat);
  },
  /** The General topic's methods: a forum, can_manage_topics. */
  manageGeneralTopic: (at) => {
    checkForum(at.chat);
    need(at, 'can_manage_topics', 'NOT_ENOUGH_RIGHTS_TO_EDIT_TOPIC');
  },
  supergroupOnly: (at) => checkSupergroup(at.chat),
  manageTags: checkMayManageTags,
} satisfies Record<string, ChatRuleCheck>;

export type ChatRuleName = keyof typeof CHAT_RULES;
