/** The person API's groups methods (/web/api/chats/..., /web/api/block): see docs/web-client.md. */
import { call, type User } from './api.js';

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
  blockState: (bot: string) => call<{ bot: { id: number }; blocked: boolean }>('GET', '/block', { bot }),
  block: (bot: string) => call<{ changed: boolean; blocked: boolean }>('POST', '/block', { bot }),
  unblock: (bot: string) => call<{ changed: boolean; blocked: boolean }>('POST', '/unblock', { bot }),
};
