/**
 * The platform assembled: the one object the surfaces (Bot API, control API, gateway, web client)
 * call, built from the kernel (core/, users/, chats/, messages/, updates/, files/) and the features
 * that plug into it. It owns the rules; it reads time only from its Clock and randomness only from
 * its Random. It lives outside core/ so that the kernel imports no feature (issue 30, ADR 0111):
 * this folder imports every feature, and no feature imports it.
 */
import { Chats } from '../chats/chats.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import { TimedJobs } from '../core/timed-jobs.js';
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

export class Platform {
  readonly users: Users;
  readonly chats: Chats;
  readonly updates: UpdateQueue;
  readonly messages: Messages;
  /** Ephemeral messages (Bot API 10.2, ADR 0076). */
  readonly ephemeral: EphemeralMessages;
  /** A person's ephemeral command to the bot that declared it (ADR 0080). */
  readonly ephemeralCommands: EphemeralCommands;
  readonly webhooks: Webhooks;
  readonly files: Files;
  readonly botSettings: BotSettings;
  readonly callbackQueries: CallbackQueries;
  readonly edits: MessageEdits;
  readonly devices: Devices;
  readonly gateway: Gateway;
  readonly polls: Polls;
  readonly chatActions: ChatActions;
  readonly forwards: Forwards;
  readonly flood: FloodControl;
  readonly inline: InlineQueries;
  readonly reactions: Reactions;
  readonly pins: Pins;
  /** Groups, supergroups and channels: members, invite links, join requests, blocking. */
  readonly groups: Groups;
  /** Forum topics: turning topics on, topics and the General topic (ADR 0045). */
  readonly topics: ForumTopics;
  /** People send photos, documents, voice, audio, video and video notes (control API). */
  readonly personMedia: PersonMediaSender;
  /** People send locations, venues, contacts and dice (control API). */
  readonly personContent: PersonContentSender;
  /** People send polls and quizzes (control API). */
  readonly personPolls: PersonPollSender;
  /** People download the files of messages they see (control API). */
  readonly personFiles: PersonFiles;
  /** Business accounts: connected bots, their rights and updates (ADR 0049). */
  readonly business: Business;
  /** What a connected bot changes of the business account itself (ADR 0049). */
  readonly businessAccount: BusinessAccount;
  /** A business account's Stars through its connected bot, on the Stars ledger (ADR 0049). */
  readonly businessStars: BusinessStars;
  /** Stories of business accounts, posted by their connected bots (ADR 0049). */
  readonly stories: Stories;
  /** Bots that people create to be managed by other bots (ADR 0049). */
  readonly managedBots: ManagedBots;
  /** Sticker sets, custom emoji, topic icons and supergroups' sticker sets (ADR 0046). */
  readonly stickers: Stickers;
  /** Mini Apps: launch data, answers, prepared messages and buttons, join-request queries (ADR 0047). */
  readonly webApps: WebApps;
  /** Guest mode: bots summoned into chats they are not members of (ADR 0047). */
  readonly guest: GuestQueries;
  /** Games registered for bots, game messages and high scores (ADR 0044). */
  readonly games: Games;
  /** People's boosts of channels and supergroups (ADR 0044). */
  readonly boosts: Boosts;
  /** Verifier bots and the users and chats they verify (ADR 0044). */
  readonly verification: Verification;
  /** Drafts bots stream into private chats (sendMessageDraft). */
  readonly drafts: Drafts;
  /** Profile photos of bots, profile audios and emoji statuses of people. */
  readonly profiles: Profiles;
  /** Members' tags in groups and supergroups (setChatMemberTag). */
  readonly memberTags: MemberTags;
  /** People writing on behalf of channels, and bans of such channels (banChatSenderChat, ADR 0052). */
  readonly senderChats: SenderChats;
  /** Checklists: business sends and edits, people marking and adding tasks. */
  readonly checklists: Checklists;
  /** The Stars ledger of people and bots (payments/stars-ledger.ts). */
  readonly stars: StarsLedger;
  /** Invoices, paying them, refunds (payments/payments.ts). */
  readonly payments: Payments;
  /** The gift catalogue, gifts sent and owned, Premium for Stars (gifts/, ADR 0050). */
  readonly gifts: Gifts;
  /** Paid media: previews until a person pays (paid-media/, ADR 0050). */
  readonly paidMedia: PaidMedia;
  /** Channels' direct messages and suggested posts (suggested-posts/, ADR 0053). */
  readonly suggestedPosts: SuggestedPosts;
  /** Communities of supergroups and channels (ADR 0077). */
  readonly communities: Communities;
  /** Passport: bots' public keys, data people share, errors bots set (passport/, ADR 0054). */
  readonly passport: Passport;
  /** Giveaways that channel and supergroup administrators start (giveaways/, ADR 0056). */
  readonly giveaways: Giveaways;
  /** Fault rules switched on through the control API, cached for the hot paths (faults/, ADR 0058). */
  readonly faults: Faults;
  /** The record of what happened (timeline/, ADR 0099). */
  readonly timeline: Timeline;
  /** What falls due on the virtual clock, registered by the parts that own it (core/timed-jobs.ts). */
  readonly timedJobs = new TimedJobs();

  constructor(readonly deps: PlatformDeps) {
    this.faults = new Faults(deps);
    this.timeline = new Timeline(deps);
    this.users = new Users(deps);
    this.chats = new Chats(deps);
    this.updates = new UpdateQueue(deps, this.timeline);
    this.files = new Files(deps);
    const businessRelay = new BusinessRelay(deps, this.updates, this.files);
    this.messages = new Messages(deps, this.users, this.chats, this.updates, this.files, businessRelay);
    this.ephemeral = new EphemeralMessages(deps, this.users, this.chats, this.messages);
    this.webhooks = new Webhooks(deps, this.updates);
    this.botSettings = new BotSettings(deps);
    this.ephemeralCommands = new EphemeralCommands(
      deps,
      this.users,
      this.messages,
      this.ephemeral,
      this.botSettings,
      this.updates,
    );
    this.callbackQueries = new CallbackQueries(deps, this.users, this.messages, this.updates);
    this.edits = new MessageEdits(deps, this.users, this.chats, this.messages, this.updates);
    this.devices = new Devices(deps, this.users);
    this.gateway = new Gateway(deps, {
      users: this.users,
      chats: this.chats,
      messages: this.messages,
      devices: this.devices,
    });
    this.polls = new Polls(deps, this.users, this.messages, this.updates, this.timedJobs);
    this.chatActions = new ChatActions(deps);
    this.forwards = new Forwards(deps, this.chats, this.messages, this.polls);
    this.flood = new FloodControl(
      deps.config.floodControl ?? defaultFloodConfig(deps.config.profile),
      deps.clock,
    );
    this.inline = new InlineQueries(deps, this.users, this.messages, this.updates, this.files);
    this.reactions = new Reactions(deps, this.users, this.chats, this.messages, this.updates);
    this.pins = new Pins(deps, this.users, this.chats, this.messages, this.updates);
    this.groups = new Groups({
      deps,
      users: this.users,
      chats: this.chats,
      messages: this.messages,
      updates: this.updates,
    });
    this.topics = new ForumTopics(
      {
        deps,
        users: this.users,
        chats: this.chats,
        messages: this.messages,
        updates: this.updates,
      },
      this.groups,
    );
    this.personMedia = new PersonMediaSender(deps, this.users, this.messages, this.files);
    this.personContent = new PersonContentSender(deps, this.users, this.messages);
    this.personPolls = new PersonPollSender(deps, this.users, this.messages, this.polls);
    this.personFiles = new PersonFiles(deps, this.users, this.messages, this.files);
    this.business = new Business(deps, this.users, this.updates);
    this.businessAccount = new BusinessAccount(deps, this.updates, businessRelay);
    this.stories = new Stories(deps, this.users, this.messages);
    this.managedBots = new ManagedBots(deps, this.users, this.chats, this.messages, this.updates);
    this.stickers = new Stickers(
      { deps, users: this.users, chats: this.chats, messages: this.messages, updates: this.updates },
      this.files,
    );
    this.webApps = new WebApps(deps, {
      users: this.users,
      chats: this.chats,
      messages: this.messages,
      updates: this.updates,
      files: this.files,
      botSettings: this.botSettings,
      callbackQueries: this.callbackQueries,
      members: this.groups.members,
      joinRequests: this.groups.joinRequests,
    });
    this.guest = new GuestQueries(deps, {
      users: this.users,
      messages: this.messages,
      updates: this.updates,
      files: this.files,
    });
    this.messages.guests = this.guest;
    this.games = new Games(deps, this.users, this.chats, this.messages, this.files);
    this.boosts = new Boosts(
      { deps, users: this.users, chats: this.chats, messages: this.messages, updates: this.updates },
      this.timedJobs,
    );
    this.verification = new Verification(deps, this.users);
    this.drafts = new Drafts(deps, this.users, this.chats, this.messages);
    this.profiles = new Profiles(deps, this.users, this.messages, this.files);
    this.checklists = new Checklists(deps, this.users, this.messages, businessRelay);
    this.memberTags = new MemberTags({
      deps,
      users: this.users,
      chats: this.chats,
      messages: this.messages,
      updates: this.updates,
    });
    this.senderChats = new SenderChats({
      deps,
      users: this.users,
      chats: this.chats,
      messages: this.messages,
      updates: this.updates,
    });
    this.stars = new StarsLedger(deps, this.users, this.chats);
    this.businessStars = new BusinessStars(deps, this.stars);
    this.payments = new Payments(
      {
        deps,
        users: this.users,
        chats: this.chats,
        messages: this.messages,
        updates: this.updates,
        stars: this.stars,
      },
      this.groups.inviteLinks,
      this.timedJobs,
    );
    const giftsContext = {
      deps,
      users: this.users,
      chats: this.chats,
      messages: this.messages,
      updates: this.updates,
      stars: this.stars,
      files: this.files,
    };
    this.gifts = new Gifts(giftsContext);
    this.paidMedia = new PaidMedia(giftsContext);
    this.messages.paidMedia = this.paidMedia;
    this.suggestedPosts = new SuggestedPosts(
      {
        deps,
        users: this.users,
        chats: this.chats,
        messages: this.messages,
        updates: this.updates,
        stars: this.stars,
      },
      this.timedJobs,
    );
    this.passport = new Passport(deps, this.users, this.messages, this.files);
    this.communities = new Communities({
      deps,
      users: this.users,
      chats: this.chats,
      messages: this.messages,
      updates: this.updates,
    });
    this.giveaways = new Giveaways(
      { deps, users: this.users, chats: this.chats, messages: this.messages, updates: this.updates },
      this.stars,
      this.boosts,
      this.timedJobs,
    );
  }
}
