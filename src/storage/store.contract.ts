/**
 * The storage contract: behaviour every adapter of the ports must have, one suite per port in
 * contracts/ and the concurrency properties a second adapter or a second process must keep. The
 * adapters it runs against are chosen in one place (storage-contracts.test.ts).
 */
import { describe } from 'vitest';
import type { Store } from './store.js';
import { chatsContract } from './contracts/chats.contract.js';
import { concurrencyContract } from './contracts/concurrency.contract.js';
import { filesContract } from './contracts/files.contract.js';
import { jobsContract } from './contracts/jobs.contract.js';
import { inlineContract } from './contracts/inline.contract.js';
import { invitesContract } from './contracts/invites.contract.js';
import { messagesContract } from './contracts/messages.contract.js';
import { pollsContract } from './contracts/polls.contract.js';
import { settingsContract } from './contracts/settings.contract.js';
import { updatesContract } from './contracts/updates.contract.js';
import { usersContract } from './contracts/users.contract.js';
import { writeContract } from './contracts/write.contract.js';

export function storeContract(name: string, open: () => Promise<Store>): void {
  describe(`storage contract: ${name}`, () => {
    writeContract(open);
    usersContract(open);
    chatsContract(open);
    messagesContract(open);
    updatesContract(open);
    filesContract(open);
    pollsContract(open);
    inlineContract(open);
    invitesContract(open);
    jobsContract(open);
    settingsContract(open);
    concurrencyContract(open);
  });
}
