/**
 * Helpers for gateway tests over HTTP: calling a method the ways the spec allows, and setting up an
 * account with people to send codes to.
 */
import type { CreatedGatewayAccount, UserRecord } from '../../src/testkit/index.js';
import { phone, type TestServer } from './in-process.js';

export type Transport = 'json' | 'form' | 'query' | 'get';
export type Auth = 'bearer' | 'param' | 'none';

export interface GatewayAnswer {
  status: number;
  body: { ok: boolean; result?: unknown; error?: string };
  headers: Headers;
}

/** Calls `<base>/<method>` (base: `<server>/gateway`) with the token as Bearer (default) or access_token. */
export async function gateway(
  base: string,
  token: string | undefined,
  method: string,
  params: Record<string, unknown> = {},
  { transport = 'json', auth = 'bearer' }: { transport?: Transport; auth?: Auth } = {},
): Promise<GatewayAnswer> {
  const all = { ...params };
  const headers: Record<string, string> = {};
  if (token !== undefined && auth === 'bearer') headers.authorization = `Bearer ${token}`;
  if (token !== undefined && auth === 'param') all.access_token = token;
  const text = new URLSearchParams(
    Object.entries(all).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  ).toString();
  let response: Response;
  if (transport === 'get') {
    response = await fetch(`${base}/${method}?${text}`, { headers });
  } else if (transport === 'query') {
    response = await fetch(`${base}/${method}?${text}`, { method: 'POST', headers });
  } else if (transport === 'form') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    response = await fetch(`${base}/${method}`, { method: 'POST', headers, body: text });
  } else {
    headers['content-type'] = 'application/json';
    response = await fetch(`${base}/${method}`, { method: 'POST', headers, body: JSON.stringify(all) });
  }
  return {
    status: response.status,
    body: (await response.json()) as GatewayAnswer['body'],
    headers: response.headers,
  };
}

export interface GatewaySetup {
  owner: UserRecord;
  account: CreatedGatewayAccount;
  token: string;
  /** Calls a method with this account's token. */
  call(method: string, params?: Record<string, unknown>): Promise<GatewayAnswer>;
  /** A new person to send codes to. */
  person(name?: string): Promise<UserRecord>;
}

export async function setupGateway(
  server: TestServer,
  credits: number | string = 100,
): Promise<GatewaySetup> {
  const owner = await server.control.createUser({ phone_number: phone(), first_name: 'Owner' });
  const account = await server.control.createGatewayAccount({ owner: owner.phone_number, credits });
  return {
    owner,
    account,
    token: account.access_token,
    call: (method, params = {}) => gateway(`${server.url}/gateway`, account.access_token, method, params),
    person: (name = 'Person') => server.control.createUser({ phone_number: phone(), first_name: name }),
  };
}
