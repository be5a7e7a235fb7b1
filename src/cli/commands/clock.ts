/** `parley clock advance` and `parley clock show`: `POST /control/clock/advance`, `GET /control/clock`. */
import { integerOption, parseCommandArgs, requireOption, type Command } from '../command.js';
import { formatClock, printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

// Hand-written: the client's advanceClock takes the seconds alone (a hand-written method, ADR 0110).
const ADVANCE_OPTIONS = { ...CLIENT_OPTIONS, seconds: { type: 'string' } } as const;

export const clockAdvanceCommand: Command = {
  name: 'clock advance',
  summary: 'move the virtual clock forward',
  help: `Usage: parley clock advance --seconds N [--json]

Moves the server's virtual clock forward and prints it:
clock <time> (<unix seconds>), offset <seconds ahead of the system clock> s.
Refused with CLOCK_CONTROL_DISABLED by a server in the strict profile.

Options:
  --seconds N          a positive integer (required)

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, ADVANCE_OPTIONS);
    const seconds = integerOption(
      requireOption(values.seconds, '--seconds', this.name),
      '--seconds',
      this.name,
      1,
    )!;
    const clock = await withClient(values, ctx, (client) => client.advanceClock(seconds));
    printResult(ctx, values.json, clock, formatClock);
    return 0;
  },
};

export const clockShowCommand: Command = {
  name: 'clock show',
  summary: 'show the virtual clock',
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
