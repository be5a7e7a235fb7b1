/**
 * Multipart uploads whose file part is generated while it is sent, so that a test of large uploads
 * does not hold their bytes itself: one 1 MiB chunk (filled with `fill`) written `mebibytes` times.
 */
import { request, type ClientRequest } from 'node:http';

export interface StreamedUpload {
  url: string;
  fields: Record<string, string>;
  /** The file part's field name and file name. */
  file: { field: string; filename: string };
  mebibytes: number;
  fill?: number;
  /** Stops sending after this many MiB and destroys the request (an upload cut short). */
  abortAfter?: number;
}

export interface UploadAnswer {
  status: number;
  body: { ok: boolean; result?: unknown; description?: string; error_code?: number };
}

const CHUNK = 1 << 20;

/** Sends the upload; resolves with the answer, or with undefined when it was cut short on purpose. */
export function streamedUpload(upload: StreamedUpload): Promise<UploadAnswer | undefined> {
  const boundary = `----parley${Math.random().toString(16).slice(2)}`;
  const head =
    Object.entries(upload.fields)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('') +
    `--${boundary}\r\nContent-Disposition: form-data; name="${upload.file.field}"; ` +
    `filename="${upload.file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const chunk = Buffer.alloc(CHUNK, upload.fill ?? 0x61);
  const length = Buffer.byteLength(head) + upload.mebibytes * CHUNK + Buffer.byteLength(tail);
  return new Promise((resolve, reject) => {
    const req: ClientRequest = request(upload.url, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': length },
    });
    req.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (part: string) => (text += part));
      response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) }));
      response.on('error', reject);
    });
    req.on('error', (error) => (upload.abortAfter === undefined ? reject(error) : resolve(undefined)));
    req.write(head);
    let sent = 0;
    // Written as the socket drains, so only a chunk or two is ever buffered here.
    const pump = () => {
      while (sent < upload.mebibytes) {
        if (upload.abortAfter !== undefined && sent >= upload.abortAfter) {
          req.destroy();
          resolve(undefined);
          return;
        }
        sent += 1;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end(tail);
    };
    pump();
  });
}
