import { optionalNumber, optionalText, requireNumber, sender } from './person-send-inputs.js';
import { requireString, type ControlContext } from '../control-context.js';

/**
 * POST /control/messages/venue: a person sends a place (`latitude`, `longitude`, `title`,
 * `address`, and one provider's `venueprovider1_id`/`venueprovider1_type` or
 * `venueprovider2_place_id`/`venueprovider2_place_type`); the bots of the chat get a `message` with
 * `venue` and `location`, as sendVenue shapes them.
 */
export async function sendVenue({ platform, input }: ControlContext) {
  const { from, chat, replyTo } = sender(input);
  return platform.personContent.venue(
    from,
    chat,
    {
      latitude: requireNumber(input, 'latitude'),
      longitude: requireNumber(input, 'longitude'),
      horizontal_accuracy: optionalNumber(input, 'horizontal_accuracy'),
      title: requireString(input, 'title'),
      address: requireString(input, 'address'),
      venueprovider1_id: optionalText(input, 'venueprovider1_id'),
      venueprovider1_type: optionalText(input, 'venueprovider1_type'),
      venueprovider2_place_id: optionalText(input, 'venueprovider2_place_id'),
      venueprovider2_place_type: optionalText(input, 'venueprovider2_place_type'),
    },
    replyTo,
  );
}
