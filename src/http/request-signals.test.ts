/**
 * A request's lazy signal (request-signals.ts): its hook hears the client go away or the server stop
 * without an AbortController being made, and neither once the request is answered and released.
 */
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { expect, it } from 'vitest';
import { RequestSignals } from './request-signals.js';

/** What the lazy signal reads of a response: its close event and whether its answer was written. */
function fakeResponse(): ServerResponse & { writableEnded: boolean } {
  return Object.assign(new EventEmitter(), { writableEnded: false }) as unknown as ServerResponse & {
    writableEnded: boolean;
  };
}

it("tells the hook's listener when the client goes away before its answer", () => {
  const signals = new RequestSignals(new AbortController().signal);
  const response = fakeResponse();
  const lazy = signals.for(response);
  let heard = 0;
  lazy.hook.addEventListener('abort', () => (heard += 1));
  expect(lazy.hook.aborted).toBe(false);
  response.emit('close');
  expect(heard).toBe(1);
  expect(lazy.hook.aborted).toBe(true);
  // The signal read afterwards is aborted too.
  expect(lazy.signal.aborted).toBe(true);
});

it('tells the hook and the signal when the server stops, and nothing after release', () => {
  const shutdown = new AbortController();
  const signals = new RequestSignals(shutdown.signal);
  const waiting = signals.for(fakeResponse());
  const answered = signals.for(fakeResponse());
  const heard: string[] = [];
  waiting.hook.addEventListener('abort', () => heard.push('waiting'));
  const signal = waiting.signal;
  answered.hook.addEventListener('abort', () => heard.push('answered'));
  answered.release();
  shutdown.abort();
  expect(heard).toEqual(['waiting']);
  expect(signal.aborted).toBe(true);
  expect(answered.hook.aborted).toBe(true);
});

it('does not abort when the connection closes after the answer was written, nor a removed listener', () => {
  const signals = new RequestSignals(new AbortController().signal);
  const response = fakeResponse();
  const lazy = signals.for(response);
  let heard = 0;
  const listener = () => (heard += 1);
  lazy.hook.addEventListener('abort', listener);
  lazy.hook.removeEventListener('abort', listener);
  const other = signals.for(fakeResponse());
  other.hook.addEventListener('abort', () => (heard += 10));
  other.release();
  response.writableEnded = true;
  response.emit('close');
  expect(heard).toBe(0);
  expect(lazy.hook.aborted).toBe(false);
});
