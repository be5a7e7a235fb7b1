import type { RouteContext } from '../control-context.js';
import { deviceView } from '../../platform/users/devices.js';

function setOnline(online: boolean) {
  return async ({ platform, input }: RouteContext<'setDevicesOnline'>) =>
    (await platform.devices.setOnline(input.user, online, input.device_id)).map(deviceView);
}

/** POST /control/devices/online: every device of the person (or `device_id`) comes online. */
export const setDevicesOnline = setOnline(true);
/** POST /control/devices/offline: every device of the person (or `device_id`) goes offline. */
export const setDevicesOffline = setOnline(false);
