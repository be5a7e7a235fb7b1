/**
 * Communities (Bot API 10.2, ADR 0077): a person creates one and adds or removes the supergroups and
 * channels they own; the chat gets `community_chat_added` / `community_chat_removed` and getChat
 * shows `community` while it is in one.
 */
import { int, params, ref, route, str } from './dsl.js';

/** The largest community id: the spec's ids have at most 52 significant bits. */
export const MAX_COMMUNITY_ID = 2 ** 52;

const COMMUNITY = int({ required: true, min: 1, max: MAX_COMMUNITY_ID, description: 'The community id.' });

const MEMBERSHIP = {
  community: COMMUNITY,
  chat: ref('chat', { required: true, description: 'The supergroup or channel: its id or `@username`.' }),
  by: ref('user', { required: true, description: "The community's owner, who is also the chat's creator." }),
} as const;

const MEMBERSHIP_ERRORS = [
  {
    status: 400,
    description:
      'The chat is not a supergroup or channel (`BAD_REQUEST`), or, for a removal, not in this ' +
      'community (`CHAT_NOT_IN_COMMUNITY`).',
    codes: ['BAD_REQUEST', 'CHAT_NOT_IN_COMMUNITY'],
  },
  {
    status: 403,
    description:
      "`by` does not own the community (`COMMUNITY_OWNER_REQUIRED`) or is not the chat's creator " +
      '(`CHAT_ADMIN_REQUIRED`).',
    codes: ['COMMUNITY_OWNER_REQUIRED', 'CHAT_ADMIN_REQUIRED'],
  },
  {
    status: 404,
    description: 'No such community (`COMMUNITY_NOT_FOUND`), user or chat.',
    codes: ['COMMUNITY_NOT_FOUND', 'USER_NOT_FOUND', 'CHAT_NOT_FOUND'],
  },
] as const;

export const COMMUNITIES = {
  createCommunity: route({
    method: 'POST',
    path: '/communities',
    tag: 'chats',
    summary: 'Create a community as a person, its owner',
    description:
      'The id is drawn from 2^32 to 2^52 (ids beyond 32 bits, as the spec warns); the name is ' +
      '1-128 characters after trimming.',
    params: params('CreateCommunityParams', {
      owner: ref('user', { required: true }),
      name: str({ required: true, platform: true, description: '1-128 characters after trimming.' }),
    }),
    result: 'Community',
    answer: 'The Bot API’s Community: its id and name.',
    errors: [
      { status: 400, description: 'The name is empty or too long.', codes: ['BAD_REQUEST'] },
      'ReferenceNotFound',
    ],
  }),

  getCommunity: route({
    method: 'GET',
    path: '/communities/{id}',
    tag: 'chats',
    summary: 'A community with its owner and its chats',
    pathParams: { id: { type: 'string', description: 'The community id.' } },
    result: 'CommunityRecord',
    answer: 'The community.',
    errors: [{ status: 404, description: 'No such community.', codes: ['COMMUNITY_NOT_FOUND'] }],
  }),

  addCommunityChat: route({
    method: 'POST',
    path: '/communities/chats',
    tag: 'chats',
    summary: 'Add a supergroup or channel to a community',
    description:
      "The community's owner adds a chat of which they are the creator; the chat gets a " +
      '`community_chat_added` service message (its bots get it as a `message` or `channel_post` ' +
      'update) and getChat shows `community`. A chat is in one community at most.',
    params: params('AddCommunityChatParams', MEMBERSHIP),
    result: 'CommunityRecord',
    answer: 'The community with its chats.',
    errors: [
      ...MEMBERSHIP_ERRORS,
      {
        status: 409,
        description: 'The chat is in a community already, this one or another (`CHAT_ALREADY_IN_COMMUNITY`).',
        codes: ['CHAT_ALREADY_IN_COMMUNITY'],
      },
    ],
  }),

  removeCommunityChat: route({
    method: 'POST',
    path: '/communities/chats/remove',
    tag: 'chats',
    summary: 'Remove a supergroup or channel from a community',
    description:
      'The chat gets a `community_chat_removed` service message and getChat no longer shows `community`.',
    params: params('RemoveCommunityChatParams', MEMBERSHIP),
    result: 'CommunityRecord',
    answer: 'The community with its chats.',
    errors: MEMBERSHIP_ERRORS,
  }),

  joinCommunityChat: route({
    method: 'POST',
    path: '/communities/join',
    tag: 'chats',
    summary: 'Join a chat of a community from the community, as a person',
    description:
      'Bot API 10.3 (ADR 0096): the person joins as by any join, and the chat (a supergroup) gets a ' +
      '`community_chat_joined {community}` service message from them instead of `new_chat_members`; ' +
      'its bots get it as a `message` update. A channel shows no service message for a join.',
    params: params('JoinCommunityChatParams', {
      community: COMMUNITY,
      chat: ref('chat', { required: true, description: 'A chat of the community: its id or `@username`.' }),
      user: ref('user', { required: true, description: 'The person who joins.' }),
    }),
    result: 'JoinChatResult',
    answer: 'Joined: `status` is `member`.',
    errors: [
      {
        status: 400,
        description: 'The chat is not in this community (`CHAT_NOT_IN_COMMUNITY`).',
        codes: ['CHAT_NOT_IN_COMMUNITY'],
      },
      {
        status: 403,
        description: 'The user is banned in the chat (`USER_BANNED_IN_CHANNEL`).',
        codes: ['USER_BANNED_IN_CHANNEL'],
      },
      {
        status: 404,
        description: 'No such community (`COMMUNITY_NOT_FOUND`), user or chat.',
        codes: ['COMMUNITY_NOT_FOUND', 'USER_NOT_FOUND', 'CHAT_NOT_FOUND'],
      },
      {
        status: 409,
        description: 'The user is already a member (`USER_ALREADY_PARTICIPANT`).',
        codes: ['USER_ALREADY_PARTICIPANT'],
      },
    ],
  }),
} as const;
