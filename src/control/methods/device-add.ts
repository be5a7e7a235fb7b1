import type { RouteContext } from '../control-context.js';
import { deviceView } from '../../platform/users/devices.js';
import { deviceInput } from './device-support.js';
import { gatewayHandler } from './gateway-support.js';

/** POST /control/devices: adds a device to a person. */
export const deviceAdd = gatewayHandler(async ({ platform, input }: RouteContext<'addDevice'>) =>
  deviceView(await platform.devices.add(input.user, deviceInput(input))),
);
