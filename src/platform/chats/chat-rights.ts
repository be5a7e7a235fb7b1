/**
 * What members of groups, supergroups and channels may do: administrator rights, chat permissions,
 * member states with their expiry, and the wire shapes ChatMember and ChatInviteLink as a given bot
 * sees them. Pure functions; spec/bot-api.md "Chat administration types".
 *
 * A member row keeps the raw status and a JSON `data` (MemberData). The effective state is computed
 * when read (memberState): a ban or restriction whose until_date has passed has ended, without any
 * write or update, as on the reference platform (no update is sent when one runs out).
 */
import { renderUser } from '../users/users.js';
import type { WireUser } from '../core/wire-types.js';
import type { ChatAdministratorRights, ChatInviteLink, ChatMember } from '../../wire/bot-api-types.js';
import type { ChatType, InviteLinkRow, MemberRow, MemberStatus, UserRow } from '../../storage/store.js';
import { shownLink } from './invite-link-form.js';
import { PERMISSION_NAMES } from '../../wire/control-schema/rights.js';
import {
  ADMIN_RIGHT_KEYS,
  COMMON_RIGHT_KEYS,
  rightsOf,
  type AdminRightKey,
  type AdminRights,
} from '../core/admin-rights.js';

// The administrator rights' names live in core/ (ADR 0111): bots' default rights (users/) use them
// too, and users/ imports nothing of chats/.
export { ADMIN_RIGHT_KEYS, normalizeRights, rightsOf } from '../core/admin-rights.js';
export type { AdminRightKey, AdminRights } from '../core/admin-rights.js';

/** The fields of ChatPermissions, in the Bot API's order (written once, wire/control-schema/rights.ts). */
export const PERMISSION_KEYS = PERMISSION_NAMES;
export type PermissionKey = (typeof PERMISSION_KEYS)[number];
export type ChatPermissions = Record<PermissionKey, boolean>;

/** The media permissions that can_send_other_messages and can_add_web_page_previews imply. */
const MEDIA_PERMISSIONS: PermissionKey[] = [
  'can_send_messages',
  'can_send_audios',
  'can_send_documents',
  'can_send_photos',
  'can_send_videos',
  'can_send_video_notes',
  'can_send_voice_notes',
];

/**
 * ChatAdministratorRights on the wire (getMyDefaultAdministratorRights): is_anonymous and every
 * right, false unless held.
 */
export function renderAdministratorRights(rights: AdminRights): ChatAdministratorRights {
  return {
    is_anonymous: rights.is_anonymous === true,
    ...eachKey(ADMIN_RIGHT_KEYS, (key) => rights[key] === true),
  };
}

/** `{ [key]: value(key) }` for each of `keys`, typed as the record it is. */
function eachKey<K extends string, V>(keys: readonly K[], value: (key: K) => V): Record<K, V> {
  // Object.fromEntries types its keys as any string; every key of K is there.
  return Object.fromEntries(keys.map((key) => [key, value(key)])) as Record<K, V>;
}

/** All rights of the chat kind: what the creator holds. */
export function allRights(type: ChatType): AdminRights {
  return Object.fromEntries(rightsOf(type).map((key) => [key, true]));
}

export const ALL_PERMISSIONS: ChatPermissions = Object.fromEntries(
  PERMISSION_KEYS.map((key) => [key, true]),
) as ChatPermissions;

/**
 * ChatPermissions as the platform applies them (spec ChatPermissions, restrictChatMember): what is not
 * given is false, except can_react_to_messages (follows can_send_messages) and can_edit_tag and
 * can_manage_topics (follow can_pin_messages); unless `independent`, can_send_other_messages and
 * can_add_web_page_previews imply the media and text permissions and can_send_polls implies text.
 */
export function normalizePermissions(
  given: Partial<Record<PermissionKey, boolean>>,
  independent: boolean,
): ChatPermissions {
  const result = Object.fromEntries(
    PERMISSION_KEYS.map((key) => [key, given[key] === true]),
  ) as ChatPermissions;
  if (given.can_react_to_messages === undefined) result.can_react_to_messages = result.can_send_messages;
  if (given.can_edit_tag === undefined) result.can_edit_tag = result.can_pin_messages;
  if (given.can_manage_topics === undefined) result.can_manage_topics = result.can_pin_messages;
  if (!independent) {
    if (result.can_send_other_messages || result.can_add_web_page_previews) {
      for (const key of MEDIA_PERMISSIONS) result[key] = true;
    }
    if (result.can_send_polls) result.can_send_messages = true;
  }
  return result;
}

/** The JSON `data` of a member row. */
export interface MemberData {
  /** Administrators: their rights (is_anonymous included). */
  rights?: AdminRights;
  custom_title?: string;
  /** Administrators: who promoted them; a bot may edit only those it promoted (can_be_edited). */
  promoted_by?: number;
  /** The creator's anonymity. */
  is_anonymous?: boolean;
  /** Restricted members: their own permissions and whether they are in the chat. */
  permissions?: ChatPermissions;
  is_member?: boolean;
  /** Restricted and kicked members: when it ends (Unix seconds), 0 = forever. */
  until_date?: number;
  /** The invite link the member joined by, for its member_limit. */
  invite_link?: string;
  /**
   * Members who pay a channel subscription: the end of the period paid for (Unix seconds), shown
   * as ChatMemberMember.until_date and moved on by each renewal (payments/subscriptions.ts).
   */
  subscription_until?: number;
}

export interface MemberState {
  status: MemberStatus;
  data: MemberData;
}

export const NOT_A_MEMBER: MemberState = { status: 'left', data: {} };

/** The state of a member row at `now`, with an ended ban or restriction applied. */
export function memberState(row: MemberRow | undefined, now: number): MemberState {
  if (!row) return NOT_A_MEMBER;
  const data = JSON.parse(row.data) as MemberData;
  const until = data.until_date ?? 0;
  if (until > 0 && until <= now) {
    if (row.status === 'kicked') return NOT_A_MEMBER;
    if (row.status === 'restricted') {
      const rest: MemberData = data.invite_link ? { invite_link: data.invite_link } : {};
      return { status: data.is_member ? 'member' : 'left', data: rest };
    }
  }
  return { status: row.status, data };
}

/** Whether the member is in the chat (a restricted member only if is_member). */
export function isPresent(state: MemberState): boolean {
  if (state.status === 'restricted') return state.data.is_member === true;
  return state.status === 'creator' || state.status === 'administrator' || state.status === 'member';
}

export function isAdmin(state: MemberState): boolean {
  return state.status === 'creator' || state.status === 'administrator';
}

/** Whether the member holds an administrator right (the creator holds every right). */
export function hasRight(state: MemberState, right: AdminRightKey): boolean {
  if (state.status === 'creator') return true;
  return state.status === 'administrator' && state.data.rights?.[right] === true;
}

/** Whether the member may do what `permission` allows: an administrator always, others by permissions. */
export function hasPermission(
  state: MemberState,
  chatPermissions: ChatPermissions,
  permission: PermissionKey,
): boolean {
  if (isAdmin(state)) return true;
  if (!isPresent(state)) return false;
  if (!chatPermissions[permission]) return false;
  return state.status !== 'restricted' || state.data.permissions?.[permission] === true;
}

/** A right that is both an administrator right and a member permission (can_change_info, ...). */
export type SharedRightKey = AdminRightKey & PermissionKey;

/**
 * Whether `actor` may do what `right` allows in a group or supergroup. A bot only as an
 * administrator holding the right: the Bot API says of each such method "the bot must be an
 * administrator in the chat for this to work and must have the <right> administrator right", so a
 * permission that lets members do it is not enough for a bot (ADR 0071). A person as hasPermission
 * says (an administrator, or a member the chat's permissions allow).
 */
export function mayUseRight(
  actor: Pick<UserRow, 'is_bot'>,
  state: MemberState,
  permissions: ChatPermissions,
  right: SharedRightKey,
): boolean {
  return actor.is_bot ? hasRight(state, right) : hasPermission(state, permissions, right);
}

/**
 * Ban and restriction dates as the platform reads them (spec banChatMember until_date): less than
 * 30 seconds or more than 366 days away means forever (0).
 */
export function normalizeUntil(until: number | undefined, now: number): number {
  if (until === undefined || until <= 0) return 0;
  if (until < now + 30 || until > now + 366 * 86_400) return 0;
  return until;
}

/** ChatMember (spec "ChatMember variants") of `user` as the bot `viewerId` sees it. */
export function renderChatMember(
  user: UserRow,
  state: MemberState,
  type: ChatType,
  viewerId: number,
): ChatMember {
  const wireUser = renderUser(user);
  const { data } = state;
  const title = data.custom_title ? { custom_title: data.custom_title } : {};
  switch (state.status) {
    case 'creator':
      return { user: wireUser, status: 'creator', is_anonymous: data.is_anonymous === true, ...title };
    case 'administrator': {
      const held = (key: AdminRightKey) => data.rights?.[key] === true;
      // The kind's rights (rightsOf) hold the common ones: spread again, they keep their place.
      const kindRights: Partial<Record<AdminRightKey, boolean>> = eachKey(rightsOf(type), held);
      return {
        user: wireUser,
        status: 'administrator',
        can_be_edited: data.promoted_by === viewerId,
        is_anonymous: data.rights?.is_anonymous === true,
        ...eachKey(COMMON_RIGHT_KEYS, held),
        ...kindRights,
        ...title,
      };
    }
    case 'restricted': {
      const permissions = data.permissions ?? normalizePermissions({}, true);
      return {
        user: wireUser,
        status: 'restricted',
        is_member: data.is_member === true,
        ...permissions,
        until_date: data.until_date ?? 0,
      };
    }
    case 'kicked':
      return { user: wireUser, status: 'kicked', until_date: data.until_date ?? 0 };
    case 'member':
      return data.subscription_until
        ? { user: wireUser, status: 'member', until_date: data.subscription_until }
        : { user: wireUser, status: 'member' };
    case 'left':
      return { user: wireUser, status: 'left' };
  }
}

/**
 * ChatInviteLink (spec), shown under `publicUrl` (invite-link-form.ts). Unless `whole`, the link
 * shows the second half of its hash as "...": what a bot sees of a link another administrator
 * created (the reference replaces part of it).
 */
export function renderInviteLink(
  row: InviteLinkRow,
  creator: UserRow,
  whole: boolean,
  pendingRequests: number,
  publicUrl: string | undefined,
): ChatInviteLink {
  let link = shownLink(row.link, publicUrl);
  if (!whole) {
    const hashStart = link.lastIndexOf('+') + 1;
    const keep = hashStart + Math.ceil((link.length - hashStart) / 2);
    link = `${link.slice(0, keep)}...`;
  }
  const wire: ChatInviteLink = {
    invite_link: link,
    creator: renderUser(creator) satisfies WireUser,
    creates_join_request: row.creates_join_request,
    is_primary: row.is_primary,
    is_revoked: row.is_revoked,
  };
  if (row.name) wire.name = row.name;
  if (row.expire_date) wire.expire_date = row.expire_date;
  if (row.member_limit) wire.member_limit = row.member_limit;
  if (row.creates_join_request) wire.pending_join_request_count = pendingRequests;
  return wire;
}
