/**
 * Hand-written corrections of the generated method table (methods.ts, ADR 0070): each parameter whose
 * documented text states a limit the generator's parser cannot read, or reads wrong, is listed here
 * once, with a one-line why. `set` replaces fields of the generated declaration, `drop` removes a limit
 * read wrong; an entry with neither records that the limit is a rule between values, or relative to
 * now, which the method's handler checks (the table states only fixed limits of one value).
 *
 * The generator prints the parameters it could not read (`npm run generate:bot-api-methods`);
 * methods.test.ts fails while one of them has no entry here, or an entry names no parameter.
 */
import type { DeclaredMethodName } from './methods.js';
import type { ParamDeclaration } from './method-declaration.js';

export interface ParamOverride {
  readonly set?: Partial<Omit<ParamDeclaration, 'name'>>;
  readonly drop?: readonly ('length' | 'range' | 'items' | 'oneOf' | 'nonZero' | 'default')[];
  readonly why: string;
}

export type Overrides = {
  readonly [method in DeclaredMethodName]?: { readonly [param: string]: ParamOverride };
};

const SUBSCRIPTION_PERIOD: ParamOverride = {
  set: { oneOf: [2592000] },
  why: '"it must always be 2592000 (30 days) if specified": a single value, worded as a rule',
};

const TIP_AMOUNTS: ParamOverride = {
  why: 'each amount positive, strictly increasing and at most max_tip_amount: rules between values',
};

const CUSTOM_DESCRIPTION: ParamOverride = {
  why: '"must be empty if the organization isn\'t allowed to provide" one: depends on the organization',
};

/**
 * Clamped, not refused (ADR 0084): the reference server reads the number with get_integer_arg(query,
 * name, default, min, max), which clamps it to the range (Client.cpp, in the function named).
 */
const clamped = (where: string): ParamOverride => ({
  set: { outOfRange: 'clamp' },
  why: `the reference clamps it to the range (Client.cpp ${where})`,
});

const ZERO_IS_NONE_HEADING: ParamOverride = {
  set: { range: { min: 0, max: 360 } },
  why: '0 is no heading: the reference reads an absent one as 0, and TDLib refuses only values over 360',
};

const ZERO_IS_NONE_RADIUS: ParamOverride = {
  set: { range: { min: 0, max: 100000 } },
  why: '0 is no proximity alert: the reference reads an absent one as 0',
};

export const OVERRIDES: Overrides = {
  getUpdates: { limit: clamped('process_get_updates_query') },
  setWebhook: {
    secret_token: {
      set: { pattern: '^[A-Za-z0-9_-]*$' },
      why: '"Only characters A-Z, a-z, 0-9, _ and - are allowed" is a set of characters, not a range',
    },
    max_connections: clamped('process_set_webhook_query'),
  },
  getUserProfilePhotos: { limit: clamped('process_get_user_profile_photos_query') },
  getUserProfileAudios: { limit: clamped('process_get_user_profile_audios_query, as getUserProfilePhotos') },
  getStarTransactions: { limit: clamped('process_get_star_transactions_query') },
  createChatInviteLink: { member_limit: clamped('process_create_chat_invite_link_query: 0-100000') },
  editChatInviteLink: { member_limit: clamped('process_edit_chat_invite_link_query: 0-100000') },
  sendMediaGroup: {
    media: {
      set: { items: { min: 1, max: 10 } },
      why: 'TDLib sends a lone item as an ordinary message (send_message_group); none is "there are no messages to send"',
    },
  },
  editMessageLiveLocation: {
    heading: ZERO_IS_NONE_HEADING,
    proximity_alert_radius: ZERO_IS_NONE_RADIUS,
    horizontal_accuracy: {
      set: { outOfRange: 'clamp' },
      why: "TDLib's Location clamps the accuracy to 0-1500 (fix_accuracy)",
    },
  },
  sendLocation: {
    heading: ZERO_IS_NONE_HEADING,
    proximity_alert_radius: ZERO_IS_NONE_RADIUS,
    horizontal_accuracy: {
      set: { outOfRange: 'clamp' },
      why: "TDLib's Location clamps the accuracy to 0-1500 (fix_accuracy)",
    },
    live_period: {
      drop: ['range'],
      why: '"between 60 and 86400, or 0x7FFFFFFF", and 0 for an ephemeral message: not one range',
    },
  },
  sendPoll: {
    explanation: {
      set: { length: { min: 0, max: 200, unit: 'characters', afterEntities: true } },
      why: '"at most 2 line feeds" stands between the length and "after entities parsing"; the line feeds are the handler\'s',
    },
    close_date: { why: '"at least 5 and no more than 2628000 seconds in the future": relative to now' },
    open_period: {
      set: { outOfRange: 'clamp' },
      why: 'the reference clamps it (Client.cpp process_send_poll_query, get_integer_arg), as close_date',
    },
  },
  sendDice: {
    emoji: {
      set: { oneOf: ['🎲', '🎯', '🏀', '⚽', '🎳', '🎰'], default: '🎲' },
      why: "the JSON lost the emoji (its text reads '', '', ...); the values 1-6, 1-5, 1-64 are the dice's",
    },
  },
  setMessageReaction: {
    reaction: {
      set: { items: { min: 0, max: 1 } },
      why: '"bots can set up to one reaction per message": a count in words',
    },
  },
  createChatSubscriptionInviteLink: { subscription_period: SUBSCRIPTION_PERIOD },
  createInvoiceLink: { subscription_period: SUBSCRIPTION_PERIOD, suggested_tip_amounts: TIP_AMOUNTS },
  giftPremiumSubscription: {
    star_count: {
      set: { oneOf: [1000, 1500, 2500] },
      why: '"must be 1000 for 3 months, 1500 for 6 months, and 2500 for 12 months": the pair is the handler\'s',
    },
  },
  verifyUser: { custom_description: CUSTOM_DESCRIPTION },
  verifyChat: { custom_description: CUSTOM_DESCRIPTION },
  approveSuggestedPost: {
    send_date: { why: '"not more than 2678400 seconds (30 days) in the future": relative to now' },
  },
  setStickerKeywords: {
    keywords: { why: '"total length of up to 64 characters": of all the keywords together, not of each' },
  },
  sendInvoice: {
    suggested_tip_amounts: TIP_AMOUNTS,
    start_parameter: { why: '"If non-empty" says what the button becomes, not a limit' },
  },
};
