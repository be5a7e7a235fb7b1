import type { RouteContext } from '../control-context.js';

/**
 * POST /control/messages/contact: a person shares a contact (`phone_number`, `first_name`,
 * `last_name?`, `vcard?`), or without `phone_number` their own (what a client sends for a
 * request_contact button); the bots of the chat get a `message` with `contact`, whose `user_id` is
 * set when the number is someone's on Parley.
 */
export async function sendContact({ platform, input }: RouteContext<'sendContact'>) {
  return platform.personContent.contact(
    input.from,
    input.chat,
    {
      phone_number: input.phone_number,
      first_name: input.first_name,
      last_name: input.last_name,
      vcard: input.vcard,
    },
    input.reply_to_message_id,
  );
}
