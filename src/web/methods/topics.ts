import { text, type WebContext } from '../web-context.js';

/** GET /web/api/topics?chat=: a forum's topics as the person sees them, General first. */
export async function listTopics({ platform, session, input }: WebContext) {
  return platform.topics.list(String(session.userId), text(input, 'chat', true));
}

/** POST /web/api/topics {chat, name}: the person creates a topic in a forum (where they may). */
export async function createTopic({ platform, session, input }: WebContext) {
  return platform.topics.create(
    { person: String(session.userId), chat: text(input, 'chat', true) },
    { name: typeof input.name === 'string' ? input.name : '' },
  );
}
