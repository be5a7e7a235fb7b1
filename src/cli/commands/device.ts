/**
 * `parley device ...`: a person's devices (docs/control-api.md, "Gateway and devices"). A device
 * that is online acknowledges receipt of verification messages; an offline one does not.
 */
import { parseCommandArgs, type Command } from '../command.js';
import { routeHelp } from '../route-help.js';
import { mergeRouteOptions, routeCli } from '../route-options.js';
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
const USER_SUBJECT = { subject: 'user', subjectOption: true } as const;

const ONLINE = routeCli('setDevicesOnline', { ...USER_SUBJECT, flags: { device_id: 'device' } });
const OFFLINE = routeCli('setDevicesOffline', { ...USER_SUBJECT, flags: { device_id: 'device' } });
const STATE_OPTIONS = { ...CLIENT_OPTIONS, ...mergeRouteOptions(ONLINE, OFFLINE) } as const;

function stateCommand(online: boolean): Command {
  const word = online ? 'online' : 'offline';
  const route = online ? ONLINE : OFFLINE;
  return {
    name: `device ${word}`,
    summary: `set a person's devices ${word}`,
    options: STATE_OPTIONS,
    routes: [route],
    help: `Usage: parley device ${word} USER [--device ID] [--json]

Sets every device of the person (or only --device) ${word} and prints their devices.${
      online ? '\nMessages waiting for a device are then delivered (after its receipt delay).' : ''
    }
${USER_HELP}

Options:
${route.help}

${CLIENT_OPTIONS_HELP}`,
    async run(args, ctx) {
      const parsed = parseCommandArgs(this.name, args, STATE_OPTIONS, route.positionals);
      const { values } = parsed;
      const params = await ONLINE.params(parsed, this.name);
      const devices = await withClient(values, ctx, (client) =>
        online ? client.request('setDevicesOnline', params) : client.request('setDevicesOffline', params),
      );
      printResult(ctx, values.json, devices, formatDevices);
      return 0;
    },
  };
}

export const deviceOnlineCommand = stateCommand(true);
export const deviceOfflineCommand = stateCommand(false);

const LIST = routeCli('listDevices', USER_SUBJECT);
const LIST_OPTIONS = { ...CLIENT_OPTIONS, ...LIST.options } as const;

export const deviceListCommand: Command = {
  name: 'device list',
  summary: "list a person's devices",
  options: LIST_OPTIONS,
  routes: [LIST],
  help: `Usage: parley device list USER [--json]

Prints the person's devices, one per line. A new person has one online device.
${USER_HELP}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, LIST_OPTIONS, LIST.positionals);
    const { values } = parsed;
    const params = await LIST.params(parsed, this.name);
    const devices = await withClient(values, ctx, (client) => client.request('listDevices', params));
    printResult(ctx, values.json, devices, formatDevices);
    return 0;
  },
};

/**
 * The delays' options: --read-manually (the command's own) says `read_delay: null`, which wins
 * over --read-delay.
 */
const DELAYS = { metavars: { receipt_delay: 'S', read_delay: 'S' } } as const;
const READ_MANUALLY: readonly [string, string] = [
  '--read-manually',
  'reports read only when the person reads (parley gateway read); the default',
];

function delays(values: { 'read-manually'?: boolean | undefined }) {
  return values['read-manually'] ? { read_delay: null } : {};
}

/** --offline (the command's own) says `online: false`. */
const ADD = routeCli('addDevice', { ...USER_SUBJECT, ...DELAYS, omit: ['online'] });
const ADD_OPTIONS = {
  ...CLIENT_OPTIONS,
  ...ADD.options,
  offline: { type: 'boolean' },
  'read-manually': { type: 'boolean' },
} as const;

export const deviceAddCommand: Command = {
  name: 'device add',
  summary: 'add a device to a person',
  options: ADD_OPTIONS,
  routes: [ADD],
  help: `Usage: parley device add USER [--name NAME] [--offline] [--receipt-delay S]
                         [--read-delay S | --read-manually] [--json]

Adds a device to the person and prints it.
${USER_HELP}

Options:
${routeHelp([ADD], [['--offline', 'add it offline'], READ_MANUALLY])}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, ADD_OPTIONS, ADD.positionals);
    const { values } = parsed;
    const set = { online: !values.offline, ...delays(values) };
    const params = await ADD.params(parsed, this.name, { set });
    const device = await withClient(values, ctx, (client) => client.addDevice(params));
    printResult(ctx, values.json, device, formatDevice);
    return 0;
  },
};

/** Not offered: online (`parley device online|offline --device ID` says it). */
const SET = routeCli('updateDevice', {
  ...DELAYS,
  subject: 'id',
  subjectOption: true,
  flags: { id: 'device' },
  metavars: { ...DELAYS.metavars, id: 'DEVICE' },
  omit: ['online'],
});
const SET_OPTIONS = { ...CLIENT_OPTIONS, ...SET.options, 'read-manually': { type: 'boolean' } } as const;

export const deviceSetCommand: Command = {
  name: 'device set',
  summary: "change a device's name or acknowledgement delays",
  options: SET_OPTIONS,
  routes: [SET],
  help: `Usage: parley device set DEVICE [--name NAME] [--receipt-delay S]
                         [--read-delay S | --read-manually] [--json]

Changes a device and prints it. DEVICE is its id, as "parley device list" shows it (also accepted
as --device ID, the form of earlier versions).

Options:
${routeHelp([SET], [READ_MANUALLY])}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, SET_OPTIONS, SET.positionals);
    const { values } = parsed;
    const params = await SET.params(parsed, this.name, { set: delays(values) });
    const device = await withClient(values, ctx, (client) => client.request('updateDevice', params));
    printResult(ctx, values.json, device, formatDevice);
    return 0;
  },
};
