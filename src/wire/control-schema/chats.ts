/** Groups, supergroups and channels: creating them, members and their rights, invite links (ADR 0020, 0022). */
import { MAX_INT32 } from './common.js';
import { array, bool, flags, int, params, ref, route, str } from './dsl.js';
import { ADMIN_RIGHT_NAMES, PERMISSION_NAMES } from './rights.js';

/** The kinds of chat a person can create. */
export const GROUP_CHAT_TYPES = ['group', 'supergroup', 'channel'] as const;

/** The rights `/chats/promote` takes: ChatAdministratorRights. */
export const ADMIN_RIGHTS = flags('ChatAdministratorRights', [...ADMIN_RIGHT_NAMES, 'is_anonymous'], {
  description: "The Bot API's ChatAdministratorRights; rights the kind of chat lacks are dropped.",
});

/** The permissions `/chats/restrict` takes: ChatPermissions. */
export const CHAT_PERMISSIONS = flags('ChatPermissions', PERMISSION_NAMES, {
  description: "The Bot API's ChatPermissions; what is left out is false.",
});

const CHAT = ref('chat', { required: true, description: 'The chat id or `@username` of a public chat.' });

/** `by` acting on `user` in `chat`. */
const BY_ON_USER = {
  by: ref('user', {
    required: true,
    description: 'Who acts: the creator, or an administrator with the right.',
  }),
  chat: CHAT,
  user: ref('user', { required: true, description: 'The user or bot acted on.' }),
} as const;

const UNTIL_DATE = int({ min: 0, max: MAX_INT32, description: 'Unix seconds; 0 or absent means forever.' });

export const CHATS = {
  createChat: route({
    method: 'POST',
    path: '/chats',
    tag: 'chats',
    summary: 'Create a group, supergroup or channel as a user (its creator)',
    description:
      'Members added at once join without a service message; bots among them get `my_chat_member`. ' +
      'Bots get `group_chat_created` / `supergroup_chat_created`. A bot with `can_join_groups` false ' +
      'is refused (`BOT_GROUPS_BLOCKED`); bots join channels only through `/control/chats/promote`.',
    params: params('CreateChatParams', {
      owner: ref('user', { required: true }),
      title: str({ required: true, minLength: 1, maxLength: 128, platform: true }),
      type: str({ enum: GROUP_CHAT_TYPES, default: 'group', platform: true }),
      username: str({ description: 'Supergroups and channels only; makes the chat public.' }),
      description: str({ maxLength: 255, platform: true }),
      members: array(ref('user'), {
        invalid: 'members must be an array of user references',
        description: 'Users and bots added at once.',
      }),
      forum: bool({ default: false, description: 'Supergroups only: topics on from the start (a forum).' }),
    }),
    result: 'ChatRecord',
    answer: 'The chat with its members.',
    errors: [
      'ChatActionRefused',
      'ReferenceNotFound',
      {
        status: 409,
        description: 'The username is taken (`USERNAME_OCCUPIED`).',
        codes: ['USERNAME_OCCUPIED'],
      },
    ],
  }),

  getChat: route({
    method: 'GET',
    path: '/chats/{ref}',
    tag: 'chats',
    summary: 'A group, supergroup or channel with its members (everyone but those who left)',
    pathParams: {
      ref: {
        type: 'string',
        of: 'chat',
        description: 'The chat id (`-100...`) or `@username` (percent-encoded) of a public chat.',
      },
    },
    result: 'ChatRecord',
    answer: 'The chat with its members.',
    errors: ['ReferenceNotFound'],
  }),

  addChatMember: route({
    method: 'POST',
    path: '/chats/members',
    tag: 'chats',
    summary: 'Add a user or bot to a chat as one of its members',
    description:
      'Needs `can_invite_users` (a chat permission in groups, an administrator right in channels). ' +
      'Bots get `my_chat_member`, administrator bots `chat_member`, and groups show `new_chat_members`.',
    params: params('AddChatMemberParams', BY_ON_USER),
    result: 'ChatRecord',
    answer: 'The chat with its members.',
    errors: [
      'ChatActionRefused',
      'ReferenceNotFound',
      {
        status: 409,
        description: 'The user is already a member (`USER_ALREADY_PARTICIPANT`).',
        codes: ['USER_ALREADY_PARTICIPANT'],
      },
    ],
  }),

  joinChat: route({
    method: 'POST',
    path: '/chats/join',
    tag: 'chats',
    summary: 'Join a public chat by @username, or open an invite link',
    description:
      'Give either `chat` or `invite_link`. A link with `creates_join_request` makes a join request ' +
      'instead (`status: requested`): administrator bots with `can_invite_users` get `chat_join_request`.',
    params: params('JoinChatParams', {
      user: ref('user', { required: true }),
      chat: ref('chat', { description: '`@username` of a public supergroup or channel.' }),
      invite_link: str({
        description:
          'An invite link in any form (`https://t.me/+<hash>`, the `--public-url` form, the older ' +
          "`https://parley.invalid/+<hash>`, `+<hash>`), or a public chat's `https://t.me/<username>`.",
      }),
    }),
    result: 'JoinChatResult',
    answer: 'Joined or requested.',
    errors: [
      {
        status: 400,
        description:
          'A malformed parameter (`BAD_REQUEST`), or a revoked, expired or full link (`INVITE_HASH_EXPIRED`).',
        codes: ['BAD_REQUEST', 'INVITE_HASH_EXPIRED'],
      },
      {
        status: 403,
        description: 'The user is banned in the chat (`USER_BANNED_IN_CHANNEL`).',
        codes: ['USER_BANNED_IN_CHANNEL'],
      },
      {
        status: 404,
        description: 'No such user, chat or link (`INVITE_HASH_INVALID`).',
        codes: ['USER_NOT_FOUND', 'CHAT_NOT_FOUND', 'INVITE_HASH_INVALID'],
      },
      {
        status: 409,
        description: 'Already a member (`USER_ALREADY_PARTICIPANT`).',
        codes: ['USER_ALREADY_PARTICIPANT'],
      },
    ],
  }),

  leaveChat: route({
    method: 'POST',
    path: '/chats/leave',
    tag: 'chats',
    summary: 'Leave a chat as a user (its creator cannot)',
    params: params('LeaveChatParams', { user: ref('user', { required: true }), chat: CHAT }),
    result: 'true',
    answer: 'Done.',
    errors: ['ReferenceNotFound'],
  }),

  promoteChatMember: route({
    method: 'POST',
    path: '/chats/promote',
    tag: 'chats',
    summary: 'Give a member (or a bot) administrator rights, or demote one',
    description:
      '`by` is the creator or an administrator with `can_promote_members`, who grants only rights they ' +
      'hold. No right left demotes to member. A bot not in the chat joins as an administrator (how bots ' +
      'join channels). Without `rights`, a bot gets its default administrator rights for the kind of ' +
      'chat (`setMyDefaultAdministratorRights`), those `by` holds. The bot gets `my_chat_member`; other ' +
      'administrator bots `chat_member`.',
    params: params('PromoteChatMemberParams', {
      ...BY_ON_USER,
      rights: ADMIN_RIGHTS,
      custom_title: str({ description: "The administrator's custom title." }),
    }),
    result: 'ChatRecord',
    answer: 'The chat with its members.',
    errors: ['ChatActionRefused', 'ReferenceNotFound'],
  }),

  restrictChatMember: route({
    method: 'POST',
    path: '/chats/restrict',
    tag: 'chats',
    summary: 'Restrict a member of a supergroup',
    description:
      '`by` needs `can_restrict_members`. Permissions left out are false (`use_independent_chat_permissions` ' +
      'as in the Bot API); all of them true lifts the restriction. `until_date` less than 30 s or more ' +
      'than 366 days away (virtual clock) means forever.',
    params: params('RestrictChatMemberParams', {
      ...BY_ON_USER,
      permissions: CHAT_PERMISSIONS,
      use_independent_chat_permissions: bool({ default: false }),
      until_date: UNTIL_DATE,
    }),
    result: 'ChatRecord',
    answer: 'The chat with its members.',
    errors: ['ChatActionRefused', 'ReferenceNotFound'],
  }),

  removeChatMember: route({
    method: 'POST',
    path: '/chats/remove',
    tag: 'chats',
    summary: 'Remove and ban a member (a removed bot gets my_chat_member, status kicked)',
    description: 'Basic groups keep no ban list.',
    params: params('RemoveChatMemberParams', { ...BY_ON_USER, until_date: UNTIL_DATE }),
    result: 'true',
    answer: 'Done.',
    errors: ['ChatActionRefused', 'ReferenceNotFound'],
  }),

  migrateChat: route({
    method: 'POST',
    path: '/chats/migrate',
    tag: 'chats',
    summary: 'Upgrade a group to a supergroup, as its creator',
    description:
      'Members and administrators move to a new supergroup (`-100...` id); the group shows ' +
      '`migrate_to_chat_id`, the supergroup `migrate_from_chat_id`. Bots then get 400 "group chat was ' +
      'upgraded to a supergroup chat" with `parameters.migrate_to_chat_id` for the old id, and people ' +
      'sending there get 400 `CHAT_MIGRATED`.',
    params: params('MigrateChatParams', { by: ref('user', { required: true }), chat: CHAT }),
    result: 'ChatRecord',
    answer: 'The supergroup with its members.',
    errors: ['ChatActionRefused', 'ReferenceNotFound'],
  }),

  createInviteLink: route({
    method: 'POST',
    path: '/chats/invite-links',
    tag: 'chats',
    summary: 'Create an invite link as an administrator who can invite users',
    description: 'With `creates_join_request`, people who open it ask to join.',
    params: params('CreateInviteLinkParams', {
      by: ref('user', { required: true }),
      chat: CHAT,
      name: str({ maxLength: 32, platform: true }),
      expire_date: int({ min: 0, max: MAX_INT32, description: 'Unix seconds.' }),
      member_limit: int({ min: 1, max: 99_999, description: 'At most this many members may join by it.' }),
      creates_join_request: bool({
        description: 'People who open it ask to join (administrator bots get `chat_join_request`).',
      }),
    }),
    result: 'ChatInviteLink',
    answer: 'The link.',
    errors: ['ChatActionRefused', 'ReferenceNotFound'],
  }),
} as const;
