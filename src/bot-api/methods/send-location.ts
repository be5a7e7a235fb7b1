import { botApiError } from '../errors.js';
import { readLocation } from '../location-params.js';
import type { MethodContext } from '../method-context.js';
import { checkChat } from '../send-media.js';
import { deliverSend, readSendOptions } from '../send-options.js';

/** Live locations: 60 s to a day, or 0x7FFFFFFF for one that is edited indefinitely (TDLib). */
const MIN_LIVE_PERIOD = 60;
const MAX_LIVE_PERIOD = 86_400;
const FOREVER = 0x7fffffff;
const MAX_PROXIMITY_ALERT_RADIUS = 100_000;

/**
 * sendLocation: a point, or a live location (live_period) with heading and
 * proximity_alert_radius; the ranges and texts are TDLib's process_input_message_location. The
 * Location object has the reference's key order (JsonLocation): live fields only for live
 * locations, horizontal_accuracy last. spec/bot-api.md Location; reference Appendix B.
 */
export async function sendLocation(ctx: MethodContext) {
  const { params } = ctx;
  const point = readLocation(params, 'LOCATION_INVALID');
  const livePeriod = params.int('live_period') ?? 0;
  const heading = params.int('heading') ?? 0;
  const radius = params.int('proximity_alert_radius') ?? 0;
  const options = await readSendOptions(ctx, { ephemeral: true });
  const bot = await checkChat(ctx, options);
  if (
    livePeriod !== 0 &&
    livePeriod !== FOREVER &&
    (livePeriod < MIN_LIVE_PERIOD || livePeriod > MAX_LIVE_PERIOD)
  ) {
    throw botApiError('LIVE_PERIOD_INVALID');
  }
  if (heading !== 0 && (heading < 1 || heading > 360)) {
    throw botApiError('LIVE_HEADING_INVALID');
  }
  if (radius < 0 || radius > MAX_PROXIMITY_ALERT_RADIUS) {
    throw botApiError('PROXIMITY_ALERT_RADIUS_INVALID');
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
}
