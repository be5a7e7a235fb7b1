/**
 * What people send besides text and files: locations, venues, contacts, polls and dice. Each bot of
 * the chat gets a `message` shaped as when a bot sends it; everything is checked before anything is
 * stored.
 */
import { MAX_INT32 } from './common.js';
import { array, bool, int, num, params, ref, route, str } from './dsl.js';

/** Who writes where, for the sends other than text. */
export const PERSON_SEND = {
  from: ref('user', { required: true }),
  chat: ref('chat', { required: true }),
  reply_to_message_id: int({ min: 1, max: MAX_INT32 }),
} as const;

/** The dice a person can throw (the platform drops an emoji variation selector). */
export const DICE_EMOJI = ['🎲', '🎯', '🎳', '🏀', '⚽', '🎰'] as const;

const POINT = {
  latitude: num({ required: true, min: -90, max: 90, platform: true }),
  longitude: num({ required: true, min: -180, max: 180, platform: true }),
  horizontal_accuracy: num({ min: 0, platform: true, description: 'Metres; above 1500 counts as 1500.' }),
} as const;

/** A send's refusal for a malformed parameter, and the answers all sends share. */
const sendErrors = (description: string) =>
  [{ status: 400, description, codes: ['BAD_REQUEST'] }, 'WriteForbidden', 'ReferenceNotFound'] as const;

export const CONTENT = {
  sendLocation: route({
    method: 'POST',
    path: '/messages/location',
    tag: 'messages',
    summary: 'Send a location as a user',
    description:
      'The bots of the chat get a `message` (`channel_post` in a channel) with `location`, shaped as ' +
      'sendLocation shapes it: `latitude`, `longitude`, for a live location `live_period`, `heading`, ' +
      '`proximity_alert_radius`, then `horizontal_accuracy` (clamped to 1500 m). A person cannot move a ' +
      'live location afterwards (bots move theirs with editMessageLiveLocation). Needs `can_send_messages` ' +
      'in a group.',
    params: params('SendLocationParams', {
      ...PERSON_SEND,
      ...POINT,
      live_period: int({
        platform: true,
        description: 'Seconds the location is live, 60-86400, or 2147483647 (until stopped).',
      }),
      heading: int({ min: 1, max: 360, platform: true, description: 'Degrees; live locations only.' }),
      proximity_alert_radius: int({
        min: 0,
        max: 100_000,
        platform: true,
        description: 'Metres; live locations only.',
      }),
    }),
    result: 'Message',
    answer: 'The message as the sender sees it.',
    errors: sendErrors(
      'A parameter is missing or malformed, a coordinate is off the map, or a live field is out of ' +
        'range or given without `live_period`.',
    ),
  }),

  sendVenue: route({
    method: 'POST',
    path: '/messages/venue',
    tag: 'messages',
    summary: 'Send a venue as a user',
    description:
      'The bots of the chat get a `message` with `venue` (its `location`, `title`, `address` and one ' +
      "provider's id and type, as sendVenue shapes it) and `location`. Needs `can_send_messages`.",
    params: params('SendVenueParams', {
      ...PERSON_SEND,
      ...POINT,
      title: str({ required: true, minLength: 1, maxLength: 256, platform: true }),
      address: str({ required: true, minLength: 1, maxLength: 256, platform: true }),
      venueprovider1_id: str(),
      venueprovider1_type: str(),
      venueprovider2_place_id: str(),
      venueprovider2_place_type: str(),
    }),
    result: 'Message',
    answer: 'The message as the sender sees it.',
    errors: sendErrors(
      'A parameter is missing or malformed, a coordinate is off the map, or a text is too long.',
    ),
  }),

  sendContact: route({
    method: 'POST',
    path: '/messages/contact',
    tag: 'messages',
    summary: 'Share a contact as a user',
    description:
      "Without `phone_number`, the person's own contact (what a client sends for a `request_contact` " +
      'button): their phone number, names and `user_id`. Otherwise `user_id` is set when the number is ' +
      "a Parley user's, as for sendContact. The bots of the chat get a `message` with `contact`. Needs " +
      '`can_send_messages`.',
    params: params('SendContactParams', {
      ...PERSON_SEND,
      phone_number: str({
        description: "Digits with an optional leading `+`; absent, the sender's own contact.",
      }),
      first_name: str({ maxLength: 64, platform: true, description: 'Required with `phone_number`.' }),
      last_name: str({ maxLength: 64, platform: true }),
      vcard: str({ description: 'At most 2048 bytes.' }),
    }),
    result: 'Message',
    answer: 'The message as the sender sees it.',
    errors: sendErrors(
      '`first_name` is missing with a `phone_number`, the number is not digits, or a text is too long.',
    ),
  }),

  sendPoll: route({
    method: 'POST',
    path: '/messages/poll',
    tag: 'messages',
    summary: 'Send a poll or a quiz as a user',
    description:
      'The bots of the chat get a `message` with `poll`, as sendPoll shapes it; in a group, supergroup ' +
      'or channel an open quiz shows other viewers no `correct_option_ids`. People vote with ' +
      "`POST /control/polls/vote`; bots get no `poll` or `poll_answer` updates for a person's poll " +
      '(only for their own). Needs `can_send_polls`.',
    params: params('SendPollParams', {
      ...PERSON_SEND,
      question: str({ required: true, minLength: 1, maxLength: 300, platform: true }),
      options: array(str({ minLength: 1, maxLength: 100, platform: true }), {
        required: true,
        minItems: 1,
        maxItems: 12,
        platform: true,
        invalid: 'options must be an array of strings',
      }),
      type: str({ enum: ['regular', 'quiz'], default: 'regular', platform: true }),
      is_anonymous: bool({ default: true }),
      allows_multiple_answers: bool({ default: false }),
      allows_revoting: bool({ description: 'Default: true for a regular poll, false for a quiz.' }),
      correct_option_ids: array(int({ min: 0, platform: true }), {
        lone: true,
        aliases: ['correct_option_id'],
        invalid: 'correct_option_ids must be an array of option indexes',
        description: 'Quizzes (required there): the increasing 0-based ids of the correct options.',
      }),
      explanation: str({ maxLength: 200, platform: true, description: 'Quizzes only.' }),
      open_period: int({
        min: 5,
        max: 2_628_000,
        platform: true,
        description: 'Seconds; not with close_date.',
      }),
      close_date: int({
        platform: true,
        description: 'Unix time 5 s to about a month from now; not with open_period.',
      }),
    }),
    result: 'Message',
    answer: 'The message as the sender sees it.',
    errors: sendErrors(
      'The question or an option is empty or too long, there are no or more than 12 options, a quiz ' +
        'has no valid `correct_option_ids`, or `open_period`/`close_date` is out of range.',
    ),
  }),

  sendDice: route({
    method: 'POST',
    path: '/messages/dice',
    tag: 'messages',
    summary: 'Throw a dice as a user',
    description:
      'The value is drawn by the server (1-6 for 🎲 🎯 🎳, 1-5 for 🏀 ⚽, 1-64 for 🎰). The bots of the ' +
      'chat get a `message` with `dice`. Needs `can_send_other_messages`.',
    params: params('SendDiceParams', {
      ...PERSON_SEND,
      emoji: str({ enum: DICE_EMOJI, default: '🎲', platform: true }),
    }),
    result: 'Message',
    answer: 'The message as the sender sees it.',
    errors: sendErrors('`emoji` is not one of the six.'),
  }),
} as const;
