import type { RouteContext } from '../control-context.js';
import { deviceView } from '../../platform/users/devices.js';
import { deviceInput } from './device-support.js';

/** POST /control/devices: adds a device to a person. */
export async function addDevice({ platform, input }: RouteContext<'addDevice'>) {
  return deviceView(await platform.devices.add(input.user, deviceInput(input)));
}
