/**
 * The areas (tables/) the SQLite store composes into the one Store (sqlite-store.ts), one instance of
 * each per store, and the table of their methods that each store binds from (compose.ts
 * `MethodTable`, issue 28).
 */
import { MethodTable } from '../compose.js';
import type { SqlStatements } from './sql-statements.js';
import { SqliteChats } from './tables/chats.js';
import { SqliteMessageSearch } from './tables/message-search.js';
import { SqliteUsers } from './tables/users.js';
import { SqliteSenderChats } from './tables/sender-chats.js';
import { SqliteFiles } from './tables/files.js';
import { SqliteInline } from './tables/inline.js';
import { SqliteInvites } from './tables/invites.js';
import { SqliteWebApps } from './tables/web-apps.js';
import { SqliteGuest } from './tables/guest.js';
import { SqliteMessages } from './tables/messages.js';
import { SqlitePolls } from './tables/polls.js';
import { SqliteStickers } from './tables/stickers.js';
import { SqliteBoosts, SqliteGames, SqliteVerification } from './tables/games-boosts-verification.js';
import { SqliteGiveaways } from './tables/giveaways.js';
import { SqlitePayments } from './tables/payments.js';
import { SqliteStars } from './tables/stars.js';
import { SqliteGifts } from './tables/gifts.js';
import { SqliteSuggestedPosts } from './tables/suggested-posts.js';
import { SqliteSettings } from './tables/settings.js';
import { SqliteDrafts } from './tables/drafts.js';
import { SqliteProfiles } from './tables/profiles.js';
import { SqliteMemberTags } from './tables/member-tags.js';
import { SqliteCommunities } from './tables/communities.js';
import { SqlitePersonViews } from './tables/person-views.js';
import { SqliteWorldViews } from './tables/world-views.js';
import { SqliteEphemeral } from './tables/ephemeral.js';
import { SqliteMetrics } from './tables/metrics.js';
import { SqliteWebhookLog } from './tables/webhook-log.js';
import { SqliteTimeline } from './tables/timeline.js';
import { SqliteBusiness } from './tables/business.js';
import { SqliteTopics } from './tables/topics.js';
import { SqlitePassport } from './tables/passport.js';
import { SqliteUpdates } from './tables/updates.js';

/** The areas' methods, worked out once; each store binds them onto itself. */
export const AREA_METHODS = new MethodTable([
  SqliteUsers,
  SqliteChats,
  SqliteMessages,
  SqliteUpdates,
  SqliteFiles,
  SqlitePolls,
  SqliteStickers,
  SqliteGames,
  SqliteBoosts,
  SqliteGiveaways,
  SqliteVerification,
  SqliteStars,
  SqliteGifts,
  SqliteSuggestedPosts,
  SqlitePayments,
  SqliteInline,
  SqliteInvites,
  SqliteWebApps,
  SqliteGuest,
  SqliteSettings,
  SqliteDrafts,
  SqliteProfiles,
  SqliteMemberTags,
  SqliteSenderChats,
  SqliteCommunities,
  SqliteBusiness,
  SqliteTopics,
  SqlitePassport,
  SqlitePersonViews,
  SqliteMessageSearch,
  SqliteWorldViews,
  SqliteEphemeral,
  SqliteMetrics,
  SqliteWebhookLog,
  SqliteTimeline,
]);

/** The areas of one store; those with caches or a background part are the store's own. */
export function storeAreas(
  sql: SqlStatements,
  users: SqliteUsers,
  chats: SqliteChats,
  search: SqliteMessageSearch,
) {
  return [
    users,
    chats,
    new SqliteMessages(sql),
    new SqliteUpdates(sql),
    new SqliteFiles(sql),
    new SqlitePolls(sql),
    new SqliteStickers(sql),
    new SqliteGames(sql),
    new SqliteBoosts(sql),
    new SqliteGiveaways(sql),
    new SqliteVerification(sql),
    new SqliteStars(sql),
    new SqliteGifts(sql),
    new SqliteSuggestedPosts(sql),
    new SqlitePayments(sql),
    new SqliteInline(sql),
    new SqliteInvites(sql),
    new SqliteWebApps(sql),
    new SqliteGuest(sql),
    new SqliteSettings(sql),
    new SqliteDrafts(sql),
    new SqliteProfiles(sql),
    new SqliteMemberTags(sql),
    new SqliteSenderChats(sql),
    new SqliteCommunities(sql),
    new SqliteBusiness(sql),
    new SqliteTopics(sql),
    new SqlitePassport(sql),
    new SqlitePersonViews(sql),
    search,
    new SqliteWorldViews(sql),
    new SqliteEphemeral(sql),
    new SqliteMetrics(sql),
    new SqliteWebhookLog(sql),
    new SqliteTimeline(sql),
  ] as const;
}
