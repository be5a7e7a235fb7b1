/** What both search-index benches start from: two people and their private chat (its pk). */
import type { StoreTx } from '../../src/storage/store.js';

export async function twoPeopleAndTheirChat(tx: StoreTx): Promise<number> {
  for (const id of [1, 2])
    await tx.insertUser({
      id,
      is_bot: false,
      first_name: `User ${id}`,
      last_name: null,
      username: null,
      phone_number: `+1555000${id}`,
      language_code: null,
      created_at: 1,
    });
  return tx.insertChat({
    id: null,
    type: 'private',
    title: null,
    username: null,
    description: null,
    user_a: 1,
    user_b: 2,
    last_message_id: 0,
    created_at: 1,
  });
}
