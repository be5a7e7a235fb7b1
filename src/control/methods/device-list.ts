import type { RouteContext } from '../control-context.js';
import { deviceView } from '../../platform/users/devices.js';
import { gatewayHandler } from './gateway-support.js';

/** GET /control/devices: a person's devices (a new person has one online device). */
export const deviceList = gatewayHandler(async ({ platform, input }: RouteContext<'listDevices'>) =>
  (await platform.devices.list(input.user)).map(deviceView),
);
