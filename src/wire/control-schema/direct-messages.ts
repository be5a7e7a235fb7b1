/**
 * Channels' direct messages and suggested posts (ADR 0053): the owner turns a channel's direct
 * messages on, people write to them in a topic of their own and suggest posts with a price in Stars.
 */
import { MAX_INT32 } from './common.js';
import { bool, int, params, ref, route, str } from './dsl.js';

const SUGGESTION_REFUSED = {
  status: 400,
  description:
    'A malformed parameter (`BAD_REQUEST`), empty or too long text (`MESSAGE_TEXT_INVALID`), or a ' +
    'price or date the platform refuses (`SUGGESTED_POST_INVALID`: a price ' +
    'in TON, Stars outside 5-100000, a send_date not 300 s to 30 days ahead).',
  codes: ['BAD_REQUEST', 'MESSAGE_TEXT_INVALID', 'SUGGESTED_POST_INVALID'],
} as const;

const DM_CHAT = ref('chat', {
  required: true,
  description: 'The channel (its id or `@username`) or its direct-messages chat id.',
});

export const DIRECT_MESSAGES = {
  enableDirectMessages: route({
    method: 'POST',
    path: '/channels/direct-messages',
    tag: 'chats',
    summary: "Turn a channel's direct messages on or off",
    description:
      'The creator, or an administrator with `can_manage_direct_messages`. The first time makes the ' +
      'direct-messages chat: a supergroup with `is_direct_messages` whose `parent_chat` (getChat) is ' +
      'the channel, administered by the channel’s creator and administrators (bots included, with their ' +
      'channel rights; turning it on again copies them anew). The channel gets a ' +
      '`direct_message_price_changed` service message when the setting changes.',
    params: params('EnableDirectMessagesParams', {
      by: ref('user', { required: true }),
      chat: ref('chat', { required: true, description: 'The channel id or its `@username`.' }),
      enabled: bool({ default: true }),
    }),
    result: 'DirectMessagesChat',
    answer: 'The direct-messages chat.',
    errors: [
      { status: 400, description: 'The chat is not a channel.', codes: ['BAD_REQUEST'] },
      'ChatActionRefused',
      'ReferenceNotFound',
    ],
  }),

  getDirectMessages: route({
    method: 'GET',
    path: '/channels/direct-messages',
    tag: 'chats',
    summary: "A channel's direct-messages chat and the channel's Stars",
    description:
      'The chat, whether people may write to it, and the Stars the channel holds (paid suggested ' +
      'posts are paid out to it a day after they are published).',
    params: params('GetDirectMessagesParams', {
      chat: ref('chat', { required: true, description: 'The channel id or its `@username`.' }),
    }),
    result: 'DirectMessagesChat',
    answer: 'The direct-messages chat.',
    errors: ['ReferenceNotFound'],
  }),

  sendDirectMessage: route({
    method: 'POST',
    path: '/direct-messages',
    tag: 'messages',
    summary: "Write to a channel's direct messages as a person",
    description:
      'The message is in the person’s topic (`direct_messages_topic`, whose `topic_id` is their user ' +
      'id); the chat’s administrator bots get it as a `message` update. The person becomes a member ' +
      'of the direct-messages chat.',
    params: params('SendDirectMessageParams', {
      user: ref('user', { required: true }),
      chat: DM_CHAT,
      text: str({ required: true, platform: true, description: '1-4096 characters after trimming.' }),
    }),
    result: 'Message',
    answer: 'The message as the person sees it.',
    errors: [SUGGESTION_REFUSED, 'WriteForbidden', 'ReferenceNotFound'],
  }),

  suggestPost: route({
    method: 'POST',
    path: '/direct-messages/suggest',
    tag: 'messages',
    summary: 'Suggest a post to a channel as a person, with a price in Stars and a date',
    description:
      'A message of the person’s topic with `suggested_post_info` (`state: "pending"`); the ' +
      'administrator bots approve it (approveSuggestedPost: the price leaves the person’s Stars, the ' +
      'post is published at its date, the channel is paid a day later) or decline it. Without ' +
      '`amount` the post is unpaid.',
    params: params('SuggestPostParams', {
      user: ref('user', { required: true }),
      chat: DM_CHAT,
      text: str({ required: true, platform: true, description: '1-4096 characters after trimming.' }),
      amount: int({
        min: 0,
        max: MAX_INT32,
        platform: true,
        description: 'The price: Stars from 5 to 100000 (SuggestedPostPrice.amount).',
      }),
      currency: str({
        default: 'XTR',
        platform: true,
        description: '`XTR` (Stars); `TON` is refused (ADR 0053).',
      }),
      send_date: int({
        min: 0,
        max: MAX_INT32,
        platform: true,
        description: 'Unix seconds, 300 s to 30 days ahead; omitted: any time.',
      }),
    }),
    result: 'Message',
    answer: 'The suggestion as the person sees it.',
    errors: [SUGGESTION_REFUSED, 'WriteForbidden', 'ReferenceNotFound'],
  }),
} as const;
