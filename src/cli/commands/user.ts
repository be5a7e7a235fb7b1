/** `parley user create` and `parley user get`: `POST /control/users`, `GET /control/users/{USER_REF}`. */
import { bareUsername, parseCommandArgs, refArgument, requireOption, type Command } from '../command.js';
import { formatUser, printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

// Hand-written for now: --phone renames phone_number; derivable (flags, bare), not moved yet.
const CREATE_OPTIONS = {
  ...CLIENT_OPTIONS,
  phone: { type: 'string' },
  'first-name': { type: 'string' },
  'last-name': { type: 'string' },
  username: { type: 'string' },
  'language-code': { type: 'string' },
} as const;

export const userCreateCommand: Command = {
  name: 'user create',
  summary: 'create a user',
  help: `Usage: parley user create --phone +E164 [--first-name NAME] [--last-name NAME]
                          [--username NAME] [--language-code LC] [--json]

Creates a user and prints it: user <id> <phone> [@username] (<name>).

Options:
  --phone +E164        the phone number, in E.164 form (required)
  --first-name NAME    default "User"
  --last-name NAME
  --username NAME      without or with the @
  --language-code LC   an IETF language tag, e.g. en

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, CREATE_OPTIONS);
    const phone = requireOption(values.phone, '--phone', this.name);
    const user = await withClient(values, ctx, (client) =>
      client.createUser({
        phone_number: phone,
        first_name: values['first-name'],
        last_name: values['last-name'],
        username: bareUsername(values.username),
        language_code: values['language-code'],
      }),
    );
    printResult(ctx, values.json, user, formatUser);
    return 0;
  },
};

export const userGetCommand: Command = {
  name: 'user get',
  summary: 'show a user',
  help: `Usage: parley user get USER [--json]

Prints a user: user <id> <phone> [@username] (<name>).
USER is a user id, a phone number in E.164 form (+15550001) or @username.

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values, positionals } = parseCommandArgs(this.name, args, CLIENT_OPTIONS, ['USER']);
    const user = await withClient(values, ctx, (client) => client.getUser(refArgument(positionals[0]!)));
    printResult(ctx, values.json, user, formatUser);
    return 0;
  },
};
