import type { DeviceInput } from '../../platform/users/devices.js';
import type { RouteInput } from '../../wire/control-schema/index.js';

/** The device fields of a body: name, online, receipt_delay, read_delay (null: the person reads). */
export function deviceInput(input: RouteInput<'updateDevice'>): DeviceInput {
  return {
    name: input.name,
    online: input.online,
    receipt_delay: input.receipt_delay,
    read_delay: input.read_delay,
  };
}
