/** Parameters that many routes share. */
import { int, ref } from './dsl.js';

/** The largest message id (and Unix time) of the wire: a signed 32-bit integer. */
export const MAX_INT32 = 2 ** 31 - 1;

export const messageId = () =>
  int({
    required: true,
    min: 1,
    max: MAX_INT32,
    description: 'The id of the message, in the chat as the user sees it.',
  });

/** Seconds a call waits server-side (for a message, a bot's answer, a code). */
export const waitTimeout = (description: string) => int({ min: 0, max: 300, default: 10, description });

/** The acting person and the chat, as most routes of people's actions name them. */
export const USER_IN_CHAT = {
  user: ref('user', { required: true }),
  chat: ref('chat', { required: true }),
} as const;
