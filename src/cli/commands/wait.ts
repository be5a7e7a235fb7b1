/** `parley wait`: `POST /control/wait`, the next message a user receives in a chat. */
import type { ControlClient, Message } from '../../testkit/index.js';
import { parseCommandArgs, refArgument, type Command } from '../command.js';
import { formatMessage, printResult } from '../output.js';
import { routeHelp } from '../route-help.js';
import { routeCli } from '../route-options.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';
import { waitUntil } from '../wait-until.js';

/**
 * --from is the command's own: the sender is resolved by a second route, and the wait loops over
 * this one until a message of that sender comes.
 */
const WAIT = routeCli('waitForMessage', {
  flags: { after_message_id: 'after' },
  metavars: { timeout: 'SECONDS', after_message_id: 'ID' },
});
const OPTIONS = { ...CLIENT_OPTIONS, ...WAIT.options, from: { type: 'string' } } as const;

export const waitCommand: Command = {
  name: 'wait',
  summary: 'wait for the next message a user receives in a chat',
  options: OPTIONS,
  routes: [WAIT],
  help: `Usage: parley wait --user USER --chat CHAT [--from SENDER] [--timeout SECONDS] [--after ID] [--json]

Waits for the next message another party sends to the user in the chat and prints it:
[#<id> from <sender>] <text>. Each wait returns a message only once, so "parley send" then
"parley wait" finds the answer even if the bot replied before the wait began.
Exits with code 1 (WAIT_TIMEOUT) if none arrives in time.

In a group the next message may be someone else's (or "group created"): give --from @your_bot
to wait for the bot's reply. The messages passed over count as received (unless --after is given).

Options:
${routeHelp(
  [WAIT],
  [
    [
      '--from SENDER',
      "only a message of this sender: @username of a bot or a person, a user id, or a phone number; or of a chat (a channel's @username or id, for messages sent on behalf of it)",
    ],
  ],
)}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, OPTIONS);
    const { values } = parsed;
    const params = await WAIT.params(parsed, this.name);
    const { timeout, after_message_id: after } = params;
    const from = values.from === undefined ? undefined : refArgument(values.from);
    const message = await withClient(values, ctx, async (client) => {
      if (from === undefined) return client.waitForMessage(params);
      const isFrom = await senderTest(client, from);
      // A wait with after_message_id leaves the read cursor alone: the next one goes on past the
      // message passed over. Without --after, the cursor moves and each wait goes on from it.
      let cursor = after;
      return waitUntil(
        timeout,
        (seconds) => client.waitForMessage({ ...params, timeout: seconds, after_message_id: cursor }),
        (message) => {
          if (cursor !== undefined) cursor = message.message_id;
          return isFrom(message);
        },
        `no message from ${values.from} reached ${values.user} in ${values.chat}`,
      );
    });
    printResult(ctx, values.json, message, formatMessage);
    return 0;
  },
};

/**
 * Whether a message is the sender's: by id or @username (compared without case, as usernames
 * are), of its `from` or its `sender_chat`. A phone number is looked up once to the person's id.
 */
async function senderTest(client: ControlClient, ref: number | string): Promise<(m: Message) => boolean> {
  const id = typeof ref === 'number' ? ref : ref.startsWith('@') ? undefined : (await client.getUser(ref)).id;
  const username = typeof ref === 'string' && ref.startsWith('@') ? ref.slice(1).toLowerCase() : undefined;
  return (message) =>
    [message.from, message.sender_chat as { id: number; username?: string } | undefined].some(
      (sender) =>
        sender !== undefined &&
        (id !== undefined ? sender.id === id : sender.username?.toLowerCase() === username),
    );
}
