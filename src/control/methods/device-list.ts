import type { RouteContext } from '../control-context.js';
import { deviceView } from '../../platform/users/devices.js';

/** GET /control/devices: a person's devices (a new person has one online device). */
export async function listDevices({ platform, input }: RouteContext<'listDevices'>) {
  return (await platform.devices.list(input.user)).map(deviceView);
}
