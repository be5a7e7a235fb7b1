import { ControlError, type RouteContext } from '../control-context.js';
import { deviceView } from '../../platform/users/devices.js';
import { deviceInput } from './device-support.js';

/** POST /control/devices/{id}: changes a device's name, state or acknowledgement delays. */
export async function updateDevice({ platform, path, input }: RouteContext<'updateDevice'>) {
  if (!/^\d{1,15}$/.test(path.id ?? '')) throw new ControlError(404, 'DEVICE_NOT_FOUND', 'no such device');
  return deviceView(await platform.devices.update(Number(path.id), deviceInput(input)));
}
