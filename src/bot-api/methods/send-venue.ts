import { defineMethod } from '../define-method.js';
import { readLocation } from '../location-params.js';
import { checkChat } from '../send-media.js';
import { deliverSend, readSendOptions } from '../send-options.js';

/**
 * The two place providers of a venue, by the spec's names, each with the reference's parameter
 * names accepted as well (so that bots written for the reference work unchanged). As in the
 * reference, a venue names one provider; the first wins when both are given. The spec's names are
 * not declared (the reference's are): they are read from the parameters, the reference's from the values.
 */
const PROVIDERS = [
  {
    id: 'venueprovider1_id',
    type: 'venueprovider1_type',
    legacyId: 'foursquare_id',
    legacyType: 'foursquare_type',
  },
  {
    id: 'venueprovider2_place_id',
    type: 'venueprovider2_place_type',
    legacyId: 'google_place_id',
    legacyType: 'google_place_type',
  },
] as const;

/**
 * sendVenue: a place with title and address at a point (never live), with the ids and types of an
 * external place provider under the spec's field names (venueprovider1_id, venueprovider1_type,
 * venueprovider2_place_id, venueprovider2_place_type). spec/bot-api.md Venue; reference Appendix B
 * (process_send_venue_query) for the order and texts.
 */
export const sendVenue = defineMethod('sendVenue', async (ctx) => {
  const { params, values } = ctx;
  // The reference reads an absent title or address as "" (declared/refusals.ts).
  const { title = '', address = '' } = values;
  // readLocation reads the floats as td::to_double does (a leading number), not as Number().
  const location = readLocation(params, 'VENUE_LOCATION_INVALID');
  const venue: Record<string, unknown> = { location, title, address };
  for (const provider of PROVIDERS) {
    const id = params.string(provider.id) ?? values[provider.legacyId];
    const type = params.string(provider.type) ?? values[provider.legacyType];
    if (id === undefined && type === undefined) continue;
    if (id !== undefined) venue[provider.id] = id;
    if (type !== undefined) venue[provider.type] = type;
    break;
  }
  const options = await readSendOptions(ctx, { ephemeral: true });
  const bot = await checkChat(ctx, options);
  // A venue message also carries its location (spec: "venue:Venue (location also set)").
  return deliverSend(ctx, bot, options, { location, venue, ...options.content });
});
