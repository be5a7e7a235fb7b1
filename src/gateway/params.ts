/**
 * Reads a gateway request's parameters (spec §4 common rules): the query string, then a body of
 * `application/json` (an object; values keep their JSON types) or `application/x-www-form-urlencoded`.
 * The first occurrence of a name wins. A body of another type, or JSON that is not an object, adds
 * nothing. All text is UTF-8.
 */
export class GatewayParams {
  readonly #values = new Map<string, unknown>();

  add(name: string, value: unknown): void {
    if (!this.#values.has(name)) this.#values.set(name, value);
  }

  get(name: string): unknown {
    return this.#values.get(name);
  }

  /** Every value (the timeline's record of a call, ADR 0099; its redaction drops the token). */
  record(): Record<string, unknown> {
    return Object.fromEntries(this.#values);
  }

  /** The named values, for a method's parameter object. */
  pick<K extends string>(...names: K[]): Partial<Record<K, unknown>> {
    const picked: Partial<Record<K, unknown>> = {};
    for (const name of names) if (this.#values.has(name)) picked[name] = this.#values.get(name);
    return picked;
  }
}

function addUrlEncoded(params: GatewayParams, text: string): void {
  for (const [name, value] of new URLSearchParams(text)) params.add(name, value);
}

export function readGatewayParams(
  url: string,
  contentType: string | undefined,
  body: unknown,
): GatewayParams {
  const params = new GatewayParams();
  const q = url.indexOf('?');
  if (q >= 0) addUrlEncoded(params, url.slice(q + 1));
  if (!Buffer.isBuffer(body) || body.length === 0) return params;
  const type = (contentType ?? '').toLowerCase();
  const text = body.toString('utf8');
  if (type.includes('application/x-www-form-urlencoded')) addUrlEncoded(params, text);
  else if (type.includes('application/json')) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return params;
    }
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [name, member] of Object.entries(value)) params.add(name, member);
    }
  }
  return params;
}
