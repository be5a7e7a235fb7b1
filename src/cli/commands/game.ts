/** `parley game register`: `POST /control/games`, an operator registers a game for a bot (ADR 0044). */
import { parseCommandArgs, type Command } from '../command.js';
import { routeCli } from '../route-options.js';
import { printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

const GAME = routeCli('registerGame', { metavars: { short_name: 'NAME', description: 'TEXT' } });
const OPTIONS = { ...CLIENT_OPTIONS, ...GAME.options } as const;

export const gameRegisterCommand: Command = {
  name: 'game register',
  summary: 'register a game for a bot (sent with sendGame)',
  options: OPTIONS,
  routes: [GAME],
  help: `Usage: parley game register --bot BOT --short-name NAME --title TITLE --description TEXT [--json]

Registers a game for the bot, as BotFather does on the reference platform: the bot sends it with
sendGame and game_short_name NAME. Prints: game NAME of bot <id>: TITLE.

Options:
${GAME.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, OPTIONS);
    const { values } = parsed;
    const params = await GAME.params(parsed, this.name);
    const game = await withClient(values, ctx, (client) => client.registerGame(params));
    printResult(ctx, values.json, game, (g) => `game ${g.short_name} of bot ${g.bot_id}: ${g.title}`);
    return 0;
  },
};
