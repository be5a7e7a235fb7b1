/**
 * `parley managed-bot create`: a person creates a bot managed by another bot (the manager gets
 * managed_bot and the managed_bot_created service message). ADR 0049.
 */
import { bareUsername, parseCommandArgs, refArgument, requireOption, type Command } from '../command.js';
import { printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

const OPTIONS = {
  ...CLIENT_OPTIONS,
  owner: { type: 'string' },
  manager: { type: 'string' },
  username: { type: 'string' },
  name: { type: 'string' },
} as const;

export const managedBotCreateCommand: Command = {
  name: 'managed-bot create',
  summary: 'create a bot managed by another bot',
  help: `Usage: parley managed-bot create --owner PHONE --manager @BOT_USERNAME --username NAME_bot [--name NAME] [--json]

The owner creates the bot; the manager gets managed_bot and, in its chat with the owner, the
managed_bot_created service message, and reads the new bot's token with getManagedBotToken.
Prints the new bot.

Options:
  --owner USER         the person creating the bot: a phone number, a user id or @username (required)
  --manager BOT        the managing bot's @username or id (required)
  --username NAME_bot  the new bot's username, ending in "bot" (required)
  --name NAME          the new bot's name (defaults to the username)

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, OPTIONS);
    const owner = refArgument(requireOption(values.owner, '--owner', this.name));
    const manager = refArgument(requireOption(values.manager, '--manager', this.name));
    const username = bareUsername(requireOption(values.username, '--username', this.name))!;
    const record = await withClient(values, ctx, (client) =>
      client.createManagedBot({
        owner,
        manager,
        username,
        ...(values.name !== undefined ? { first_name: values.name } : {}),
      }),
    );
    printResult(
      ctx,
      values.json,
      record,
      (r) => `@${r.bot.username} (${r.bot.id}), managed by ${r.manager_id}`,
    );
    return 0;
  },
};
