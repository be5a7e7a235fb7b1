/**
 * The platform assembled: the one object the surfaces (Bot API, control API, gateway, web client)
 * call, built from the kernel (core/, users/, chats/, messages/, updates/, files/) and the features
 * that plug into it. It owns the rules; it reads time only from its Clock and randomness only from
 * its Random. It lives outside core/ so that the kernel imports no feature (issue 30, ADR 0111):
 * this folder imports every feature, and no feature imports it.
 *
 * It is a list (platform-builder.ts): one entry per member, in the order they are built, each taking
 * what it needs of the members before it; a new feature is one entry. `Platform` is the type of the
 * result. The kernel's extension points are registered with as the features are built (a feature's
 * constructor registers its renderers, timed jobs, join charge...; two hooks are set here).
 */
import { Chats } from '../chats/chats.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import { EventListeners } from '../core/event-listeners.js';
import { TimedJobs } from '../core/timed-jobs.js';
import { PlatformBuilder } from './platform-builder.js';
import { Messages } from '../messages/messages.js';
import { UpdateQueue } from '../updates/update-queue.js';
import { Users } from '../users/users.js';
import { Webhooks } from '../updates/webhooks.js';
import { Files } from '../files/files.js';
import { BotSettings } from '../users/bot-settings.js';
import { CallbackQueries } from '../messages/callback-queries.js';
import { MessageEdits } from '../messages/message-edits.js';
import { Devices } from '../users/devices.js';
import { Gateway } from '../gateway/gateway.js';
import { Polls } from '../messages/polls.js';
import { ChatActions } from '../chats/chat-actions.js';
import { Forwards } from '../messages/forwards.js';
import { FloodControl } from '../messages/flood-control.js';
import { defaultFloodConfig } from '../../config/flood-config.js';
import { InlineQueries } from '../inline/inline-queries.js';
import { Reactions } from '../messages/reactions.js';
import { Pins } from '../messages/pins.js';
import { Groups } from '../chats/groups.js';
import { Stickers } from '../stickers/stickers.js';
import { ForumTopics } from '../topics/forum-topics.js';
import { PersonMediaSender } from '../messages/person-media.js';
import { PersonContentSender } from '../messages/person-content.js';
import { PersonPollSender } from '../messages/person-poll.js';
import { PersonFiles } from '../messages/person-files.js';
import { BusinessRelay } from '../business/business-relay.js';
import { Business } from '../business/business.js';
import { BusinessAccount } from '../business/business-account.js';
import { BusinessStars } from '../business/business-stars.js';
import { Stories } from '../stories/stories.js';
import { ManagedBots } from '../managed-bots/managed-bots.js';
import { WebApps } from '../web-apps/web-apps.js';
import { GuestQueries } from '../guest/guest-queries.js';
import { Games } from '../games/games.js';
import { Boosts } from '../boosts/boosts.js';
import { Giveaways } from '../giveaways/giveaways.js';
import { Verification } from '../verification/verification.js';
import { Drafts } from '../drafts/drafts.js';
import { Profiles } from '../profiles/profiles.js';
import { MemberTags } from '../chats/member-tags.js';
import { SenderChats } from '../chats/sender-chats.js';
import { Checklists } from '../checklists/checklists.js';
import { StarsLedger } from '../payments/stars-ledger.js';
import { Payments } from '../payments/payments.js';
import { Gifts } from '../gifts/gift-service.js';
import { PaidMedia } from '../paid-media/paid-media.js';
import { SuggestedPosts } from '../suggested-posts/suggested-posts.js';
import { Passport } from '../passport/passport.js';
import { Faults } from '../faults/faults.js';
import { Timeline } from '../timeline/timeline.js';
import { Communities } from '../communities/communities.js';
import { EphemeralCommands } from '../messages/ephemeral-commands.js';
import { EphemeralMessages } from '../messages/ephemeral-messages.js';

/** The platform's parts built from `deps`, kernel first; see the file's header. */
export function assemblePlatform(deps: PlatformDeps) {
  return (
    new PlatformBuilder({
      deps,
      /** What falls due on the virtual clock, registered by the parts that own it (core/timed-jobs.ts). */
      timedJobs: new TimedJobs(),
      /** What the parts do after the kernel's events, registered by them (core/event-listeners.ts). */
      listeners: new EventListeners(),
    })
      /** Fault rules switched on through the control API, cached for the hot paths (faults/, ADR 0058). */
      .add('faults', (p) => new Faults(p.deps))
      /** The record of what happened (timeline/, ADR 0099). */
      .add('timeline', (p) => new Timeline(p.deps))
      .add('users', (p) => new Users(p.deps))
      .add('chats', (p) => new Chats(p.deps))
      .add('updates', (p) => new UpdateQueue(p.deps, p.timeline))
      .add('files', (p) => new Files(p.deps))
      /** The relay of messages to connected business bots: the kernel's MessageRelay (ADR 0111). */
      .add('businessRelay', (p) => new BusinessRelay(p.deps, p.updates, p.files))
      .add('messages', (p) => new Messages(p.deps, p.users, p.chats, p.updates, p.files, p.businessRelay))
      /** Ephemeral messages (Bot API 10.2, ADR 0076). */
      .add('ephemeral', (p) => new EphemeralMessages(p.deps, p.users, p.chats, p.messages))
      .add('webhooks', (p) => new Webhooks(p.deps, p.updates))
      .add('botSettings', (p) => new BotSettings(p.deps))
      /** A person's ephemeral command to the bot that declared it (ADR 0080). */
      .add(
        'ephemeralCommands',
        (p) => new EphemeralCommands(p.deps, p.users, p.messages, p.ephemeral, p.botSettings, p.updates),
      )
      .add('callbackQueries', (p) => new CallbackQueries(p.deps, p.users, p.messages, p.updates))
      .add('edits', (p) => new MessageEdits(p.deps, p.users, p.chats, p.messages, p.updates))
      .add('devices', (p) => new Devices(p.deps, p.users))
      .add('gateway', (p) => new Gateway(p.deps, p))
      .add('polls', (p) => new Polls(p.deps, p.users, p.messages, p.updates, p.timedJobs))
      .add('chatActions', (p) => new ChatActions(p.deps))
      .add('forwards', (p) => new Forwards(p.deps, p.chats, p.messages, p.polls))
      .add(
        'flood',
        (p) =>
          new FloodControl(
            p.deps.config.floodControl ?? defaultFloodConfig(p.deps.config.profile),
            p.deps.clock,
          ),
      )
      .add('inline', (p) => new InlineQueries(p.deps, p.users, p.messages, p.updates, p.files))
      .add('reactions', (p) => new Reactions(p.deps, p.users, p.chats, p.messages, p.updates))
      .add('pins', (p) => new Pins(p.deps, p.users, p.chats, p.messages, p.updates))
      /** Groups, supergroups and channels: members, invite links, join requests, blocking. */
      .add('groups', (p) => new Groups(p))
      /** Forum topics: turning topics on, topics and the General topic (ADR 0045). */
      .add('topics', (p) => new ForumTopics(p, p.groups))
      /** People send photos, documents, voice, audio, video and video notes (control API). */
      .add('personMedia', (p) => new PersonMediaSender(p.deps, p.users, p.messages, p.files))
      /** People send locations, venues, contacts and dice (control API). */
      .add('personContent', (p) => new PersonContentSender(p.deps, p.users, p.messages))
      /** People send polls and quizzes (control API). */
      .add('personPolls', (p) => new PersonPollSender(p.deps, p.users, p.messages, p.polls))
      /** People download the files of messages they see (control API). */
      .add('personFiles', (p) => new PersonFiles(p.deps, p.users, p.messages, p.files))
      /** Business accounts: connected bots, their rights and updates (ADR 0049). */
      .add('business', (p) => new Business(p.deps, p.users, p.updates))
      /** What a connected bot changes of the business account itself (ADR 0049). */
      .add('businessAccount', (p) => new BusinessAccount(p.deps, p.updates, p.businessRelay))
      /** Stories of business accounts, posted by their connected bots (ADR 0049). */
      .add('stories', (p) => new Stories(p.deps, p.users, p.messages))
      /** Bots that people create to be managed by other bots (ADR 0049). */
      .add('managedBots', (p) => new ManagedBots(p.deps, p.users, p.chats, p.messages, p.updates))
      /** Sticker sets, custom emoji, topic icons and supergroups' sticker sets (ADR 0046). */
      .add('stickers', (p) => new Stickers(p, p.files))
      /** Mini Apps: launch data, answers, prepared messages and buttons, join-request queries (ADR 0047). */
      .add(
        'webApps',
        (p) => new WebApps(p.deps, { ...p, members: p.groups.members, joinRequests: p.groups.joinRequests }),
      )
      /** Guest mode: bots summoned into chats they are not members of (ADR 0047). */
      .add('guest', (p) => (p.messages.guests = new GuestQueries(p.deps, p)))
      /** Games registered for bots, game messages and high scores (ADR 0044). */
      .add('games', (p) => new Games(p.deps, p.users, p.chats, p.messages, p.files))
      /** People's boosts of channels and supergroups (ADR 0044). */
      .add('boosts', (p) => new Boosts(p, p.timedJobs))
      /** Verifier bots and the users and chats they verify (ADR 0044). */
      .add('verification', (p) => new Verification(p.deps, p.users))
      /** Drafts bots stream into private chats (sendMessageDraft). */
      .add('drafts', (p) => new Drafts(p.deps, p.users, p.chats, p.messages))
      /** Profile photos of bots, profile audios and emoji statuses of people. */
      .add('profiles', (p) => new Profiles(p.deps, p.users, p.messages, p.files))
      /** Checklists: business sends and edits, people marking and adding tasks. */
      .add('checklists', (p) => new Checklists(p.deps, p.users, p.messages, p.businessRelay))
      /** Members' tags in groups and supergroups (setChatMemberTag). */
      .add('memberTags', (p) => new MemberTags(p))
      /** People writing on behalf of channels, and bans of such channels (banChatSenderChat, ADR 0052). */
      .add('senderChats', (p) => new SenderChats(p))
      /** The Stars ledger of people and bots (payments/stars-ledger.ts). */
      .add('stars', (p) => new StarsLedger(p.deps, p.users, p.chats))
      /** A business account's Stars through its connected bot, on the Stars ledger (ADR 0049). */
      .add('businessStars', (p) => new BusinessStars(p.deps, p.stars))
      /** Invoices, paying them, refunds, subscriptions (payments/payments.ts). */
      .add('payments', (p) => new Payments(p, p.groups.inviteLinks, p.timedJobs))
      /** The gift catalogue, gifts sent and owned, Premium for Stars (gifts/, ADR 0050). */
      .add('gifts', (p) => new Gifts(p))
      /** Paid media: previews until a person pays (paid-media/, ADR 0050). */
      .add('paidMedia', (p) => (p.messages.paidMedia = new PaidMedia(p)))
      /** Channels' direct messages and suggested posts (suggested-posts/, ADR 0053). */
      .add('suggestedPosts', (p) => new SuggestedPosts(p, p.timedJobs, p.listeners))
      /** Passport: bots' public keys, data people share, errors bots set (passport/, ADR 0054). */
      .add('passport', (p) => new Passport(p.deps, p.users, p.messages, p.files))
      /** Communities of supergroups and channels (ADR 0077). */
      .add('communities', (p) => new Communities(p))
      /** Giveaways that channel and supergroup administrators start (giveaways/, ADR 0056). */
      .add('giveaways', (p) => new Giveaways(p, p.stars, p.boosts, p.timedJobs)).parts
  );
}

/** The assembled platform: every member the list above builds, typed as its entry builds it. */
export type Platform = ReturnType<typeof assemblePlatform>;
