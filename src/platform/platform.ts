/**
 * The platform core: the one object the surfaces (Bot API, control API, gateway, web client) call.
 * It owns the rules; it reads time only from its Clock and randomness only from its Random.
 */
import { Chats } from './chats.js';
import type { PlatformDeps } from './platform-deps.js';
import { Messages } from './messages.js';
import { UpdateQueue } from './update-queue.js';
import { Users } from './users.js';
import { Webhooks } from './webhooks.js';
import { Files } from './files.js';
import { BotSettings } from './bot-settings.js';
import { CallbackQueries } from './callback-queries.js';
import { MessageEdits } from './message-edits.js';

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

  constructor(readonly deps: PlatformDeps) {
    this.users = new Users(deps);
    this.chats = new Chats(deps);
    this.updates = new UpdateQueue(deps);
    this.messages = new Messages(deps, this.users, this.chats, this.updates);
    this.webhooks = new Webhooks(deps, this.updates);
    this.files = new Files(deps);
    this.botSettings = new BotSettings(deps);
    this.callbackQueries = new CallbackQueries(deps, this.users, this.messages, this.updates);
    this.edits = new MessageEdits(deps, this.users, this.chats, this.messages, this.updates);
  }
}
