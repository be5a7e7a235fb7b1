/**
 * The storage contract: behaviour every adapter of the ports must have, one suite per port in
 * contracts/ and the concurrency properties a second adapter or a second process must keep. The
 * adapters it runs against are chosen in one place (storage-contracts.test.ts).
 */
import { describe } from 'vitest';
import type { Store } from './store.js';
import { businessContract } from './contracts/business.contract.js';
import { chatsContract } from './contracts/chats.contract.js';
import { concurrencyContract } from './contracts/concurrency.contract.js';
import { filesContract } from './contracts/files.contract.js';
import { jobsContract } from './contracts/jobs.contract.js';
import { inlineContract } from './contracts/inline.contract.js';
import { invitesContract } from './contracts/invites.contract.js';
import { messagesContract } from './contracts/messages.contract.js';
import { pollsContract } from './contracts/polls.contract.js';
import { gamesBoostsVerificationContract } from './contracts/games-boosts-verification.contract.js';
import { giveawaysContract } from './contracts/giveaways.contract.js';
import { webhookLogContract } from './contracts/webhook-log.contract.js';
import { timelineContract } from './contracts/timeline.contract.js';
import { settingsContract } from './contracts/settings.contract.js';
import { stickersContract } from './contracts/stickers.contract.js';
import { starsContract } from './contracts/stars.contract.js';
import { giftsContract } from './contracts/gifts.contract.js';
import { suggestedPostsContract } from './contracts/suggested-posts.contract.js';
import { topicsContract } from './contracts/topics.contract.js';
import { updatesContract } from './contracts/updates.contract.js';
import { webAppsContract } from './contracts/web-apps.contract.js';
import { usersContract } from './contracts/users.contract.js';
import { writeContract } from './contracts/write.contract.js';
import { draftsContract } from './contracts/drafts.contract.js';
import { ephemeralContract } from './contracts/ephemeral.contract.js';
import { profilesContract } from './contracts/profiles.contract.js';
import { memberTagsContract } from './contracts/member-tags.contract.js';
import { passportContract } from './contracts/passport.contract.js';
import { senderChatsContract } from './contracts/sender-chats.contract.js';
import { communitiesContract } from './contracts/communities.contract.js';
import { personViewsContract } from './contracts/person-views.contract.js';
import { messageSearchContract } from './contracts/message-search.contract.js';
import { worldViewsContract } from './contracts/world-views.contract.js';
import { metricsContract } from './contracts/metrics.contract.js';

export function storeContract(name: string, open: () => Promise<Store>): void {
  describe(`storage contract: ${name}`, () => {
    writeContract(open);
    usersContract(open);
    chatsContract(open);
    messagesContract(open);
    updatesContract(open);
    filesContract(open);
    pollsContract(open);
    gamesBoostsVerificationContract(open);
    giveawaysContract(open);
    webhookLogContract(open);
    timelineContract(open);
    inlineContract(open);
    invitesContract(open);
    jobsContract(open);
    settingsContract(open);
    stickersContract(open);
    draftsContract(open);
    ephemeralContract(open);
    profilesContract(open);
    memberTagsContract(open);
    passportContract(open);
    senderChatsContract(open);
    communitiesContract(open);
    personViewsContract(open);
    messageSearchContract(open);
    worldViewsContract(open);
    metricsContract(open);
    starsContract(open);
    giftsContract(open);
    suggestedPostsContract(open);
    topicsContract(open);
    webAppsContract(open);
    businessContract(open);
    concurrencyContract(open);
  });
}
