import { stateOf } from '../../platform/chats/chat-access.js';
import { text, type WebContext } from '../web-context.js';

/**
 * POST /web/api/block: the person blocks `bot` (id or @username); the bot gets my_chat_member
 * (kicked) and its sends to the person answer 403 "Forbidden: bot was blocked by the user".
 */
export async function blockBot({ platform, session, input }: WebContext) {
  const changed = await platform.groups.blocking.block(String(session.userId), text(input, 'bot', true));
  return { changed, blocked: true };
}

/** POST /web/api/unblock: the person unblocks `bot`; the bot gets my_chat_member (member). */
export async function unblockBot({ platform, session, input }: WebContext) {
  const changed = await platform.groups.blocking.unblock(String(session.userId), text(input, 'bot', true));
  return { changed, blocked: false };
}

/** GET /web/api/block?bot=: whether the person has blocked `bot` (for the chat header's button). */
export async function blockState({ platform, session, input }: WebContext) {
  const { store, clock } = platform.deps;
  const person = await platform.users.resolve(String(session.userId), 'user');
  const bot = await platform.users.resolve(text(input, 'bot', true), 'bot');
  const chat = await store.getPrivateChat(person.id, bot.id);
  const state = chat ? await stateOf(store, chat, bot.id, clock.now()) : undefined;
  return { bot: { id: bot.id, username: bot.username }, blocked: state?.status === 'kicked' };
}
