/**
 * The command table: every command of `parley`, in the groups and the order the general help lists
 * them, the first hour's commands first (a person, a bot, a message and its answer).
 */
import type { Command } from './command.js';
import { botCreateCommand, botGetCommand } from './commands/bot.js';
import { clockAdvanceCommand, clockShowCommand } from './commands/clock.js';
import { faultAddCommand, faultClearCommand, faultListCommand } from './commands/fault.js';
import {
  workspaceCreateCommand,
  workspaceDeleteCommand,
  workspaceListCommand,
  workspaceResetCommand,
  workspaceShowCommand,
} from './commands/workspace.js';
import { messagesCommand } from './commands/messages.js';
import { messagesSearchCommand } from './commands/messages-search.js';
import { sendCommand } from './commands/send.js';
import { downloadCommand } from './commands/download.js';
import { startCommand } from './commands/start.js';
import { userCreateCommand, userGetCommand } from './commands/user.js';
import { waitCommand } from './commands/wait.js';
import { transcriptCommand } from './commands/transcript.js';
import { timelineCommand } from './commands/timeline.js';
import { worldExportCommand, worldImportCommand } from './commands/world.js';
import { pressCommand } from './commands/press.js';
import { voteCommand } from './commands/vote.js';
import { starsBalanceCommand, starsGrantCommand } from './commands/stars.js';
import { payCommand } from './commands/pay.js';
import { paymentsProvidersCommand } from './commands/payments.js';
import {
  subscriptionCancelCommand,
  subscriptionListCommand,
  subscriptionReactivateCommand,
} from './commands/subscription.js';
import { giftsConvertCommand, giftsListCommand, giftsSendCommand } from './commands/gifts.js';
import { paidMediaBuyCommand } from './commands/paid-media.js';
import { gatewayAccountCommand, gatewayChannelCommand } from './commands/gateway.js';
import {
  gatewayInboxCommand,
  gatewayLogCommand,
  gatewayReadCommand,
  gatewayWaitCodeCommand,
} from './commands/gateway-inbox.js';
import {
  deviceAddCommand,
  deviceListCommand,
  deviceOfflineCommand,
  deviceOnlineCommand,
  deviceSetCommand,
} from './commands/device.js';
import { inlineCommand } from './commands/inline.js';
import { chooseCommand } from './commands/choose.js';
import { reactCommand } from './commands/react.js';
import {
  groupAddCommand,
  groupCreateCommand,
  groupJoinCommand,
  groupLeaveCommand,
  groupLinkCommand,
  groupMigrateCommand,
  groupShowCommand,
} from './commands/group.js';
import { groupPromoteCommand, groupRemoveCommand, groupRestrictCommand } from './commands/group-admin.js';
import { groupForumCommand, topicCreateCommand, topicListCommand } from './commands/topic.js';
import { blockCommand, botPrivacyCommand, unblockCommand } from './commands/block.js';
import { webappOpenCommand, webappSendDataCommand } from './commands/webapp.js';
import { passportErrorsCommand, passportKeyCommand, passportShareCommand } from './commands/passport.js';
import { dmEnableCommand, dmSendCommand, dmSuggestCommand } from './commands/direct-messages.js';
import { giveawayStartCommand } from './commands/giveaway.js';
import {
  communityAddCommand,
  communityCreateCommand,
  communityJoinCommand,
  communityRemoveCommand,
} from './commands/community.js';
import { businessConnectCommand, businessDisconnectCommand } from './commands/business.js';
import { managedBotCreateCommand } from './commands/managed-bot.js';
import {
  checklistAddCommand,
  checklistMarkCommand,
  draftsCommand,
  emojiStatusAllowCommand,
  profileAddAudioCommand,
  profilePersonalChatCommand,
} from './commands/drafts-profiles.js';
import { userPhotoAddCommand, userPhotoRemoveCommand } from './commands/user-photo.js';
import { gameRegisterCommand } from './commands/game.js';
import { boostCommand } from './commands/boost.js';
import { botVerifierCommand, verificationShowCommand } from './commands/verifier.js';

export interface CommandGroup {
  /** The heading in the general help. */
  title: string;
  commands: readonly Command[];
}

export const COMMAND_GROUPS: readonly CommandGroup[] = [
  { title: 'Server', commands: [startCommand] },
  {
    title: 'A person and a bot (the first steps)',
    commands: [
      userCreateCommand,
      userGetCommand,
      botCreateCommand,
      botGetCommand,
      sendCommand,
      waitCommand,
      messagesCommand,
      messagesSearchCommand,
      pressCommand,
    ],
  },
  {
    title: 'More a person does in chats',
    commands: [
      downloadCommand,
      transcriptCommand,
      timelineCommand,
      voteCommand,
      reactCommand,
      inlineCommand,
      chooseCommand,
      checklistMarkCommand,
      checklistAddCommand,
      webappOpenCommand,
      webappSendDataCommand,
      blockCommand,
      unblockCommand,
      draftsCommand,
    ],
  },
  {
    title: 'Groups, channels and topics',
    commands: [
      groupCreateCommand,
      groupShowCommand,
      groupAddCommand,
      groupJoinCommand,
      groupLeaveCommand,
      groupPromoteCommand,
      groupRestrictCommand,
      groupRemoveCommand,
      groupMigrateCommand,
      groupLinkCommand,
      groupForumCommand,
      topicCreateCommand,
      topicListCommand,
      dmEnableCommand,
      dmSendCommand,
      dmSuggestCommand,
      communityCreateCommand,
      communityAddCommand,
      communityRemoveCommand,
      communityJoinCommand,
      giveawayStartCommand,
      boostCommand,
    ],
  },
  {
    title: 'Bots: settings and what they offer',
    commands: [
      botPrivacyCommand,
      botVerifierCommand,
      verificationShowCommand,
      managedBotCreateCommand,
      gameRegisterCommand,
      businessConnectCommand,
      businessDisconnectCommand,
      emojiStatusAllowCommand,
      profileAddAudioCommand,
      userPhotoAddCommand,
      userPhotoRemoveCommand,
      profilePersonalChatCommand,
      passportKeyCommand,
      passportShareCommand,
      passportErrorsCommand,
    ],
  },
  {
    title: 'Payments, Stars and gifts',
    commands: [
      payCommand,
      paymentsProvidersCommand,
      subscriptionListCommand,
      subscriptionCancelCommand,
      subscriptionReactivateCommand,
      starsGrantCommand,
      starsBalanceCommand,
      giftsListCommand,
      giftsSendCommand,
      giftsConvertCommand,
      paidMediaBuyCommand,
    ],
  },
  {
    title: 'Verification Gateway and devices',
    commands: [
      gatewayAccountCommand,
      gatewayChannelCommand,
      gatewayWaitCodeCommand,
      gatewayInboxCommand,
      gatewayReadCommand,
      gatewayLogCommand,
      deviceListCommand,
      deviceAddCommand,
      deviceSetCommand,
      deviceOnlineCommand,
      deviceOfflineCommand,
    ],
  },
  {
    title: 'Tests: the clock, faults, workspaces and world files',
    commands: [
      clockAdvanceCommand,
      clockShowCommand,
      faultAddCommand,
      faultListCommand,
      faultClearCommand,
      workspaceCreateCommand,
      workspaceListCommand,
      workspaceShowCommand,
      workspaceResetCommand,
      workspaceDeleteCommand,
      worldExportCommand,
      worldImportCommand,
    ],
  },
];

/** Every command, in the order the help lists them. The names are part of the product. */
export const COMMANDS: readonly Command[] = COMMAND_GROUPS.flatMap((group) => group.commands);
