/**
 * Files that a bot names by HTTP URL: the server downloads them itself, as the reference platform
 * does, within a size limit and a deadline. In the `strict` profile (like the hosted platform)
 * addresses that are loopback, private or otherwise reserved are refused: every connection, that of
 * each redirect hop included, checks the address it connects to (outbound-connector.ts), so no
 * earlier or later DNS answer can point it elsewhere.
 */
import type { Agent } from 'undici';
import { undici } from './undici.js';
import type { Profile } from '../../config/config.js';
import { outboundConnector, type HostLookup } from './outbound-connector.js';

/** Why a URL gave no file: not a usable HTTP URL, or nothing usable came from it. */
export class UrlFetchError extends Error {
  constructor(readonly reason: 'bad_url' | 'failed') {
    super(reason);
  }
}

export interface FetchedFile {
  data: Buffer;
  /** The Content-Type the server sent, without parameters; '' when none. */
  contentType: string;
  /** The last path segment of the final URL, decoded; '' when there is none. */
  fileName: string;
}

export interface FetchOptions {
  maxBytes: number;
  profile: Profile;
  /** The resolver (PlatformDeps.lookup); the system's when absent. */
  lookup?: HostLookup | undefined;
  timeoutMs?: number;
}

/** The whole download, redirects included, must finish within this. */
export const URL_FETCH_TIMEOUT_MS = 30_000;
const MAX_REDIRECTS = 5;

/** Whether a file parameter's string is an HTTP URL rather than a file_id. */
export function isHttpUrl(text: string): boolean {
  return /^https?:\/\//i.test(text.trim());
}

export async function fetchUrl(text: string, options: FetchOptions): Promise<FetchedFile> {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new UrlFetchError('bad_url');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
    throw new UrlFetchError('bad_url');
  }
  const signal = AbortSignal.timeout(options.timeoutMs ?? URL_FETCH_TIMEOUT_MS);
  // One agent for every hop: a hop to another origin opens its own connection, checked again.
  const agent = new (undici().Agent)({
    connect: outboundConnector({ profile: options.profile, lookup: options.lookup }),
  });
  try {
    return await download(url, options.maxBytes, agent, signal);
  } finally {
    void agent.close();
  }
}

async function download(url: URL, maxBytes: number, agent: Agent, signal: AbortSignal): Promise<FetchedFile> {
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    try {
      const response = await undici().request(url, { method: 'GET', dispatcher: agent, signal });
      const location = response.headers.location;
      if (response.statusCode >= 300 && response.statusCode < 400 && typeof location === 'string') {
        await response.body.dump();
        url = new URL(location, url);
        if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UrlFetchError('failed');
        continue;
      }
      if (response.statusCode < 200 || response.statusCode >= 300) {
        await response.body.dump();
        throw new UrlFetchError('failed');
      }
      const declared = Number(response.headers['content-length'] ?? NaN);
      if (declared > maxBytes) {
        await response.body.dump();
        throw new UrlFetchError('failed');
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body) {
        size += (chunk as Buffer).length;
        // A server that did not say how big the file is, or said less, is cut off at the limit.
        if (size > maxBytes) {
          response.body.destroy();
          throw new UrlFetchError('failed');
        }
        chunks.push(chunk as Buffer);
      }
      const contentType = String(response.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim()
        .toLowerCase();
      return { data: Buffer.concat(chunks), contentType, fileName: lastSegment(url) };
    } catch (error) {
      // A refused address (ReservedAddressError) is reported like an unreachable one.
      if (error instanceof UrlFetchError) throw error;
      throw new UrlFetchError('failed');
    }
  }
  throw new UrlFetchError('failed');
}

function lastSegment(url: URL): string {
  const segment = url.pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
