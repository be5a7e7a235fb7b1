import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';
import { checkChat } from '../send-media.js';
import { deliverSend, readSendOptions } from '../send-options.js';

/** vcard: 0-2048 bytes (reference Appendix B). */
const MAX_VCARD_BYTES = 2048;

/**
 * sendContact: a phone contact; user_id is filled in when the number belongs to someone on
 * Parley, as the platform does for known accounts. Key order as the reference's JsonContact.
 * spec/bot-api.md Contact; reference Appendix B (process_send_contact_query).
 */
export async function sendContact(ctx: MethodContext) {
  const { params, platform } = ctx;
  const phoneNumber = params.string('phone_number');
  if (phoneNumber === undefined) throw botApiError('PARAMETER_REQUIRED', { name: 'phone_number' });
  const firstName = params.string('first_name');
  if (firstName === undefined) throw botApiError('PARAMETER_REQUIRED', { name: 'first_name' });
  const lastName = params.string('last_name');
  const vcard = params.string('vcard');
  // Parley's text: the limit is the platform's, and its wording is not documented.
  if (vcard !== undefined && Buffer.byteLength(vcard) > MAX_VCARD_BYTES) {
    throw botApiError('VCARD_TOO_LONG');
  }
  const options = await readSendOptions(ctx, { ephemeral: true });
  const bot = await checkChat(ctx, options);

  const contact: Record<string, unknown> = { phone_number: phoneNumber, first_name: firstName };
  if (lastName !== undefined) contact.last_name = lastName;
  if (vcard !== undefined) contact.vcard = vcard;
  const digits = phoneNumber.replace(/[^\d]/g, '');
  const owner = digits === '' ? undefined : await platform.deps.store.getUserByPhone(`+${digits}`);
  if (owner) contact.user_id = owner.id;
  return deliverSend(ctx, bot, options, { contact, ...options.content });
}
