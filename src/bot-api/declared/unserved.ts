/**
 * The documented parameters Parley does not serve yet (issue 25, ADR 0075): a call that carries one
 * is refused with 501 naming it (`Not Implemented: <method>.<parameter> is not supported by Parley
 * yet`) before its handler runs, rather than answered as if the parameter had done its work. A
 * parameter is carried when it is not empty (params.ts: empty is absent); a Boolean only when it reads
 * true, since false asks for what Parley does anyway.
 *
 * Hand-checked against test/helpers/param-reads.ts, which lists the declared parameters no handler
 * reads; its guard test (unserved.test.ts) holds the two together: every unread parameter is here or
 * in SERVED_WITHOUT_READING, and a parameter that a handler comes to read must leave this list. The
 * ephemeral parameters (receiver_user_id, callback_query_id, ephemeral_message_parameters) are not
 * here: they have their own refusal (ADR 0062).
 */
import type { DeclaredMethodName } from './methods.js';

/** Parameter name -> one line saying what Parley does not do. */
export type UnservedParams = Readonly<Record<string, string>>;

const DIRECT_MESSAGES_TOPIC =
  "a bot's send into a person's topic of a channel's direct-messages chat (ADR 0053) is not modelled";
const PAID_BROADCAST = 'paid broadcasts (sends beyond the free rate, paid in Stars) are not modelled';
const MESSAGE_EFFECT = 'message effects are not modelled: no Message has an effect_id';
const SUGGESTED_POST =
  "a bot's own suggested post in a direct-messages chat is not modelled (people suggest through the control API, ADR 0053)";
const VIDEO_START = "a forwarded or copied video's start timestamp is not changed";

/** The parameters most sends share and none serves yet. */
const SEND: UnservedParams = {
  direct_messages_topic_id: DIRECT_MESSAGES_TOPIC,
  allow_paid_broadcast: PAID_BROADCAST,
  message_effect_id: MESSAGE_EFFECT,
  suggested_post_parameters: SUGGESTED_POST,
};

export const UNSERVED_PARAMS: { readonly [method in DeclaredMethodName]?: UnservedParams } = {
  sendMessage: SEND,
  forwardMessage: {
    direct_messages_topic_id: DIRECT_MESSAGES_TOPIC,
    video_start_timestamp: VIDEO_START,
    message_effect_id: MESSAGE_EFFECT,
    suggested_post_parameters: SUGGESTED_POST,
  },
  forwardMessages: { direct_messages_topic_id: DIRECT_MESSAGES_TOPIC },
  copyMessage: { ...SEND, video_start_timestamp: VIDEO_START },
  copyMessages: { direct_messages_topic_id: DIRECT_MESSAGES_TOPIC },
  sendPhoto: SEND,
  sendLivePhoto: SEND,
  sendAudio: SEND,
  sendDocument: SEND,
  sendVideo: { ...SEND, cover: "a video's cover is not stored: no Video has a cover" },
  sendAnimation: SEND,
  sendVoice: SEND,
  sendVideoNote: SEND,
  sendPaidMedia: {
    direct_messages_topic_id: DIRECT_MESSAGES_TOPIC,
    allow_paid_broadcast: PAID_BROADCAST,
    suggested_post_parameters: SUGGESTED_POST,
  },
  sendMediaGroup: {
    direct_messages_topic_id: DIRECT_MESSAGES_TOPIC,
    allow_paid_broadcast: PAID_BROADCAST,
    message_effect_id: MESSAGE_EFFECT,
  },
  sendLocation: SEND,
  sendVenue: SEND,
  sendContact: SEND,
  sendPoll: {
    shuffle_options: "a poll's options are not shuffled for each voter",
    allow_adding_options: 'people cannot add options to a poll',
    explanation_media: "a quiz's explanation holds no media",
    media: 'a poll holds no media',
    allow_paid_broadcast: PAID_BROADCAST,
    message_effect_id: MESSAGE_EFFECT,
  },
  sendChecklist: { message_effect_id: MESSAGE_EFFECT },
  sendDice: SEND,
  banChatMember: { revoke_messages: "a ban deletes none of the member's messages" },
  sendSticker: SEND,
  sendRichMessage: SEND,
  sendInvoice: SEND,
  createInvoiceLink: {
    business_connection_id: 'an invoice link is made by the bot itself, never for a business account',
  },
  sendGame: { allow_paid_broadcast: PAID_BROADCAST, message_effect_id: MESSAGE_EFFECT },
};

/**
 * Parameters that no handler reads by name and that are served all the same: what they ask for is
 * what Parley always does, or makes no difference that the Bot API shows. Kept so that the guard test
 * can tell them from parameters forgotten.
 */
export const SERVED_WITHOUT_READING: { readonly [method in DeclaredMethodName]?: UnservedParams } = {
  sendDocument: {
    disable_content_type_detection:
      'Parley never turns a document into another media type: detection is always off',
  },
  sendVideo: {
    supports_streaming: 'no field of Video or Message shows it, so a bot sees the same answer either way',
  },
};
