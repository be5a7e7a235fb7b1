import { requireString, type ControlContext } from '../control-context.js';
import { deviceView } from '../../platform/devices.js';
import { deviceInput } from './device-support.js';
import { gatewayHandler } from './gateway-support.js';

/** POST /control/devices: adds a device to a person. */
export const deviceAdd = gatewayHandler(async ({ platform, input }: ControlContext) =>
  deviceView(await platform.devices.add(requireString(input, 'user'), deviceInput(input))),
);
