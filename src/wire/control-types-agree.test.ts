/**
 * The test kit is a package of its own and imports nothing of the server (eslint-rules/layers.js), so
 * its wire types (src/wire/control-types.ts, inferred from the control API's schema: ADR 0110) stand
 * beside the server's types of the same answers. This file makes the compiler hold the two to each
 * other: each server type must equal the test kit's type of the same name, so that a field added or
 * changed on one side (the server's type or the result's schema) and not the other fails `tsc` (npm
 * run static) and this test's type check. Where the test kit's type is knowingly looser (a union the
 * server narrows, optional fields), the server's must fit in it (toExtend). Left out: FaultRule (the
 * control API turns the server's created_ms into created_at). Messages and what hangs off them are the
 * Bot API's types on the test kit's side (wire/bot-api-types.ts, ADR 0068), which the server's looser
 * wire types of users, chats, entities and messages must fit in.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type * as Kit from './control-types.js';
import type {
  BotSummary as ServerBotSummary,
  PendingUpdate as ServerPendingUpdate,
  VerificationRequestView as ServerVerificationRequestView,
} from '../platform/inspector/inspector.js';
import type { ChatPermissions as ServerChatPermissions } from '../platform/chats/chat-rights.js';
import type {
  DeliveryAttempt as ServerDeliveryAttempt,
  DeliveryLog as ServerDeliveryLog,
  PendingReport as ServerPendingReport,
} from '../platform/gateway/delivery-log.js';
import type { GameRecord as ServerGameRecord } from '../platform/games/games.js';
import type { GiveawayRecord as ServerGiveawayRecord } from '../platform/giveaways/giveaways.js';
import type { LedgerEntry as ServerLedgerEntry } from '../platform/gateway/accounts.js';
import type {
  PendingWebhookUpdate as ServerPendingWebhookUpdate,
  WebhookDeliveryAttempt as ServerWebhookDeliveryAttempt,
  WebhookDeliveryLog as ServerWebhookDeliveryLog,
} from '../platform/webhooks/delivery-log.js';
import type { PressResult as ServerPressResult } from '../platform/messages/callback-queries.js';
import type { ReceivedCode as ServerReceivedCode } from '../platform/gateway/inbox.js';
import type { Transcript as ServerTranscript } from '../platform/transcripts/transcripts.js';
import type { WireChat, WireEntity, WireMessage, WireUser } from '../platform/core/wire-types.js';
import type {
  WorldFile as ServerWorldFile,
  WorldImported as ServerWorldImported,
} from '../platform/world/world-types.js';
import type {
  VerificationStatus as ServerVerificationStatus,
  VerifierState as ServerVerifierState,
} from '../platform/verification/verification.js';

describe("the test kit's wire types", () => {
  it("are the server's types of the same answers", () => {
    expectTypeOf<ServerBotSummary>().toEqualTypeOf<Kit.BotSummary>();
    expectTypeOf<ServerPendingUpdate>().toEqualTypeOf<Kit.PendingUpdate>();
    expectTypeOf<ServerVerificationRequestView>().toExtend<Kit.VerificationRequestView>();
    expectTypeOf<ServerChatPermissions>().toExtend<Kit.ChatPermissions>();
    expectTypeOf<ServerDeliveryAttempt>().toEqualTypeOf<Kit.DeliveryAttempt>();
    expectTypeOf<ServerDeliveryLog>().toEqualTypeOf<Kit.DeliveryLog>();
    expectTypeOf<ServerPendingReport>().toEqualTypeOf<Kit.PendingReport>();
    expectTypeOf<ServerGameRecord>().toEqualTypeOf<Kit.GameRecord>();
    expectTypeOf<ServerGiveawayRecord>().toEqualTypeOf<Kit.GiveawayRecord>();
    expectTypeOf<ServerLedgerEntry>().toEqualTypeOf<Kit.LedgerEntry>();
    expectTypeOf<ServerPendingWebhookUpdate>().toEqualTypeOf<Kit.PendingWebhookUpdate>();
    expectTypeOf<ServerWebhookDeliveryAttempt>().toEqualTypeOf<Kit.WebhookDeliveryAttempt>();
    expectTypeOf<ServerWebhookDeliveryLog>().toEqualTypeOf<Kit.WebhookDeliveryLog>();
    expectTypeOf<ServerPressResult>().toEqualTypeOf<Kit.PressResult>();
    expectTypeOf<ServerReceivedCode>().toEqualTypeOf<Kit.ReceivedCode>();
    expectTypeOf<ServerTranscript>().toExtend<Kit.Transcript>();
    expectTypeOf<ServerVerificationStatus>().toEqualTypeOf<Kit.VerificationStatus>();
    expectTypeOf<ServerVerifierState>().toEqualTypeOf<Kit.VerifierState>();
    // A world file (ADR 0102): the server's names its rights and permissions, the kit's takes any flags.
    expectTypeOf<ServerWorldFile>().toExtend<Kit.WorldFile>();
    expectTypeOf<ServerWorldImported>().toEqualTypeOf<Kit.WorldImported>();
  });

  it("take the server's rendered users, chats and messages (the Bot API's types, ADR 0068)", () => {
    expectTypeOf<WireUser>().toExtend<Kit.User>();
    expectTypeOf<WireChat>().toExtend<Kit.Chat>();
    // WireEntity is the stored form too: a text_mention's user is `{ id }` until rendered whole.
    expectTypeOf<Omit<WireEntity, 'user'>>().toExtend<Kit.MessageEntity>();
    // The fields WireMessage names (its index signature aside) are the Bot API's, entities aside.
    type Named<T> = { [K in keyof T as string extends K ? never : K]: T[K] };
    expectTypeOf<Omit<Named<WireMessage>, 'entities' | 'reply_to_message'>>().toExtend<Kit.Message>();
  });
});
