/**
 * `parley device ...`: a person's devices (docs/control-api.md, "Gateway and devices"). A device
 * that is online acknowledges receipt of verification messages; an offline one does not.
 */
import { integerOption, parseCommandArgs, refArgument, subjectArgument, type Command } from '../command.js';
import { printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';
import type { Device } from '../../testkit/index.js';

/** `device 4 Phone online, receipt after 0 s, read when the person reads` */
function formatDevice(device: Device): string {
  const read =
    device.read_delay === null ? 'read when the person reads' : `read after ${device.read_delay} s`;
  return `device ${device.id} ${device.name} ${device.online ? 'online' : 'offline'}, receipt after ${device.receipt_delay} s, ${read}`;
}

const formatDevices = (devices: Device[]) => devices.map(formatDevice).join('\n');

const USER_HELP = `USER is the person's phone number (+15550001), user id or @username (also accepted as
--user USER, the form of earlier versions).`;

/** The person whose devices a command acts on: USER, or `--user USER` as in earlier versions. */
function userOf(command: string, positional: string | undefined, option: string | undefined) {
  return refArgument(subjectArgument(positional, option, 'USER', '--user', command));
}

// Hand-written: the client's device methods take the user (and a device id) positionally, not the route's object.
const STATE_OPTIONS = { ...CLIENT_OPTIONS, user: { type: 'string' }, device: { type: 'string' } } as const;

function stateCommand(online: boolean): Command {
  const word = online ? 'online' : 'offline';
  return {
    name: `device ${word}`,
    summary: `set a person's devices ${word}`,
    help: `Usage: parley device ${word} USER [--device ID] [--json]

Sets every device of the person (or only --device) ${word} and prints their devices.${
      online ? '\nMessages waiting for a device are then delivered (after its receipt delay).' : ''
    }
${USER_HELP}

Options:
  --device ID          only this device

${CLIENT_OPTIONS_HELP}`,
    async run(args, ctx) {
      const { values, positionals } = parseCommandArgs(this.name, args, STATE_OPTIONS, ['USER?']);
      const user = userOf(this.name, positionals[0], values.user);
      const device = integerOption(values.device, '--device', this.name, 1);
      const devices = await withClient(values, ctx, (client) =>
        online ? client.setDevicesOnline(user, device) : client.setDevicesOffline(user, device),
      );
      printResult(ctx, values.json, devices, formatDevices);
      return 0;
    },
  };
}

export const deviceOnlineCommand = stateCommand(true);
export const deviceOfflineCommand = stateCommand(false);

export const deviceListCommand: Command = {
  name: 'device list',
  summary: "list a person's devices",
  help: `Usage: parley device list USER [--json]

Prints the person's devices, one per line. A new person has one online device.
${USER_HELP}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values, positionals } = parseCommandArgs(this.name, args, STATE_OPTIONS, ['USER?']);
    const user = userOf(this.name, positionals[0], values.user);
    const devices = await withClient(values, ctx, (client) => client.listDevices(user));
    printResult(ctx, values.json, devices, formatDevices);
    return 0;
  },
};

// Hand-written: --offline says `online: false` and --read-manually `read_delay: null`; shared with `device set` (a path id).
const ADD_OPTIONS = {
  ...CLIENT_OPTIONS,
  user: { type: 'string' },
  device: { type: 'string' },
  name: { type: 'string' },
  offline: { type: 'boolean' },
  'receipt-delay': { type: 'string' },
  'read-delay': { type: 'string' },
  'read-manually': { type: 'boolean' },
} as const;

const DELAY_HELP = `  --receipt-delay S    seconds (virtual) until it acknowledges receipt (default 0)
  --read-delay S       seconds after receipt until it reports the message read
  --read-manually      reports read only when the person reads (parley gateway read); the default`;

export const deviceAddCommand: Command = {
  name: 'device add',
  summary: 'add a device to a person',
  help: `Usage: parley device add USER [--name NAME] [--offline] [--receipt-delay S]
                         [--read-delay S | --read-manually] [--json]

Adds a device to the person and prints it.
${USER_HELP}

Options:
  --name NAME          default "Device"
  --offline            add it offline
${DELAY_HELP}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values, positionals } = parseCommandArgs(this.name, args, ADD_OPTIONS, ['USER?']);
    const user = userOf(this.name, positionals[0], values.user);
    const device = await withClient(values, ctx, (client) =>
      client.addDevice({
        user,
        ...(values.name !== undefined ? { name: values.name } : {}),
        online: !values.offline,
        ...delays(values, this.name),
      }),
    );
    printResult(ctx, values.json, device, formatDevice);
    return 0;
  },
};

export const deviceSetCommand: Command = {
  name: 'device set',
  summary: "change a device's name or acknowledgement delays",
  help: `Usage: parley device set DEVICE [--name NAME] [--receipt-delay S]
                         [--read-delay S | --read-manually] [--json]

Changes a device and prints it. DEVICE is its id, as "parley device list" shows it (also accepted
as --device ID, the form of earlier versions).

Options:
  --name NAME
${DELAY_HELP}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values, positionals } = parseCommandArgs(this.name, args, ADD_OPTIONS, ['DEVICE?']);
    const ref = subjectArgument(positionals[0], values.device, 'DEVICE', '--device', this.name);
    const id = integerOption(ref, 'DEVICE', this.name, 1)!;
    const device = await withClient(values, ctx, (client) =>
      client.updateDevice(id, {
        ...(values.name !== undefined ? { name: values.name } : {}),
        ...delays(values, this.name),
      }),
    );
    printResult(ctx, values.json, device, formatDevice);
    return 0;
  },
};

function delays(
  values: {
    'receipt-delay'?: string | undefined;
    'read-delay'?: string | undefined;
    'read-manually'?: boolean | undefined;
  },
  command: string,
): { receipt_delay?: number; read_delay?: number | null } {
  const out: { receipt_delay?: number; read_delay?: number | null } = {};
  const receipt = integerOption(values['receipt-delay'], '--receipt-delay', command, 0);
  const read = integerOption(values['read-delay'], '--read-delay', command, 0);
  if (receipt !== undefined) out.receipt_delay = receipt;
  if (read !== undefined) out.read_delay = read;
  if (values['read-manually']) out.read_delay = null;
  return out;
}
