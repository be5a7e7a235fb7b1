/** A person's reactions to a message and pinned messages (ADR 0031). */
import { USER_IN_CHAT, messageId } from './common.js';
import { array, bool, opaque, params, route, str } from './dsl.js';

/** A reaction: an emoji of the spec's list, a custom emoji, or a paid one. */
export type ReactionType =
  { type: 'emoji'; emoji: string } | { type: 'custom_emoji'; custom_emoji_id: string } | { type: 'paid' };

const PIN = params('PinMessageParams', { ...USER_IN_CHAT, message_id: messageId() });

const NO_SUCH_MESSAGE = {
  status: 404,
  description: 'No such user, chat or message (`MESSAGE_NOT_FOUND`).',
  codes: ['USER_NOT_FOUND', 'CHAT_NOT_FOUND', 'MESSAGE_NOT_FOUND'],
} as const;

export const REACTIONS_PINS = {
  react: route({
    method: 'POST',
    path: '/reactions',
    tag: 'messages',
    summary: "Set a user's reactions to a message",
    description:
      "Give `reaction` or `emoji`; neither removes the user's reactions. Bots that administer the chat " +
      '(in a private chat, its bot) and list `message_reaction` in allowed_updates get that update; in ' +
      'channels, `message_reaction_count`.',
    params: params('ReactParams', {
      ...USER_IN_CHAT,
      message_id: messageId(),
      reaction: array(opaque<ReactionType>('ReactionType'), {
        maxItems: 3,
        platform: true,
        invalid: 'reaction must be an array of ReactionType objects',
      }),
      emoji: array(str(), {
        lone: true,
        invalid: 'emoji must be a string or an array of strings',
        description: 'Shorthand for emoji reactions: one emoji or a list.',
      }),
      is_big: bool({ default: false, description: 'With the big animation.' }),
    }),
    result: 'MessageReactions',
    answer: "The message's reactions as the user sees them.",
    errors: [
      {
        status: 400,
        description: 'A malformed parameter, or a reaction that is not allowed (`REACTION_INVALID`).',
        codes: ['BAD_REQUEST', 'REACTION_INVALID'],
      },
      NO_SUCH_MESSAGE,
    ],
  }),

  getReactions: route({
    method: 'GET',
    path: '/reactions',
    tag: 'messages',
    summary: "A message's reactions as a user sees them",
    params: params('GetReactionsParams', { ...USER_IN_CHAT, message_id: messageId() }),
    result: 'MessageReactions',
    answer: "The message's reactions as the user sees them.",
    errors: [NO_SUCH_MESSAGE],
  }),

  pinMessage: route({
    method: 'POST',
    path: '/pins',
    tag: 'messages',
    summary: 'Pin a message as a user',
    description:
      'Anyone may pin in a private chat; elsewhere the creator and administrators with ' +
      '`can_pin_messages` (channels: `can_edit_messages`). Adds a service message with ' +
      '`pinned_message`, which bots of the chat get as a `message`.',
    params: PIN,
    result: 'Message',
    answer: 'The `pinned_message` service message as the user sees it.',
    errors: [NO_SUCH_MESSAGE],
  }),

  unpinMessage: route({
    method: 'POST',
    path: '/pins/delete',
    tag: 'messages',
    summary: 'Unpin a message as a user',
    params: PIN,
    result: 'true',
    answer: 'Unpinned (or was not pinned).',
    errors: [NO_SUCH_MESSAGE],
  }),

  listPinnedMessages: route({
    method: 'GET',
    path: '/pins',
    tag: 'messages',
    summary: 'The pinned messages of a chat as a user sees them, the newest first',
    params: params('ListPinnedMessagesParams', USER_IN_CHAT),
    result: 'Message[]',
    answer: 'The pinned messages.',
    errors: ['ReferenceNotFound'],
  }),
} as const;
