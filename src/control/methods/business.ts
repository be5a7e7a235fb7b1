import type { RouteContext } from '../control-context.js';
import { renderUser } from '../../platform/users/users.js';

/**
 * POST /control/business/connect: `user` connects `bot` to their business account with `rights`
 * (`can_reply` a shorthand); the bot gets business_connection. ADR 0049.
 */
export async function connectBusinessBot({ platform, input }: RouteContext<'connectBusinessBot'>) {
  const rights = { ...(input.rights ?? {}), ...(input.can_reply ? { can_reply: true } : {}) };
  return platform.business.connect(input.user, input.bot, rights);
}

/** POST /control/business/disconnect: the bot gets business_connection with is_enabled false. */
export async function disconnectBusinessBot({ platform, input }: RouteContext<'disconnectBusinessBot'>) {
  return platform.business.disconnect(input.user, input.bot);
}

/** GET /control/stories: the active and kept stories of a business account, newest first. */
export async function listStories({ platform, input }: RouteContext<'listStories'>) {
  return platform.stories.listFor(input.owner);
}

/** POST /control/stories/reply: a message with reply_to_story in the chat with the account. */
export async function replyToStory({ platform, input }: RouteContext<'replyToStory'>) {
  return platform.stories.reply(input.from, input.owner, input.story_id, input.text);
}

/**
 * POST /control/managed-bots: `owner` creates a bot managed by `manager` (managed_bot update and
 * managed_bot_created service message to the manager).
 */
export async function createManagedBot({ platform, input }: RouteContext<'createManagedBot'>) {
  const { user, owner, manager } = await platform.managedBots.create({
    owner: input.owner,
    manager: input.manager,
    ...(input.username !== undefined ? { username: input.username } : {}),
    ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
    ...(input.button !== undefined ? { button: input.button } : {}),
  });
  return { bot: renderUser(user), owner_id: owner.id, manager_id: manager.id };
}
