/** `parley transcript`: `GET /control/transcript`, a chat as a person sees it, normalised (ADR 0059). */
import { parseCommandArgs, type Command } from '../command.js';
import { routeCli } from '../route-options.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

/** Without --format, --json says `format: json`. */
const TRANSCRIPT = routeCli('getTranscript');
const OPTIONS = { ...CLIENT_OPTIONS, ...TRANSCRIPT.options } as const;

export const transcriptCommand: Command = {
  name: 'transcript',
  summary: 'print a chat as a person sees it, normalised for snapshot tests',
  options: OPTIONS,
  routes: [TRANSCRIPT],
  help: `Usage: parley transcript --user USER --chat CHAT [--format text|json] [--limit N]

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
${TRANSCRIPT.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, OPTIONS);
    const { values } = parsed;
    const json = values.format === undefined && values.json === true;
    const params = await TRANSCRIPT.params(parsed, this.name, json ? { set: { format: 'json' } } : {});
    const transcript = await withClient(values, ctx, (client) => client.getTranscript(params));
    if (transcript.format === 'json') ctx.stdout(JSON.stringify(transcript.messages ?? [], null, 2));
    // The text ends with a newline; stdout adds one.
    else ctx.stdout((transcript.text ?? '').replace(/\n$/, ''));
    return 0;
  },
};
