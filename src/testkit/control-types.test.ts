/**
 * The test kit's side of the control API's schema (ADR 0042): the types it exports are the ones the
 * schema names (parameters by their group's name, results by the route's `result`), the document
 * has a schema for each result, the client has a method per route that answers the route's result,
 * and the limits and kinds the schema documents are the platform's. (The names of rights and
 * permissions are written once, in wire/control-schema/rights.ts, and the platform takes them from
 * there: no copy to compare.)
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type {
  AddDeviceParams,
  ControlResults,
  CreateUserParams,
  DownloadFileParams,
  Message,
  Poll,
  ProfileAudios,
  ResultOf,
  SendMediaParams,
  SendPollParams,
  StarTransaction,
  UpdateDeviceParams,
} from '../wire/control-types.js';
import {
  COMPONENT_SCHEMAS,
  CONTROL_API,
  DICE_EMOJI,
  MAX_DEVICE_DELAY,
  MEDIA_KINDS,
  type ResultTypeName,
  type RouteId,
  type RouteParams,
  type RouteSpec,
} from '../wire/control-schema/index.js';
import { ControlClient } from './control-client.js';
import type { BotApi, Person } from './index.js';
import { MAX_DEVICE_DELAY as PLATFORM_MAX_DEVICE_DELAY } from '../platform/users/devices.js';
import { PERSON_FILE_KINDS } from '../platform/messages/person-media.js';
import { DICE_EMOJI as PLATFORM_DICE_EMOJI } from '../platform/messages/person-content.js';

const ROUTES = Object.entries(CONTROL_API) as Array<[RouteId, RouteSpec]>;

/** The names src/wire/control-types.ts exports (read with the compiler, as types leave no trace at run time). */
function exportedNames(): Set<string> {
  const file = new URL('../wire/control-types.ts', import.meta.url);
  const source = ts.createSourceFile('control-types.ts', readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const names = new Set<string>();
  for (const statement of source.statements) {
    const exported = ts.canHaveModifiers(statement)
      ? ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
      : false;
    if (exported && (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement))) {
      names.add(statement.name.text);
    }
    if (
      ts.isExportDeclaration(statement) &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    ) {
      for (const element of statement.exportClause.elements) names.add(element.name.text);
    }
  }
  return names;
}

const resultName = (result: string) => result.replace(/\[\]$/, '');
const namedResults = () =>
  [...new Set(ROUTES.map(([, route]) => resultName(route.result)))].filter(
    (n) => n !== 'true' && n !== 'bytes',
  );

describe('the control API contract of the test kit', () => {
  it("keeps the platform's limits and kinds where the schema documents them", () => {
    expect(MAX_DEVICE_DELAY).toBe(PLATFORM_MAX_DEVICE_DELAY);
    expect(MEDIA_KINDS).toEqual(PERSON_FILE_KINDS);
    expect(DICE_EMOJI).toEqual(PLATFORM_DICE_EMOJI);
  });

  it('has a schema in the document of each result the routes name', () => {
    const results = namedResults();
    expect(results.filter((name) => !(name in COMPONENT_SCHEMAS))).toEqual([]);
    for (const [id, route] of ROUTES) {
      expect(route.result, id).toMatch(/^(true|bytes|[A-Z]\w*(\[\])?)$/);
    }
  });

  it("exports results and parameters under the schema's names only (new ones need no export: ADR 0110)", () => {
    // A route's result is ControlResults['Name'] (ResultOf<'route'>), its parameters
    // ParamsByName['NameParams'] (RouteParams<'route'>), without a line in control-types.ts. The
    // names the kit exports stay those the schema gives: none is left behind by a rename.
    const exported = exportedNames();
    const params = new Set(ROUTES.flatMap(([, route]) => (route.params ? [route.params.name] : [])));
    const stale = [...exported].filter((name) => name.endsWith('Params') && !params.has(name));
    // Two that are not a route's: the kit's own subset of the sends, and the generic by route.
    expect(stale.sort()).toEqual(['PersonSendParams', 'RouteParams']);
    for (const name of ['UserRecord', 'GatewayAccount', 'TimelinePage', 'WorldFile', 'CreateUserParams']) {
      expect(exported.has(name), name).toBe(true);
    }
  });

  it('has a client method for each route, by its operation id', () => {
    const missing = ROUTES.map(([id]) => id).filter(
      (id) => typeof (ControlClient.prototype as unknown as Record<string, unknown>)[id] !== 'function',
    );
    expect(missing).toEqual([]);
  });

  it('types agree with the schema (checked by the compiler)', () => {
    // ControlResults has exactly the result names of the routes.
    expectTypeOf<keyof ControlResults>().toEqualTypeOf<ResultTypeName>();

    // Each client method answers its route's result.
    type Answer<K extends RouteId> = Awaited<ReturnType<ControlClient[K]>>;
    type Mismatch = {
      [K in RouteId]: [Answer<K>] extends [ResultOf<K>] ? ([ResultOf<K>] extends [Answer<K>] ? never : K) : K;
    }[RouteId];
    expectTypeOf<Mismatch>().toEqualTypeOf<never>();

    // Each client method that takes the route's parameters takes exactly them (optionally when every
    // one is optional); the exceptions take a reference, an id or raw bytes, or nothing.
    type TakesParams = Exclude<
      RouteId,
      | 'getUser'
      | 'getBot'
      | 'getChat'
      | 'getCommunity'
      | 'getClock'
      | 'listPaymentProviders'
      | 'getWebAppKey'
      | 'advanceClock'
      | 'getGatewayAccount'
      | 'topUpGatewayAccount'
      | 'setGatewayPrices'
      | 'getGatewayLedger'
      | 'verifySenderChannel'
      | 'getVerificationInbox'
      | 'listDevices'
      | 'listPendingUpdates'
      | 'updateDevice'
      | 'setDevicesOnline'
      | 'setDevicesOffline'
      | 'sendMedia'
      | 'addProfilePhoto'
      | 'downloadFile'
      | 'listWorkspaces'
      | 'getWorkspace'
      | 'resetWorkspace'
      | 'deleteWorkspace'
    >;
    type Given<K extends RouteId> = NonNullable<Parameters<ControlClient[K]>[0]>;
    type ParamsMismatch = {
      [K in TakesParams]: [Given<K>] extends [RouteParams<K>]
        ? [RouteParams<K>] extends [Given<K>]
          ? never
          : K
        : K;
    }[TakesParams];
    expectTypeOf<ParamsMismatch>().toEqualTypeOf<never>();
    expectTypeOf<Parameters<ControlClient['getDeliveryLog']>[0]>().toEqualTypeOf<
      RouteParams<'getDeliveryLog'> | undefined
    >();
    expectTypeOf<Parameters<ControlClient['listBots']>[0]>().toEqualTypeOf<
      RouteParams<'listBots'> | undefined
    >();
    expectTypeOf<Parameters<ControlClient['listGatewayAccounts']>[0]>().toEqualTypeOf<
      RouteParams<'listGatewayAccounts'> | undefined
    >();
    expectTypeOf<Parameters<ControlClient['listPendingUpdates']>[1]>().toEqualTypeOf<
      RouteParams<'listPendingUpdates'> | undefined
    >();
    expectTypeOf<Parameters<ControlClient['setGatewayPrices']>[1]>().toEqualTypeOf<
      RouteParams<'setGatewayPrices'>
    >();
    expectTypeOf<Parameters<ControlClient['updateDevice']>[1]>().toEqualTypeOf<RouteParams<'updateDevice'>>();

    // The shapes of a few, as a reader of the schema would expect them.
    expectTypeOf<CreateUserParams>().toEqualTypeOf<{
      phone_number: string;
      first_name?: string;
      last_name?: string;
      username?: string;
      language_code?: string;
    }>();
    expectTypeOf<SendPollParams['type']>().toEqualTypeOf<'regular' | 'quiz' | undefined>();
    expectTypeOf<UpdateDeviceParams['read_delay']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<AddDeviceParams>().toMatchTypeOf<UpdateDeviceParams & { user: number | string }>();
    // The test kit's forms of media and downloads are within the schema's parameters.
    expectTypeOf<SendMediaParams['photo']>().toMatchTypeOf<
      { data: Uint8Array } | { data_base64: string } | undefined
    >();
    expectTypeOf<DownloadFileParams>().toMatchTypeOf<RouteParams<'downloadFile'>>();
  });

  it("types a message as the Bot API's Message, which a test reads without a cast (ADR 0068)", () => {
    // No index signature: a field the Bot API does not have is a compile error, not `unknown`.
    expectTypeOf<string extends keyof Message ? true : false>().toEqualTypeOf<false>();
    type Reply = Awaited<ReturnType<Person['waitForMessage']>>;
    expectTypeOf<Reply>().toEqualTypeOf<Message>();
    expectTypeOf<Reply['text']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<NonNullable<Reply['photo']>[number]['file_id']>().toEqualTypeOf<string>();
    expectTypeOf<NonNullable<Reply['photo']>>().toEqualTypeOf<BotApi.PhotoSize[]>();
    expectTypeOf<NonNullable<Reply['document']>['file_name']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Reply['chat']['type']>().toEqualTypeOf<'private' | 'group' | 'supergroup' | 'channel'>();
    expectTypeOf<NonNullable<Reply['from']>>().toEqualTypeOf<BotApi.User>();
    expectTypeOf<NonNullable<Reply['poll']>>().toEqualTypeOf<Poll>();
    expectTypeOf<NonNullable<Reply['reply_to_message']>>().toEqualTypeOf<Message>();

    // As a test writes it: property reads on an answer, no cast.
    const read = (reply: Reply) => ({
      text: reply.text,
      photo: reply.photo?.[0]?.file_id,
      firstPhoto: reply.photo ? reply.photo[0]!.file_id : 'none',
      keyboard: reply.reply_markup?.inline_keyboard,
      replyKeyboard: reply.reply_markup?.keyboard,
      caption: reply.caption_entities?.map((entity) => entity.type),
      pinned: reply.pinned_message?.date === 0 ? undefined : reply.pinned_message?.message_id,
    });
    expectTypeOf(read).returns.toEqualTypeOf<{
      text: string | undefined;
      photo: string | undefined;
      firstPhoto: string;
      keyboard: BotApi.InlineKeyboardButton[][] | undefined;
      replyKeyboard: BotApi.KeyboardButton[][] | undefined;
      caption: string[] | undefined;
      pinned: number | undefined;
    }>();

    // Discriminants are literals, so unions narrow (ChatMember by status, MessageOrigin by type).
    const origin = (message: Message) =>
      message.forward_origin?.type === 'user' ? message.forward_origin.sender_user.id : undefined;
    expectTypeOf(origin).returns.toEqualTypeOf<number | undefined>();
    expectTypeOf<BotApi.ChatMemberOwner['status']>().toEqualTypeOf<'creator'>();
    expectTypeOf<BotApi.InaccessibleMessage['date']>().toEqualTypeOf<0>();
    // Other answers that are the Bot API's objects are its types too.
    expectTypeOf<StarTransaction>().toEqualTypeOf<BotApi.StarTransaction>();
    expectTypeOf<ProfileAudios['audios']>().toEqualTypeOf<BotApi.Audio[]>();
  });
});
