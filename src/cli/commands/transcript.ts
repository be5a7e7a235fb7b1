/** `parley transcript`: `GET /control/transcript`, a chat as a person sees it, normalised (ADR 0059). */
import { usageError } from '../cli-error.js';
import { integerOption, parseCommandArgs, refArgument, requireOption, type Command } from '../command.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

// Hand-written for now: --format defaults from --json and is checked here; the rest derivable, not moved yet.
const OPTIONS = {
  ...CLIENT_OPTIONS,
  user: { type: 'string' },
  chat: { type: 'string' },
  format: { type: 'string' },
  limit: { type: 'string' },
} as const;

export const transcriptCommand: Command = {
  name: 'transcript',
  summary: 'print a chat as a person sees it, normalised for snapshot tests',
  help: `Usage: parley transcript --user PHONE --chat CHAT [--format text|json] [--limit N]

Prints the chat's history as the person sees it, with the values that change from run to run
normalised: message ids become #1, #2 in order, dates <date>, file ids <file 1>, user and chat ids
<id 1>; bot tokens never appear. The same conversation prints the same transcript on any server,
so it can be compared to a committed snapshot.

  --format text   one line per message (the default):
                    Alice: /start
                    Helper: Hello! [buttons: Count | Help]
                      (edited)
                    Alice joined
  --format json   the normalised Message objects, as a JSON array (also with --json)

Options:
  --user PHONE         a phone number (+15550001), a user id or @username (required)
  --chat CHAT          @username of a bot (the private chat with it) or a chat id (required)
  --format FORMAT      text or json (default text)
  --limit N            the newest N messages, 1-1000 (default 1000)

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, OPTIONS);
    const user = refArgument(requireOption(values.user, '--user', this.name));
    const chat = refArgument(requireOption(values.chat, '--chat', this.name));
    const format = values.format ?? (values.json ? 'json' : 'text');
    if (format !== 'text' && format !== 'json') {
      throw usageError(`--format must be text or json, not "${format}"`, this.name);
    }
    const limit = integerOption(values.limit, '--limit', this.name, 1);
    const transcript = await withClient(values, ctx, (client) =>
      client.getTranscript({ user, chat, format, limit }),
    );
    if (transcript.format === 'json') ctx.stdout(JSON.stringify(transcript.messages ?? [], null, 2));
    // The text ends with a newline; stdout adds one.
    else ctx.stdout((transcript.text ?? '').replace(/\n$/, ''));
    return 0;
  },
};
