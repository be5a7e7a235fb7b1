/** `parley user create` and `parley user get`: `POST /control/users`, `GET /control/users/{USER_REF}`. */
import { parseCommandArgs, type Command } from '../command.js';
import { formatUser, printResult } from '../output.js';
import { routeCli } from '../route-options.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

const CREATE = routeCli('createUser', {
  flags: { phone_number: 'phone' },
  bare: ['username'],
  metavars: {
    phone_number: '+E164',
    first_name: 'NAME',
    last_name: 'NAME',
    username: 'NAME',
    language_code: 'LC',
  },
});
const CREATE_OPTIONS = { ...CLIENT_OPTIONS, ...CREATE.options } as const;

export const userCreateCommand: Command = {
  name: 'user create',
  summary: 'create a user',
  options: CREATE_OPTIONS,
  routes: [CREATE],
  help: `Usage: parley user create --phone +E164 [--first-name NAME] [--last-name NAME]
                          [--username NAME] [--language-code LC] [--json]

Creates a user and prints it: user <id> <phone> [@username] (<name>).

Options:
${CREATE.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, CREATE_OPTIONS);
    const { values } = parsed;
    const params = await CREATE.params(parsed, this.name);
    const user = await withClient(values, ctx, (client) => client.createUser(params));
    printResult(ctx, values.json, user, formatUser);
    return 0;
  },
};

const GET = routeCli('getUser', { subject: 'ref', metavars: { ref: 'USER' } });
const GET_OPTIONS = { ...CLIENT_OPTIONS, ...GET.options } as const;

export const userGetCommand: Command = {
  name: 'user get',
  summary: 'show a user',
  options: GET_OPTIONS,
  routes: [GET],
  help: `Usage: parley user get USER [--json]

Prints a user: user <id> <phone> [@username] (<name>).
USER is a user id, a phone number in E.164 form (+15550001) or @username.

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, GET_OPTIONS, GET.positionals);
    const { values } = parsed;
    const params = await GET.params(parsed, this.name);
    const user = await withClient(values, ctx, (client) => client.getUser(params.ref));
    printResult(ctx, values.json, user, formatUser);
    return 0;
  },
};
