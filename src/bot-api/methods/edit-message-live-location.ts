import { readEditRef } from '../edit-target.js';
import { botApiError } from '../errors.js';
import { readLocation } from '../location-params.js';
import type { MethodContext } from '../method-context.js';
import { inlineMarkupPatch } from './edit-message-reply-markup.js';
import { MAX_PROXIMITY_ALERT_RADIUS } from '../../platform/messages/person-content.js';

/**
 * editMessageLiveLocation: moves a live location the bot sent (chat_id and message_id) or that was
 * sent through it (inline_message_id), while it is live: the new point, heading and
 * proximity_alert_radius (left out: none), a longer live_period (0x7FFFFFFF: forever), and the
 * inline keyboard as other edits replace it. Answers the edited Message, or true for an inline
 * message. The rules are platform/messages/live-locations.ts; spec editMessageLiveLocation.
 */
export async function editMessageLiveLocation(ctx: MethodContext) {
  const { params, platform } = ctx;
  const point = readLocation(params, 'LOCATION_INVALID');
  const heading = params.int('heading') ?? 0;
  const radius = params.int('proximity_alert_radius') ?? 0;
  const livePeriod = params.int('live_period') ?? 0;
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
}
