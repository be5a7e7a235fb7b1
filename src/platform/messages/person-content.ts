/**
 * People send what their client can send besides text and files (control API `POST
 * /control/messages/location`, `/venue`, `/contact`, `/dice`; `parley send --location ...`): the bots
 * of the chat get a `message` (or `channel_post`) whose location, venue, contact or dice has the
 * shape the Bot API gives those objects when a bot sends them (bot-api/methods/send-location.ts,
 * send-venue.ts, send-contact.ts, send-dice.ts), so a bot sees the same object from a person as from
 * another bot. Polls are in person-poll.ts.
 *
 * Everything is checked before anything is stored, and the message's one write checks the chat,
 * the person's rights (locations, venues and contacts need can_send_messages, dice
 * can_send_other_messages: chat-access.ts) and the reply target, so a refused send stores nothing.
 *
 * Live locations: a person may send a location with a live_period, but cannot move it afterwards
 * (the control API has no such action), so it stays where it was sent until it expires. Bots move
 * and stop the live locations they send, or that were sent through them as inline messages
 * (editMessageLiveLocation, stopMessageLiveLocation: live-locations.ts, message-edits.ts).
 */
import { PlatformError } from '../core/errors.js';
import { DICE_MAX_VALUES } from './forwards.js';
import type { Messages } from './messages.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { Users } from '../users/users.js';
import type { MessageContent, WireMessage } from '../core/wire-types.js';
import { codePointLength } from '../formatting/index.js';

/** Live locations: 60 s to a day, or 0x7FFFFFFF for one shared until stopped (TDLib). */
export const MIN_LIVE_PERIOD = 60;
export const MAX_LIVE_PERIOD = 86_400;
export const LIVE_FOREVER = 0x7fffffff;
export const MAX_HORIZONTAL_ACCURACY = 1500;
export const MAX_PROXIMITY_ALERT_RADIUS = 100_000;
/** A contact's vcard: 0-2048 bytes (as sendContact). */
const MAX_VCARD_BYTES = 2048;
/** Names as the platform keeps them (users.ts): 1-64 characters. */
const MAX_NAME_LENGTH = 64;
/** A venue's title and address, and a provider's id or type (Parley's limits). */
const MAX_VENUE_TEXT_LENGTH = 256;

/** The dice a client offers, with their highest value (the values of sendDice). */
export const DICE_EMOJI: readonly string[] = [...DICE_MAX_VALUES.keys()];

export interface PersonLocation {
  latitude: number;
  longitude: number;
  /** Metres, 0-1500; larger values are clamped as the platform clamps them. */
  horizontal_accuracy?: number | undefined;
  /** Seconds the location is live: 60-86400, or 0x7FFFFFFF; none: a plain location. */
  live_period?: number | undefined;
  /** 1-360 degrees (live locations only). */
  heading?: number | undefined;
  /** Metres, 0-100000 (live locations only). */
  proximity_alert_radius?: number | undefined;
}

export interface PersonVenue {
  latitude: number;
  longitude: number;
  horizontal_accuracy?: number | undefined;
  title: string;
  address: string;
  venueprovider1_id?: string | undefined;
  venueprovider1_type?: string | undefined;
  venueprovider2_place_id?: string | undefined;
  venueprovider2_place_type?: string | undefined;
}

/** Another contact, or none of it: the person's own (a client's "share my phone number"). */
export interface PersonContact {
  phone_number?: string | undefined;
  first_name?: string | undefined;
  last_name?: string | undefined;
  vcard?: string | undefined;
}

const PROVIDER_FIELDS = [
  ['venueprovider1_id', 'venueprovider1_type'],
  ['venueprovider2_place_id', 'venueprovider2_place_type'],
] as const;

export class PersonContentSender {
  constructor(
    private readonly deps: PlatformDeps,
    private readonly users: Users,
    private readonly messages: Messages,
  ) {}

  /** A location, live when it has a live_period (spec Location). */
  async location(userRef: string, chatRef: string, given: PersonLocation, replyTo?: number) {
    const user = await this.users.resolve(userRef, 'user');
    return this.messages.deliverFromUser(user, chatRef, { location: locationOf(given, true) }, replyTo);
  }

  /** A venue: a place with a title and an address; the message also carries its location. */
  async venue(userRef: string, chatRef: string, given: PersonVenue, replyTo?: number) {
    const user = await this.users.resolve(userRef, 'user');
    const location = locationOf(given, false);
    const venue: Record<string, unknown> = {
      location,
      title: venueText(given.title, 'title'),
      address: venueText(given.address, 'address'),
    };
    // As the Bot API: a venue names one provider; the first wins when both are given.
    for (const [idField, typeField] of PROVIDER_FIELDS) {
      const id = given[idField];
      const type = given[typeField];
      if (id === undefined && type === undefined) continue;
      if (id !== undefined) venue[idField] = optionalVenueText(id, idField);
      if (type !== undefined) venue[typeField] = optionalVenueText(type, typeField);
      break;
    }
    return this.messages.deliverFromUser(user, chatRef, { location, venue }, replyTo);
  }

  /**
   * A contact. Without a phone number it is the person's own (phone number and names from their
   * account, user_id theirs); otherwise user_id is filled in when the number belongs to someone on
   * Parley, as for a bot's sendContact. Key order as the Bot API's Contact.
   */
  async contact(userRef: string, chatRef: string, given: PersonContact, replyTo?: number) {
    const user = await this.users.resolve(userRef, 'user');
    const own = given.phone_number === undefined || given.phone_number.trim() === '';
    const phoneNumber = own ? user.phone_number : given.phone_number!.trim();
    if (!phoneNumber) throw new PlatformError('BAD_REQUEST', 'phone_number is required');
    if (!/^\+?[\d\s()-]{3,32}$/.test(phoneNumber)) {
      throw new PlatformError('BAD_REQUEST', 'phone_number must be digits, with an optional leading +');
    }
    const firstName = nameOf(given.first_name ?? (own ? user.first_name : undefined), 'first_name', true);
    const lastName = nameOf(
      given.last_name ?? (own ? (user.last_name ?? undefined) : undefined),
      'last_name',
    );
    if (given.vcard !== undefined && Buffer.byteLength(given.vcard) > MAX_VCARD_BYTES) {
      throw new PlatformError('BAD_REQUEST', `vcard is longer than ${MAX_VCARD_BYTES} bytes`);
    }
    const contact: Record<string, unknown> = { phone_number: phoneNumber, first_name: firstName };
    if (lastName !== undefined) contact.last_name = lastName;
    if (given.vcard !== undefined && given.vcard !== '') contact.vcard = given.vcard;
    const digits = phoneNumber.replace(/[^\d]/g, '');
    const owner = own ? user : await this.deps.store.getUserByPhone(`+${digits}`);
    if (owner) contact.user_id = owner.id;
    return this.messages.deliverFromUser(user, chatRef, { contact }, replyTo);
  }

  /** A dice of one of the platform's emoji (🎲 by default) with a value from the platform's Random. */
  async dice(userRef: string, chatRef: string, emoji?: string, replyTo?: number): Promise<WireMessage> {
    const user = await this.users.resolve(userRef, 'user');
    const chosen = (emoji ?? '🎲').replace(/\uFE0F/g, '').trim() || '🎲';
    const max = DICE_MAX_VALUES.get(chosen);
    if (max === undefined) {
      throw new PlatformError('BAD_REQUEST', `emoji must be one of ${DICE_EMOJI.join(' ')}`);
    }
    // The value is drawn before the write: a refused send only wastes a draw.
    const content: MessageContent = { dice: { emoji: chosen, value: this.deps.random.int(1, max + 1) } };
    return this.messages.deliverFromUser(user, chatRef, content, replyTo);
  }
}

/**
 * The Location object, with the Bot API's key order (sendLocation): coordinates, the live fields of
 * a live location, horizontal_accuracy last. `live`: whether live fields may be given (not in a venue).
 */
function locationOf(
  given: PersonLocation & Pick<PersonVenue, 'horizontal_accuracy'>,
  live: boolean,
): Record<string, unknown> {
  const { latitude, longitude } = given;
  if (!Number.isFinite(latitude) || latitude < -90 || latitude > 90) {
    throw new PlatformError('BAD_REQUEST', 'latitude must be a number from -90 to 90');
  }
  if (!Number.isFinite(longitude) || longitude < -180 || longitude > 180) {
    throw new PlatformError('BAD_REQUEST', 'longitude must be a number from -180 to 180');
  }
  const location: Record<string, unknown> = { latitude, longitude };
  const accuracy = given.horizontal_accuracy;
  if (accuracy !== undefined && (!Number.isFinite(accuracy) || accuracy < 0)) {
    throw new PlatformError('BAD_REQUEST', 'horizontal_accuracy must be a number of metres from 0 to 1500');
  }
  const livePeriod = live ? given.live_period : undefined;
  if (livePeriod === undefined) {
    if (given.heading !== undefined || given.proximity_alert_radius !== undefined) {
      throw new PlatformError('BAD_REQUEST', 'heading and proximity_alert_radius need a live_period');
    }
  } else {
    if (
      livePeriod !== LIVE_FOREVER &&
      (!Number.isInteger(livePeriod) || livePeriod < MIN_LIVE_PERIOD || livePeriod > MAX_LIVE_PERIOD)
    ) {
      throw new PlatformError(
        'BAD_REQUEST',
        `live_period must be ${MIN_LIVE_PERIOD}-${MAX_LIVE_PERIOD} seconds, or ${LIVE_FOREVER}`,
      );
    }
    location.live_period = livePeriod;
    const { heading, proximity_alert_radius: radius } = given;
    if (heading !== undefined) {
      if (!Number.isInteger(heading) || heading < 1 || heading > 360) {
        throw new PlatformError('BAD_REQUEST', 'heading must be an integer from 1 to 360');
      }
      location.heading = heading;
    }
    if (radius !== undefined) {
      if (!Number.isInteger(radius) || radius < 0 || radius > MAX_PROXIMITY_ALERT_RADIUS) {
        throw new PlatformError(
          'BAD_REQUEST',
          `proximity_alert_radius must be an integer from 0 to ${MAX_PROXIMITY_ALERT_RADIUS}`,
        );
      }
      if (radius > 0) location.proximity_alert_radius = radius;
    }
  }
  if (accuracy !== undefined && accuracy > 0) {
    location.horizontal_accuracy = Math.min(MAX_HORIZONTAL_ACCURACY, accuracy);
  }
  return location;
}

function venueText(value: string, field: string): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') throw new PlatformError('BAD_REQUEST', `${field} is required`);
  return optionalVenueText(text, field);
}

function optionalVenueText(value: string, field: string): string {
  if (codePointLength(value) > MAX_VENUE_TEXT_LENGTH) {
    throw new PlatformError('BAD_REQUEST', `${field} is longer than ${MAX_VENUE_TEXT_LENGTH} characters`);
  }
  return value;
}

function nameOf(value: string | undefined, field: string, required = false): string | undefined {
  const text = value?.trim() ?? '';
  if (text === '') {
    if (required) throw new PlatformError('BAD_REQUEST', `${field} is required`);
    return undefined;
  }
  if (codePointLength(text) > MAX_NAME_LENGTH) {
    throw new PlatformError('BAD_REQUEST', `${field} is longer than ${MAX_NAME_LENGTH} characters`);
  }
  return text;
}
