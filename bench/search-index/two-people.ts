/** What both search-index benches start from: two people and their private chat (its pk). */
import { chat, user } from '../../src/storage/contracts/fixtures.js';
import type { StoreTx } from '../../src/storage/store.js';

export async function twoPeopleAndTheirChat(tx: StoreTx): Promise<number> {
  for (const id of [1, 2]) await tx.insertUser(user(id));
  return tx.insertChat(chat({ user_a: 1, user_b: 2 }));
}
