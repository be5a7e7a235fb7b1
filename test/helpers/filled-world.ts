/**
 * What the tests of reused connections (workspaces-recycle, server-recycle) put in a world to look
 * for later: a bot, a person, two messages and a search, on a test kit world.
 */
import type { Parley } from '../../src/testkit/index.js';

export async function fillWorld(world: Parley, text: string) {
  const bot = await world.createBot({ username: 'echo_bot', first_name: 'Echo' });
  const alice = await world.createUser({ phone: '+15550100', first_name: 'Alice', username: 'alice' });
  const first = await alice.send('@echo_bot', text);
  const second = await alice.send('@echo_bot', `${text} again`);
  const found = await world.control.searchMessages({ user: alice.id, q: text.split(' ')[0]! });
  return {
    // What a world numbers in sequence (people's and bots' ids are random).
    ids: [first.message_id, second.message_id],
    found: found.messages.map((message) => message.text),
    bot,
    alice,
  };
}
