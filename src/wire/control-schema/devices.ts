/** A person's devices (ADR 0011): what acknowledges receipt and reads verification messages. */
import { bool, int, params, ref, route, str } from './dsl.js';

/** The longest acknowledgement delay, in seconds: one day. */
export const MAX_DEVICE_DELAY = 86_400;

const DEVICE = {
  name: str({ description: 'The device\'s name; a new one\'s is "Device".' }),
  online: bool(),
  receipt_delay: int({
    min: 0,
    max: MAX_DEVICE_DELAY,
    description: 'Seconds until an online device acknowledges receipt.',
  }),
  read_delay: int({
    min: 0,
    max: MAX_DEVICE_DELAY,
    nullable: true,
    description:
      'Seconds after receipt until it reports the message read, 0-86400; null: only when the person ' +
      'reads it.',
  }),
} as const;

const DEVICE_STATE = params('DeviceStateParams', {
  user: ref('user', { required: true }),
  device_id: int({ min: 1, description: "Only this device; by default all of the person's." }),
});

export const DEVICES = {
  listDevices: route({
    method: 'GET',
    path: '/devices',
    tag: 'devices',
    summary: "A person's devices",
    params: params('ListDevicesParams', { user: ref('user', { required: true }) }),
    result: 'Device[]',
    answer: "The person's devices.",
    errors: ['ReferenceNotFound'],
  }),

  addDevice: route({
    method: 'POST',
    path: '/devices',
    tag: 'devices',
    summary: 'Add a device to a person',
    params: params('AddDeviceParams', { user: ref('user', { required: true }), ...DEVICE }),
    result: 'Device',
    answer: 'The device.',
    errors: ['ReferenceNotFound'],
  }),

  updateDevice: route({
    method: 'POST',
    path: '/devices/{id}',
    tag: 'devices',
    summary: "Change a device's name, state or delays",
    pathParams: { id: { type: 'integer', description: 'The device id.' } },
    params: params('UpdateDeviceParams', DEVICE),
    result: 'Device',
    answer: 'The device.',
    errors: ['GatewayNotFound'],
  }),

  setDevicesOnline: route({
    method: 'POST',
    path: '/devices/online',
    tag: 'devices',
    summary: "Set a person's devices (or one) online; waiting messages are then received",
    params: DEVICE_STATE,
    result: 'Device[]',
    answer: "The person's devices.",
    errors: ['GatewayNotFound'],
  }),

  setDevicesOffline: route({
    method: 'POST',
    path: '/devices/offline',
    tag: 'devices',
    summary: "Set a person's devices (or one) offline",
    params: DEVICE_STATE,
    result: 'Device[]',
    answer: "The person's devices.",
    errors: ['GatewayNotFound'],
  }),
} as const;
