import type { RouteContext } from '../control-context.js';

/**
 * POST /control/messages/venue: a person sends a place (`latitude`, `longitude`, `title`,
 * `address`, and one provider's `venueprovider1_id`/`venueprovider1_type` or
 * `venueprovider2_place_id`/`venueprovider2_place_type`); the bots of the chat get a `message` with
 * `venue` and `location`, as sendVenue shapes them.
 */
export async function sendVenue({ platform, input }: RouteContext<'sendVenue'>) {
  return platform.personContent.venue(
    input.from,
    input.chat,
    {
      latitude: input.latitude,
      longitude: input.longitude,
      horizontal_accuracy: input.horizontal_accuracy,
      title: input.title,
      address: input.address,
      venueprovider1_id: input.venueprovider1_id,
      venueprovider1_type: input.venueprovider1_type,
      venueprovider2_place_id: input.venueprovider2_place_id,
      venueprovider2_place_type: input.venueprovider2_place_type,
    },
    input.reply_to_message_id,
  );
}
