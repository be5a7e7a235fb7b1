/**
 * A control API answer that is a file's bytes rather than the JSON envelope (`GET /control/files`):
 * a handler returns one, and the route runner (control-routes.ts) sends it as it is. Errors still
 * answer the envelope, so a client tells the two apart by the status (200 is always the bytes).
 */
import type { Readable } from 'node:stream';

export class BinaryAnswer {
  constructor(
    readonly body: Readable | Buffer,
    /** Content-Type, Content-Length and whatever else describes the bytes. */
    readonly headers: Record<string, string>,
  ) {}
}
