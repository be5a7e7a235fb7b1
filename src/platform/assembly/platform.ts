/**
 * The platform assembled: the one object the surfaces (Bot API, control API, gateway, web client)
 * call, built from the kernel (core/, users/, chats/, messages/, updates/, files/) and the features
 * that plug into it. It owns the rules; it reads time only from its Clock and randomness only from
 * its Random. It lives outside core/ so that the kernel imports no feature (issue 30, ADR 0111):
 * this folder imports every feature, and no feature imports it.
 *
 * It is a list (platform-builder.ts), in the order the members are built: the kernel's parts are
 * written here (`add`), each feature is the entry its folder exports (`register(giftsFeature)`, from
 * `gifts/feature.ts`: its name, the members it needs, its build; core/feature.ts), refused when a
 * need is not built before it. A new feature is its folder's entry and one line here. `Platform` is
 * the type of the result. The kernel's extension points are registered with as the features are
 * built (a feature's constructor registers its renderers, timed jobs, event listeners, join
 * charge...; guest mode and paid media set their hook on messages in their entries).
 */
import { Chats } from '../chats/chats.js';
import { ChatActions } from '../chats/chat-actions.js';
import { Groups } from '../chats/groups.js';
import { MemberTags } from '../chats/member-tags.js';
import { SenderChats } from '../chats/sender-chats.js';
import { EventListeners } from '../core/event-listeners.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import { TimedJobs } from '../core/timed-jobs.js';
import { Files } from '../files/files.js';
import { CallbackQueries } from '../messages/callback-queries.js';
import { EphemeralCommands } from '../messages/ephemeral-commands.js';
import { EphemeralMessages } from '../messages/ephemeral-messages.js';
import { FloodControl } from '../messages/flood-control.js';
import { Forwards } from '../messages/forwards.js';
import { MessageEdits } from '../messages/message-edits.js';
import { Messages } from '../messages/messages.js';
import { PersonContentSender } from '../messages/person-content.js';
import { PersonFiles } from '../messages/person-files.js';
import { PersonMediaSender } from '../messages/person-media.js';
import { PersonPollSender } from '../messages/person-poll.js';
import { Pins } from '../messages/pins.js';
import { Polls } from '../messages/polls.js';
import { Reactions } from '../messages/reactions.js';
import { Timeline } from '../timeline/timeline.js';
import { UpdateQueue } from '../updates/update-queue.js';
import { Webhooks } from '../updates/webhooks.js';
import { BotSettings } from '../users/bot-settings.js';
import { Devices } from '../users/devices.js';
import { Users } from '../users/users.js';
import { defaultFloodConfig } from '../../config/flood-config.js';
import { PlatformBuilder } from './platform-builder.js';
// The features' entries, each exported by its folder (core/feature.ts).
import { boostsFeature } from '../boosts/feature.js';
import {
  businessAccountFeature,
  businessFeature,
  businessRelayFeature,
  businessStarsFeature,
} from '../business/feature.js';
import { checklistsFeature } from '../checklists/feature.js';
import { communitiesFeature } from '../communities/feature.js';
import { draftsFeature } from '../drafts/feature.js';
import { faultsFeature } from '../faults/feature.js';
import { gamesFeature } from '../games/feature.js';
import { gatewayFeature } from '../gateway/feature.js';
import { giftsFeature } from '../gifts/feature.js';
import { giveawaysFeature } from '../giveaways/feature.js';
import { guestFeature } from '../guest/feature.js';
import { inlineFeature } from '../inline/feature.js';
import { managedBotsFeature } from '../managed-bots/feature.js';
import { paidMediaFeature } from '../paid-media/feature.js';
import { passportFeature } from '../passport/feature.js';
import { paymentsFeature, starsFeature } from '../payments/feature.js';
import { profilesFeature } from '../profiles/feature.js';
import { stickersFeature } from '../stickers/feature.js';
import { storiesFeature } from '../stories/feature.js';
import { suggestedPostsFeature } from '../suggested-posts/feature.js';
import { topicsFeature } from '../topics/feature.js';
import { verificationFeature } from '../verification/feature.js';
import { webAppsFeature } from '../web-apps/feature.js';

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
      .register(faultsFeature)
      /** The record of what happened (timeline/, ADR 0099). */
      .add('timeline', (p) => new Timeline(p.deps))
      .add('users', (p) => new Users(p.deps))
      .add('chats', (p) => new Chats(p.deps))
      .add('updates', (p) => new UpdateQueue(p.deps, p.timeline))
      .add('files', (p) => new Files(p.deps))
      .register(businessRelayFeature)
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
      .register(gatewayFeature)
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
      .register(inlineFeature)
      .add('reactions', (p) => new Reactions(p.deps, p.users, p.chats, p.messages, p.updates))
      .add('pins', (p) => new Pins(p.deps, p.users, p.chats, p.messages, p.updates))
      /** Groups, supergroups and channels: members, invite links, join requests, blocking. */
      .add('groups', (p) => new Groups(p))
      .register(topicsFeature)
      /** People send photos, documents, voice, audio, video and video notes (control API). */
      .add('personMedia', (p) => new PersonMediaSender(p.deps, p.users, p.messages, p.files))
      /** People send locations, venues, contacts and dice (control API). */
      .add('personContent', (p) => new PersonContentSender(p.deps, p.users, p.messages))
      /** People send polls and quizzes (control API). */
      .add('personPolls', (p) => new PersonPollSender(p.deps, p.users, p.messages, p.polls))
      /** People download the files of messages they see (control API). */
      .add('personFiles', (p) => new PersonFiles(p.deps, p.users, p.messages, p.files))
      .register(businessFeature)
      .register(businessAccountFeature)
      .register(storiesFeature)
      .register(managedBotsFeature)
      .register(stickersFeature)
      .register(webAppsFeature)
      .register(guestFeature)
      .register(gamesFeature)
      .register(boostsFeature)
      .register(verificationFeature)
      .register(draftsFeature)
      .register(profilesFeature)
      .register(checklistsFeature)
      /** Members' tags in groups and supergroups (setChatMemberTag). */
      .add('memberTags', (p) => new MemberTags(p))
      /** People writing on behalf of channels, and bans of such channels (banChatSenderChat, ADR 0052). */
      .add('senderChats', (p) => new SenderChats(p))
      .register(starsFeature)
      .register(businessStarsFeature)
      .register(paymentsFeature)
      .register(giftsFeature)
      .register(paidMediaFeature)
      .register(suggestedPostsFeature)
      .register(passportFeature)
      .register(communitiesFeature)
      .register(giveawaysFeature).parts
  );
}

/** The assembled platform: every member the list above builds, typed as its entry builds it. */
export type Platform = ReturnType<typeof assemblePlatform>;
