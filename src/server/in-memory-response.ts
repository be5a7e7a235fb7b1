/**
 * The answers of the test kit's in-process transport (in-process-fetch.ts): a `Response` whose body is
 * bytes in memory, read directly by `text()`, `json()`, `arrayBuffer()` and `blob()`, its web stream
 * (`body`) made only if asked for. Node makes a web stream for every `Response` built with a body, and
 * reading it back through the stream cost about a fifth of an echo exchange's CPU; its headers are
 * made a `Headers` when first read, which grammY never does (issue 28, ADR 0094).
 */
/** Response's constructor, typed as what this file uses of it (the DOM types declare its methods as properties). */
const ResponseBase = Response as unknown as new (
  body: null,
  init: ResponseInit,
) => { readonly status: number; readonly statusText: string };

class InMemoryResponse extends ResponseBase {
  readonly #bytes: Buffer | null;
  #used = false;
  #streamed: Response | undefined;
  /** The answer's headers as written, made a `Headers` when first asked for (grammY never asks). */
  #written: ResponseInit['headers'];
  #headers: Headers | undefined;

  constructor(bytes: Buffer | null, init: ResponseInit) {
    // Response's own headers are left empty: building them (and checking each name and value) cost
    // more than the rest of the answer, and most readers read only the body.
    const { headers, ...rest } = init;
    super(null, rest);
    this.#bytes = bytes;
    this.#written = headers;
  }

  get headers(): Headers {
    if (this.#headers === undefined) {
      const written = this.#written;
      this.#headers = written instanceof Headers ? written : responseHeaders(written as WrittenHeaders);
      this.#written = undefined;
    }
    return this.#headers;
  }

  get body(): ReadableStream<Uint8Array> | null {
    if (this.#bytes === null) return null;
    this.#streamed ??= new Response(this.#bytes);
    return this.#streamed.body;
  }

  get bodyUsed(): boolean {
    return this.#used || (this.#streamed?.bodyUsed ?? false);
  }

  #take(): Buffer {
    if (this.bodyUsed) throw new TypeError('Body is unusable: Body has already been read');
    this.#used = true;
    return this.#bytes ?? Buffer.alloc(0);
  }

  text(): Promise<string> {
    try {
      return Promise.resolve(this.#take().toString('utf8'));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text()) as unknown;
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    try {
      const bytes = this.#take();
      return Promise.resolve(
        bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
      );
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  async blob(): Promise<Blob> {
    return new Blob([await this.arrayBuffer()], { type: this.headers.get('content-type') ?? '' });
  }

  clone(): Response {
    if (this.bodyUsed) throw new TypeError('Response.clone: Body has already been consumed.');
    return inMemoryResponse(this.#bytes, {
      status: this.status,
      statusText: this.statusText,
      headers: new Headers(this.headers),
    });
  }
}

/** A Response (it is one at run time: the class extends Response) with its body in memory. */
export function inMemoryResponse(bytes: Buffer | null, init: ResponseInit): Response {
  return new InMemoryResponse(bytes, init) as unknown as Response;
}

/** Hop-by-hop headers that describe a connection, which an in-memory answer does not have. */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding']);

type WrittenHeaders = Record<string, string | string[]>;

function responseHeaders(headers: WrittenHeaders | undefined): Headers {
  const result = new Headers();
  if (headers === undefined) return result;
  for (const [name, value] of Object.entries(headers)) {
    if (CONNECTION_HEADERS.has(name)) continue;
    if (Array.isArray(value)) for (const item of value) result.append(name, item);
    else result.set(name, value);
  }
  return result;
}
