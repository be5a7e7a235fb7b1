/** The person API's groups methods (/web/api/chats/..., /web/api/block): see docs/web-client.md. */
import { call, upload, type Chat, type User } from './api.js';

export type GroupType = 'group' | 'supergroup' | 'channel';

/** ChatMember as the Bot API shapes it: status, administrators' rights, restricted members' permissions. */
export interface Member {
  user: User;
  status: 'creator' | 'administrator' | 'member' | 'restricted' | 'left' | 'kicked';
  custom_title?: string;
  until_date?: number;
  [flag: string]: unknown;
}

export interface GroupRecord {
  id: number;
  type: GroupType;
  title: string;
  members: Member[];
  /** The signed-in person's own membership (GET /chats/members only). */
  me?: Member;
  /** The banned, for who may unban them (GET /chats/members only). */
  banned?: Member[];
  /** The community the chat is in (ADR 0077; GET /chats/members only). */
  community?: { id: number; name: string };
}

/** ChatInviteLink as the Bot API shapes it. */
export interface InviteLink {
  invite_link: string;
  creator: User;
  name?: string;
  creates_join_request: boolean;
  pending_join_request_count?: number;
}

export interface JoinRequest {
  user: User;
  date: number;
}

export const groupApi = {
  create: (title: string, type: GroupType, members?: string[]) =>
    call<GroupRecord>('POST', '/chats', { title, type, members }),
  members: (chat: string) => call<GroupRecord>('GET', '/chats/members', { chat }),
  add: (chat: string, user: string) => call<GroupRecord>('POST', '/chats/members', { chat, user }),
  promote: (chat: string, user: number, rights: Record<string, boolean>) =>
    call<GroupRecord>('POST', '/chats/promote', { chat, user, rights }),
  restrict: (chat: string, user: number, permissions: Record<string, boolean>) =>
    call<GroupRecord>('POST', '/chats/restrict', {
      chat,
      user,
      permissions,
      use_independent_chat_permissions: true,
    }),
  leave: (chat: string) => call<true>('POST', '/chats/leave', { chat }),
  setTitle: (chat: string, title: string) => call<GroupRecord>('POST', '/chats/title', { chat, title }),
  /** The chat's photo from a picked image (its bytes as the body). */
  setPhoto: (chat: string, file: File) => upload<true>('/chats/photo', new URLSearchParams({ chat }), file),
  ban: (chat: string, user: number) => call<GroupRecord>('POST', '/chats/ban', { chat, user }),
  unban: (chat: string, user: number) => call<GroupRecord>('POST', '/chats/unban', { chat, user }),
  inviteLinks: (chat: string) => call<InviteLink[]>('GET', '/chats/invite-links', { chat }),
  createInviteLink: (chat: string, name: string, creates_join_request: boolean) =>
    call<InviteLink>('POST', '/chats/invite-links', { chat, name: name || undefined, creates_join_request }),
  revokeInviteLink: (chat: string, link: string) =>
    call<InviteLink>('POST', '/chats/invite-links/revoke', { chat, link }),
  joinRequests: (chat: string) => call<JoinRequest[]>('GET', '/chats/join-requests', { chat }),
  approve: (chat: string, user: number) => call<true>('POST', '/chats/join-requests/approve', { chat, user }),
  decline: (chat: string, user: number) => call<true>('POST', '/chats/join-requests/decline', { chat, user }),
  /** Opens an invite link (or `@username` of a public chat): joined, or a join request made. */
  join: (link: string) => call<{ status: 'member' | 'requested'; chat: Chat }>('POST', '/join', { link }),
  blockState: (bot: string) => call<{ bot: { id: number }; blocked: boolean }>('GET', '/block', { bot }),
  block: (bot: string) => call<{ changed: boolean; blocked: boolean }>('POST', '/block', { bot }),
  unblock: (bot: string) => call<{ changed: boolean; blocked: boolean }>('POST', '/unblock', { bot }),
};
