/**
 * A person signed in to the web client's person API (`/web/api/...`) by phone number, for tests that
 * drive it over HTTP: `call` answers the status with the envelope (`ok`, `result`, `error`), `upload`
 * posts raw bytes.
 */
import type { TestServer } from './in-process.js';
import { phone } from './in-process.js';

export interface PersonAnswer {
  status: number;
  ok: boolean;
  // The answers' shapes are checked by the assertions themselves.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  result?: any;
  error?: string;
  description?: string;
}

export async function signedInPerson(server: TestServer, first_name: string) {
  const phone_number = phone();
  const user = await server.control.createUser({ phone_number, first_name });
  const signIn = await fetch(`${server.url}/web/api/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone_number }),
  });
  const { token } = ((await signIn.json()) as { result: { token: string } }).result;
  const answer = async (response: Response): Promise<PersonAnswer> => ({
    status: response.status,
    ...((await response.json()) as Omit<PersonAnswer, 'status'>),
  });
  /** A GET with `input` as its query, or a POST with it as a JSON body. */
  const call = async (method: 'GET' | 'POST', path: string, input: Record<string, unknown> = {}) => {
    const query =
      method === 'GET'
        ? `?${new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)] as [string, string]))}`
        : '';
    return answer(
      await fetch(`${server.url}/web/api${path}${query}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        },
        ...(method === 'POST' ? { body: JSON.stringify(input) } : {}),
      }),
    );
  };
  const upload = async (path: string, bytes: Buffer) =>
    answer(
      await fetch(`${server.url}/web/api${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
        body: bytes,
      }),
    );
  /** A file the person may read, as the raw response. */
  const file = (path: string) =>
    fetch(`${server.url}/web/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { user, token, phone_number, call, upload, file };
}
