import type { RouteContext } from '../control-context.js';

/**
 * POST /control/messages/location: a person sends a location (`latitude`, `longitude`,
 * `horizontal_accuracy?`), live with `live_period` (and `heading?`, `proximity_alert_radius?`); the
 * bots of the chat get a `message` with `location` as sendLocation shapes it. A person cannot move a
 * live location afterwards (bots move theirs: editMessageLiveLocation).
 */
export async function sendLocation({ platform, input }: RouteContext<'sendLocation'>) {
  return platform.personContent.location(
    input.from,
    input.chat,
    {
      latitude: input.latitude,
      longitude: input.longitude,
      horizontal_accuracy: input.horizontal_accuracy,
      live_period: input.live_period,
      heading: input.heading,
      proximity_alert_radius: input.proximity_alert_radius,
    },
    input.reply_to_message_id,
  );
}
