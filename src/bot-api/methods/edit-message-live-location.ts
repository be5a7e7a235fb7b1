import { defineMethod } from '../define-method.js';
import { readEditRef } from '../edit-target.js';
import { botApiError } from '../errors.js';
import { readLocation } from '../location-params.js';
import { inlineMarkupPatch } from './edit-message-reply-markup.js';
import { MAX_PROXIMITY_ALERT_RADIUS } from '../../platform/messages/person-content.js';

/**
 * editMessageLiveLocation: moves a live location the bot sent (chat_id and message_id) or that was
 * sent through it (inline_message_id), while it is live: the new point, heading and
 * proximity_alert_radius (left out: none), a longer live_period (0x7FFFFFFF: forever), and the
 * inline keyboard as other edits replace it. Answers the edited Message, or true for an inline
 * message. The rules are platform/messages/live-locations.ts; spec editMessageLiveLocation.
 */
export const editMessageLiveLocation = defineMethod('editMessageLiveLocation', async (ctx) => {
  const { params, platform } = ctx;
  // readLocation, not ctx.values: it reads the floats as td::to_double ("1.5abc" is 1.5; ctx.values
  // reads NaN) and clamps horizontal_accuracy itself.
  const point = readLocation(params, 'LOCATION_INVALID');
  const heading = ctx.values.heading ?? 0;
  const radius = ctx.values.proximity_alert_radius ?? 0;
  const livePeriod = ctx.values.live_period ?? 0;
  if (heading !== 0 && (heading < 1 || heading > 360)) throw botApiError('LIVE_HEADING_INVALID');
  if (radius < 0 || radius > MAX_PROXIMITY_ALERT_RADIUS) throw botApiError('PROXIMITY_ALERT_RADIUS_INVALID');
  const markup = inlineMarkupPatch(ctx);
  const { bot, ref } = await readEditRef(ctx);
  return platform.edits.editLiveLocationByBot(
    bot,
    ref,
    { ...point, heading, proximity_alert_radius: radius, live_period: livePeriod },
    markup,
  );
});
