/** `parley clock advance` and `parley clock show`: `POST /control/clock/advance`, `GET /control/clock`. */
import { parseCommandArgs, type Command } from '../command.js';
import { formatClock, printResult } from '../output.js';
import { routeCli } from '../route-options.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

const ADVANCE = routeCli('advanceClock');
const ADVANCE_OPTIONS = { ...CLIENT_OPTIONS, ...ADVANCE.options } as const;

export const clockAdvanceCommand: Command = {
  name: 'clock advance',
  summary: 'move the virtual clock forward',
  options: ADVANCE_OPTIONS,
  routes: [ADVANCE],
  help: `Usage: parley clock advance --seconds N [--json]

Moves the server's virtual clock forward and prints it:
clock <time> (<unix seconds>), offset <seconds ahead of the system clock> s.
Refused with CLOCK_CONTROL_DISABLED by a server in the strict profile.

Options:
${ADVANCE.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, ADVANCE_OPTIONS);
    const { values } = parsed;
    const { seconds } = await ADVANCE.params(parsed, this.name);
    const clock = await withClient(values, ctx, (client) => client.advanceClock(seconds));
    printResult(ctx, values.json, clock, formatClock);
    return 0;
  },
};

const SHOW = routeCli('getClock');

export const clockShowCommand: Command = {
  name: 'clock show',
  summary: 'show the virtual clock',
  options: CLIENT_OPTIONS,
  routes: [SHOW],
  help: `Usage: parley clock show [--json]

Prints the server's virtual clock:
clock <time> (<unix seconds>), offset <seconds ahead of the system clock> s.

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, CLIENT_OPTIONS);
    const clock = await withClient(values, ctx, (client) => client.getClock());
    printResult(ctx, values.json, clock, formatClock);
    return 0;
  },
};
