/**
 * Moving and stopping a live location (editMessageLiveLocation, stopMessageLiveLocation; TDLib's
 * edit_message_live_location and can_edit_message): a location is live from its send date for its
 * live_period (0x7FFFFFFF: until stopped), on the platform's clock. Only a live location can be
 * moved or stopped: one that has expired, was stopped, or was never live "can't be edited"; a
 * message without a location has "no live location to edit". Stopping drops the live fields, as
 * the reference shows a location that is no longer live (JsonLocation without live_period).
 */
import { PlatformError } from '../core/errors.js';
import type { MessageContent } from '../core/wire-types.js';
import { LIVE_FOREVER, MAX_LIVE_PERIOD } from './person-content.js';

/** An extended live period may not end more than 90 days from now (spec editMessageLiveLocation). */
export const MAX_LIVE_EXTENSION_AHEAD = 90 * 86_400;

/** The new point of a live location, as editMessageLiveLocation gives it. */
export interface LiveLocationMove {
  latitude: number;
  longitude: number;
  horizontal_accuracy?: number | undefined;
  /** 1-360 degrees; none: unknown. */
  heading?: number | undefined;
  /** Metres, 1-100000; none: alerts off. */
  proximity_alert_radius?: number | undefined;
  /** The new live period from the send date; none (or 0): unchanged. */
  live_period?: number | undefined;
}

type StoredLocation = Record<string, unknown> & { live_period?: unknown };

/** The message's live period if its location is live at `now`; refuses it otherwise. */
export function activeLivePeriod(content: MessageContent, sentAt: number, now: number): number {
  const location = content.location as StoredLocation | undefined;
  if (location === undefined || content.venue !== undefined) {
    throw new PlatformError('NO_LIVE_LOCATION_TO_EDIT', 'there is no live location in the message to edit');
  }
  const period = typeof location.live_period === 'number' ? location.live_period : 0;
  if (period <= 0 || (period !== LIVE_FOREVER && now - sentAt >= period)) {
    throw new PlatformError('MESSAGE_CANT_BE_EDITED', "message can't be edited");
  }
  return period;
}

/**
 * The live period after an edit: unchanged without a new one; 0x7FFFFFFF; or one that ends after
 * now, at most a day longer than the current one and within 90 days from now.
 */
export function extendedLivePeriod(
  current: number,
  requested: number | undefined,
  sentAt: number,
  now: number,
): number {
  if (requested === undefined || requested === 0) return current;
  if (requested === LIVE_FOREVER) return LIVE_FOREVER;
  const endsInPast = sentAt + requested <= now;
  const tooLong = current !== LIVE_FOREVER && requested > current + MAX_LIVE_PERIOD;
  const tooFar = sentAt + requested > now + MAX_LIVE_EXTENSION_AHEAD;
  if (requested < 0 || endsInPast || tooLong || tooFar) {
    throw new PlatformError('LIVE_PERIOD_INVALID', 'wrong live location period specified');
  }
  return requested;
}

/**
 * The location after a move, in the Bot API's key order (as sendLocation): the new point, heading
 * and alert radius replace the old ones (left out: none), the live period as extendedLivePeriod.
 */
export function movedLocation(
  content: MessageContent,
  move: LiveLocationMove,
  sentAt: number,
  now: number,
): Record<string, unknown> {
  const period = extendedLivePeriod(activeLivePeriod(content, sentAt, now), move.live_period, sentAt, now);
  const location: Record<string, unknown> = {
    latitude: move.latitude,
    longitude: move.longitude,
    live_period: period,
  };
  if (move.heading !== undefined && move.heading > 0) location.heading = move.heading;
  if (move.proximity_alert_radius !== undefined && move.proximity_alert_radius > 0) {
    location.proximity_alert_radius = move.proximity_alert_radius;
  }
  if (move.horizontal_accuracy !== undefined && move.horizontal_accuracy > 0) {
    location.horizontal_accuracy = move.horizontal_accuracy;
  }
  return location;
}

/** The location after a stop: where it last was, no longer live. */
export function stoppedLocation(
  content: MessageContent,
  sentAt: number,
  now: number,
): Record<string, unknown> {
  activeLivePeriod(content, sentAt, now);
  const {
    live_period: _period,
    heading: _heading,
    proximity_alert_radius: _radius,
    ...point
  } = content.location as StoredLocation;
  return point;
}
