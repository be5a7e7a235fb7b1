/**
 * The platform core: the one object the surfaces (Bot API, control API, gateway, web client) call.
 * It owns the rules; it reads time only from its Clock and randomness only from its Random.
 */
import { Chats } from '../chats/chats.js';
import type { PlatformDeps } from './platform-deps.js';
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
import { Pins } from '../chats/pins.js';
import { Groups } from '../chats/groups.js';
import { PersonMediaSender } from '../messages/person-media.js';
import { PersonContentSender } from '../messages/person-content.js';
import { PersonPollSender } from '../messages/person-poll.js';
import { PersonFiles } from '../files/person-files.js';

export class Platform {
  readonly users: Users;
  readonly chats: Chats;
  readonly updates: UpdateQueue;
  readonly messages: Messages;
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
  /** People send photos, documents, voice, audio, video and video notes (control API). */
  readonly personMedia: PersonMediaSender;
  /** People send locations, venues, contacts and dice (control API). */
  readonly personContent: PersonContentSender;
  /** People send polls and quizzes (control API). */
  readonly personPolls: PersonPollSender;
  /** People download the files of messages they see (control API). */
  readonly personFiles: PersonFiles;

  constructor(readonly deps: PlatformDeps) {
    this.users = new Users(deps);
    this.chats = new Chats(deps);
    this.updates = new UpdateQueue(deps);
    this.files = new Files(deps);
    this.messages = new Messages(deps, this.users, this.chats, this.updates, this.files);
    this.webhooks = new Webhooks(deps, this.updates);
    this.botSettings = new BotSettings(deps);
    this.callbackQueries = new CallbackQueries(deps, this.users, this.messages, this.updates);
    this.edits = new MessageEdits(deps, this.users, this.chats, this.messages, this.updates);
    this.devices = new Devices(deps, this.users);
    this.gateway = new Gateway(deps, {
      users: this.users,
      chats: this.chats,
      messages: this.messages,
      devices: this.devices,
    });
    this.polls = new Polls(deps, this.users, this.messages, this.updates);
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
    this.personMedia = new PersonMediaSender(deps, this.users, this.messages, this.files);
    this.personContent = new PersonContentSender(deps, this.users, this.messages);
    this.personPolls = new PersonPollSender(deps, this.users, this.messages, this.polls);
    this.personFiles = new PersonFiles(deps, this.users, this.messages, this.files);
  }
}
