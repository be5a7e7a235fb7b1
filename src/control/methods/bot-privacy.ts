import type { RouteContext } from '../control-context.js';
import { botRecord } from './user-record.js';

/**
 * POST /control/bots/privacy: turns a bot's group privacy mode on (`enabled: true`, the default of a
 * new bot) or off; getMe's can_read_all_group_messages follows. Answers the BotRecord.
 */
export async function setBotPrivacy({ platform, input }: RouteContext<'setBotPrivacy'>) {
  const bot = await platform.groups.blocking.setPrivacy(input.bot, input.enabled);
  const user = await platform.users.resolve(input.bot, 'bot');
  return botRecord(platform.deps.store, user, bot);
}
