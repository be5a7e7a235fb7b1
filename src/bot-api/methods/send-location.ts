import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import { readLocation } from '../location-params.js';
import { checkChat } from '../send-media.js';
import { deliverSend, readSendOptions } from '../send-options.js';

/** Live locations: 60 s to a day, or 0x7FFFFFFF for one that is edited indefinitely (TDLib). */
const MIN_LIVE_PERIOD = 60;
const MAX_LIVE_PERIOD = 86_400;
const FOREVER = 0x7fffffff;

/**
 * sendLocation: a point, or a live location (live_period) with heading and
 * proximity_alert_radius; the ranges and texts are TDLib's process_input_message_location. The
 * Location object has the reference's key order (JsonLocation): live fields only for live
 * locations, horizontal_accuracy last. spec/bot-api.md Location; reference Appendix B. The runner
 * has refused a heading over 360 and a proximity_alert_radius over 100000 (ADR 0084).
 */
export const sendLocation = defineMethod('sendLocation', async (ctx) => {
  const { live_period: livePeriod = 0, heading = 0, proximity_alert_radius: radius = 0 } = ctx.values;
  // readLocation reads the floats as td::to_double does (a leading number), not as Number().
  const point = readLocation(ctx.params, 'LOCATION_INVALID');
  const options = await readSendOptions(ctx, { ephemeral: true });
  const bot = await checkChat(ctx, options);
  if (
    livePeriod !== 0 &&
    livePeriod !== FOREVER &&
    (livePeriod < MIN_LIVE_PERIOD || livePeriod > MAX_LIVE_PERIOD)
  ) {
    throw botApiError('LIVE_PERIOD_INVALID');
  }

  const { horizontal_accuracy: accuracy, ...coordinates } = point;
  const location: Record<string, unknown> = { ...coordinates };
  if (livePeriod !== 0) {
    location.live_period = livePeriod;
    if (heading > 0) location.heading = heading;
    if (radius > 0) location.proximity_alert_radius = radius;
  }
  if (accuracy !== undefined) location.horizontal_accuracy = accuracy;
  return deliverSend(ctx, bot, options, { location, ...options.content });
});
