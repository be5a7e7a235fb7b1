import { optionalText, sender } from './person-send-inputs.js';
import type { ControlContext } from '../control-context.js';

/**
 * POST /control/messages/contact: a person shares a contact (`phone_number`, `first_name`,
 * `last_name?`, `vcard?`), or without `phone_number` their own (what a client sends for a
 * request_contact button); the bots of the chat get a `message` with `contact`, whose `user_id` is
 * set when the number is someone's on Parley.
 */
export async function sendContact({ platform, input }: ControlContext) {
  const { from, chat, replyTo } = sender(input);
  return platform.personContent.contact(
    from,
    chat,
    {
      phone_number: optionalText(input, 'phone_number'),
      first_name: optionalText(input, 'first_name'),
      last_name: optionalText(input, 'last_name'),
      vcard: optionalText(input, 'vcard'),
    },
    replyTo,
  );
}
