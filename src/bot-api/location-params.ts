/**
 * latitude, longitude and horizontal_accuracy, read as the reference's get_location reads them and
 * checked as TDLib's Location does: floats read leniently, a point off the map refused, the
 * accuracy clamped to 0-1500 metres.
 */
import { botApiError } from './errors.js';
import type { Params } from './params.js';

export interface WireLocation {
  latitude: number;
  longitude: number;
  horizontal_accuracy?: number;
}

/** td::to_double: the longest leading number, 0 when there is none. */
function lenientFloat(text: string): number {
  const value = Number.parseFloat(text);
  return Number.isFinite(value) ? value : 0;
}

/**
 * The point; `offMap` is the refusal of a point off the map (TDLib: "Wrong location specified",
 * "Wrong venue location specified").
 */
export function readLocation(
  params: Params,
  offMap: 'LOCATION_INVALID' | 'VENUE_LOCATION_INVALID',
): WireLocation {
  const latitude = params.string('latitude')?.trim();
  if (!latitude) throw botApiError('PARAMETER_EMPTY', { name: 'latitude' });
  const longitude = params.string('longitude')?.trim();
  if (!longitude) throw botApiError('PARAMETER_EMPTY', { name: 'longitude' });
  const location: WireLocation = { latitude: lenientFloat(latitude), longitude: lenientFloat(longitude) };
  if (Math.abs(location.latitude) > 90 || Math.abs(location.longitude) > 180) {
    throw botApiError(offMap);
  }
  const accuracy = Math.min(
    1500,
    Math.max(0, lenientFloat(params.string('horizontal_accuracy')?.trim() ?? '')),
  );
  if (accuracy > 0) location.horizontal_accuracy = accuracy;
  return location;
}
