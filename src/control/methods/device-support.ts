import { ControlError, optionalBoolean, optionalInteger, optionalString } from '../control-context.js';
import { MAX_DEVICE_DELAY, type DeviceInput } from '../../platform/devices.js';

/** The device fields of a body: name, online, receipt_delay, read_delay (null: the person reads). */
export function deviceInput(input: Record<string, unknown>): DeviceInput {
  const readDelay = input.read_delay;
  if (
    readDelay !== undefined &&
    readDelay !== null &&
    typeof readDelay !== 'number' &&
    typeof readDelay !== 'string'
  ) {
    throw new ControlError(400, 'BAD_REQUEST', 'read_delay must be a number of seconds or null');
  }
  return {
    name: optionalString(input, 'name'),
    online: optionalBoolean(input, 'online'),
    receipt_delay: optionalInteger(input, 'receipt_delay', 0, MAX_DEVICE_DELAY),
    read_delay: readDelay === null ? null : optionalInteger(input, 'read_delay', 0, MAX_DEVICE_DELAY),
  };
}
