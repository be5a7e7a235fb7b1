import { ControlError, optionalBoolean, requireString, type ControlContext } from '../control-context.js';
import { botRecord } from './user-record.js';

/**
 * POST /control/bots/privacy: turns a bot's group privacy mode on (`enabled: true`, the default of a
 * new bot) or off; getMe's can_read_all_group_messages follows. Answers the BotRecord.
 */
export async function setBotPrivacy({ platform, input }: ControlContext) {
  const enabled = optionalBoolean(input, 'enabled');
  if (enabled === undefined)
    throw new ControlError(400, 'BAD_REQUEST', 'enabled (true or false) is required');
  const ref = requireString(input, 'bot');
  const bot = await platform.groups.blocking.setPrivacy(ref, enabled);
  const user = await platform.users.resolve(ref, 'bot');
  return botRecord(user, bot);
}
