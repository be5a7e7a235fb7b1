import { optionalNumber, optionalWholeNumber, requireNumber, sender } from './person-send-inputs.js';
import type { ControlContext } from '../control-context.js';

/**
 * POST /control/messages/location: a person sends a location (`latitude`, `longitude`,
 * `horizontal_accuracy?`), live with `live_period` (and `heading?`, `proximity_alert_radius?`); the
 * bots of the chat get a `message` with `location` as sendLocation shapes it. A live location cannot
 * be moved afterwards (Parley has no editMessageLiveLocation).
 */
export async function sendLocation({ platform, input }: ControlContext) {
  const { from, chat, replyTo } = sender(input);
  return platform.personContent.location(
    from,
    chat,
    {
      latitude: requireNumber(input, 'latitude'),
      longitude: requireNumber(input, 'longitude'),
      horizontal_accuracy: optionalNumber(input, 'horizontal_accuracy'),
      live_period: optionalWholeNumber(input, 'live_period'),
      heading: optionalWholeNumber(input, 'heading'),
      proximity_alert_radius: optionalWholeNumber(input, 'proximity_alert_radius'),
    },
    replyTo,
  );
}
