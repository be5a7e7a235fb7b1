/**
 * A typed client of the control API (docs/control-api.md). It is the test kit's entry point and the
 * `parley` CLI is built on it, so it depends on nothing of the server. It has a method per route of
 * the control API's schema, by the route's operation id (control-schema/, ADR 0042), derived from
 * the route's declaration (control-methods.ts, ADR 0110): it takes the schema's parameters and
 * answers the route's result, and a new route has its method without a line here. Written here are
 * only the methods that take their parameters in another form than one object (a reference, an id
 * and its parameters, a file's raw bytes) or do more than one JSON request (a file's download).
 */
import type {
  AddProfilePhotoParams,
  ChatRef,
  ClockState,
  CommunityRecord,
  Credits,
  Device,
  DownloadedFile,
  DownloadFileParams,
  FileBytes,
  GatewayAccount,
  LedgerEntry,
  ListPendingUpdatesParams,
  Message,
  PendingUpdate,
  ProfilePhotos,
  SendMediaParams,
  SenderChannel,
  SetGatewayPricesParams,
  UpdateDeviceParams,
  UserRecord,
  BotRecord,
  ChatRecord,
  UserRef,
  VerificationInboxEntry,
  Workspace,
  ResultOf,
} from '../wire/control-types.js';
import type { RouteId } from '../wire/control-schema/index.js';
import { CONTROL_API } from '../wire/control-schema/routes.js';
import { requestSpec, type RequestParams, type RouteArgs, type RouteMethods } from './control-methods.js';
import { ControlTransport } from './control-transport.js';

export { ControlApiError } from './control-api-error.js';
export type { RequestParams, RouteArgs, WaitOptions } from './control-methods.js';

export interface ControlClientOptions {
  /** The server's base URL, e.g. `http://127.0.0.1:8081`; `/control` is appended. */
  url: string;
  adminToken: string;
  /**
   * Replaces the transport of every call, `waitForMessage` included. It must then not give up on a
   * request before the server answers a wait, which can take `timeout` seconds (at most 300).
   */
  fetch?: typeof fetch;
}

/** The server waits at most this long (docs/control-api.md, `POST /control/wait`). */
export const MAX_WAIT_TIMEOUT_SECONDS = 300;

class Client {
  readonly #transport: ControlTransport;

  constructor(options: ControlClientOptions) {
    this.#transport = new ControlTransport(options.url, options.adminToken, options.fetch);
  }

  /**
   * Calls route `id` (an operation id of the schema) with its parameters: what each route's method
   * does. A route with a `timeout` (`waitForMessage`, `waitForCode`, `pressButton`, ...) is held by
   * the server until something comes or the timeout ends; `options.signal` abandons it.
   */
  request<K extends RouteId>(id: K, ...args: RouteArgs<K>): Promise<ResultOf<K>> {
    const [params, options] = args as [object?, { signal?: AbortSignal }?];
    return this.#transport.call(requestSpec(id, params, options?.signal));
  }

  /** `GET /control/users/{USER_REF}` */
  getUser(ref: UserRef): Promise<UserRecord> {
    return this.request('getUser', { ref });
  }

  /** `GET /control/bots/{USER_REF}` */
  getBot(ref: UserRef): Promise<BotRecord> {
    return this.request('getBot', { ref });
  }

  /** `GET /control/chats/{CHAT_REF}` */
  getChat(chat: ChatRef): Promise<ChatRecord> {
    return this.request('getChat', { ref: chat });
  }

  /** `GET /control/communities/{id}` */
  getCommunity(id: number): Promise<CommunityRecord> {
    return this.request('getCommunity', { id });
  }

  /** `POST /control/clock/advance` */
  advanceClock(seconds: number): Promise<ClockState> {
    return this.request('advanceClock', { seconds });
  }

  getWorkspace(name: string): Promise<Workspace> {
    return this.request('getWorkspace', { name });
  }

  resetWorkspace(name: string): Promise<Workspace> {
    return this.request('resetWorkspace', { name });
  }

  deleteWorkspace(name: string): Promise<true> {
    return this.request('deleteWorkspace', { name });
  }

  getGatewayAccount(id: number): Promise<GatewayAccount> {
    return this.request('getGatewayAccount', { id });
  }

  topUpGatewayAccount(id: number, credits: Credits): Promise<GatewayAccount> {
    return this.request('topUpGatewayAccount', { id, credits });
  }

  setGatewayPrices(id: number, params: SetGatewayPricesParams): Promise<GatewayAccount> {
    return this.request('setGatewayPrices', { ...params, id });
  }

  getGatewayLedger(id: number, limit?: number): Promise<LedgerEntry[]> {
    return this.request('getGatewayLedger', { id, limit });
  }

  /** `POST /control/gateway/channels/{username}/verify`; a leading `@` is dropped. */
  verifySenderChannel(username: string, verified = true): Promise<SenderChannel> {
    return this.request('verifySenderChannel', { username: username.replace(/^@/, ''), verified });
  }

  getVerificationInbox(phone: UserRef): Promise<VerificationInboxEntry[]> {
    return this.request('getVerificationInbox', { phone: String(phone) });
  }

  listPendingUpdates(bot: UserRef, params: ListPendingUpdatesParams = {}): Promise<PendingUpdate[]> {
    return this.request('listPendingUpdates', { ...params, ref: bot });
  }

  listDevices(user: UserRef): Promise<Device[]> {
    return this.request('listDevices', { user });
  }

  updateDevice(id: number, params: UpdateDeviceParams): Promise<Device> {
    return this.request('updateDevice', { ...params, id });
  }

  setDevicesOnline(user: UserRef, deviceId?: number): Promise<Device[]> {
    return this.request('setDevicesOnline', { user, device_id: deviceId });
  }

  setDevicesOffline(user: UserRef, deviceId?: number): Promise<Device[]> {
    return this.request('setDevicesOffline', { user, device_id: deviceId });
  }

  /** `POST /control/messages/media`, with a file's raw bytes sent as `data_base64`. */
  sendMedia(params: SendMediaParams): Promise<Message> {
    const { photo, document, voice, audio, video, video_note: videoNote, ...rest } = params;
    const body: Record<string, unknown> = { ...rest };
    if (photo) body.photo = withBase64(photo);
    if (document) body.document = withBase64(document);
    if (voice) body.voice = withBase64(voice);
    if (audio) body.audio = withBase64(audio);
    if (video) body.video = withBase64(video);
    if (videoNote) body.video_note = withBase64(videoNote);
    return this.request('sendMedia', body as RequestParams<'sendMedia'>);
  }

  /** `POST /control/profile-photos`, with the photo's raw bytes sent as `data_base64`. */
  addProfilePhoto(params: AddProfilePhotoParams): Promise<ProfilePhotos> {
    return this.request('addProfilePhoto', { ...params, photo: withBase64(params.photo) });
  }

  /** `GET /control/files`: the bytes of a file the person sees, with what the headers say of it. */
  downloadFile(params: DownloadFileParams): Promise<DownloadedFile> {
    const query: Record<string, string | number | undefined> = { user: params.user };
    if (params.chat !== undefined) {
      query.chat = params.chat;
      query.message_id = params.message_id;
    }
    if (params.file_id !== undefined) query.file_id = params.file_id;
    return this.#transport.download(CONTROL_API.downloadFile.path, query);
  }
}

/** The typed client: the methods above, and one derived from each other route of the schema. */
export interface ControlClient extends Client, Omit<RouteMethods, keyof Client> {}

/** Each route without a method above gets the derived one: `request` with its operation id. */
for (const id of Object.keys(CONTROL_API) as RouteId[]) {
  if (id in Client.prototype) continue;
  Object.defineProperty(Client.prototype, id, {
    value(this: Client, ...args: unknown[]) {
      return (this.request as (id: RouteId, ...args: unknown[]) => Promise<unknown>)(id, ...args);
    },
    writable: true,
    configurable: true,
  });
}

export const ControlClient = Client as new (options: ControlClientOptions) => ControlClient;

function withBase64<T extends FileBytes>(file: T): Omit<T, 'data'> & { data_base64: string } {
  if ('data_base64' in file) return file as Omit<T, 'data'> & { data_base64: string };
  const { data, ...rest } = file as T & { data: Uint8Array };
  return { ...rest, data_base64: Buffer.from(data).toString('base64') } as Omit<T, 'data'> & {
    data_base64: string;
  };
}
