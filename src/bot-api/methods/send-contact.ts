import { defineMethod } from '../define-method.js';
import { checkChat } from '../send-media.js';
import { deliverSend, readSendOptions } from '../send-options.js';

/**
 * sendContact: a phone contact; user_id is filled in when the number belongs to someone on
 * Parley, as the platform does for known accounts. Key order as the reference's JsonContact.
 * spec/bot-api.md Contact; reference Appendix B (process_send_contact_query).
 */
export const sendContact = defineMethod('sendContact', async (ctx) => {
  const { platform } = ctx;
  // The runner has refused an absent phone_number or first_name, and a vcard over 2048 bytes
  // (reference Appendix B; VCARD_TOO_LONG, declared/refusals.ts).
  const { phone_number: phoneNumber, first_name: firstName, last_name: lastName, vcard } = ctx.values;
  const options = await readSendOptions(ctx, { ephemeral: true });
  const bot = await checkChat(ctx, options);

  const contact: Record<string, unknown> = { phone_number: phoneNumber, first_name: firstName };
  if (lastName !== undefined) contact.last_name = lastName;
  if (vcard !== undefined) contact.vcard = vcard;
  const digits = phoneNumber.replace(/[^\d]/g, '');
  const owner = digits === '' ? undefined : await platform.deps.store.getUserByPhone(`+${digits}`);
  if (owner) contact.user_id = owner.id;
  return deliverSend(ctx, bot, options, { contact, ...options.content });
});
