import { requireString, type ControlContext } from '../control-context.js';
import { deviceView } from '../../platform/devices.js';
import { gatewayHandler } from './gateway-support.js';

/** GET /control/devices: a person's devices (a new person has one online device). */
export const deviceList = gatewayHandler(async ({ platform, input }: ControlContext) =>
  (await platform.devices.list(requireString(input, 'user'))).map(deviceView),
);
