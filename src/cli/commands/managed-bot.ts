/**
 * `parley managed-bot create`: a person creates a bot managed by another bot (the manager gets
 * managed_bot and the managed_bot_created service message). ADR 0049.
 */
import { parseCommandArgs, requireOption, type Command } from '../command.js';
import { routeCli } from '../route-options.js';
import { printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

/** No --button: the command creates the bot as BotFather's form does, not from a keyboard button. */
const CREATE = routeCli('createManagedBot', {
  flags: { first_name: 'name' },
  omit: ['button'],
  bare: ['username'],
  metavars: { manager: 'BOT', username: 'NAME_bot', first_name: 'NAME' },
});
const OPTIONS = { ...CLIENT_OPTIONS, ...CREATE.options } as const;

export const managedBotCreateCommand: Command = {
  name: 'managed-bot create',
  summary: 'create a bot managed by another bot',
  options: OPTIONS,
  routes: [CREATE],
  help: `Usage: parley managed-bot create --owner PHONE --manager @BOT_USERNAME --username NAME_bot [--name NAME] [--json]

The owner creates the bot; the manager gets managed_bot and, in its chat with the owner, the
managed_bot_created service message, and reads the new bot's token with getManagedBotToken.
Prints the new bot.

Options:
${CREATE.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, OPTIONS);
    const { values } = parsed;
    const params = await CREATE.params(parsed, this.name);
    // The route takes no username when a keyboard button suggests one; this command has no button.
    requireOption(params.username, '--username', this.name);
    const record = await withClient(values, ctx, (client) => client.createManagedBot(params));
    printResult(
      ctx,
      values.json,
      record,
      (r) => `@${r.bot.username} (${r.bot.id}), managed by ${r.manager_id}`,
    );
    return 0;
  },
};
