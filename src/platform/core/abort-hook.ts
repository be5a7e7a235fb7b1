/**
 * What a waiting call (a parked long poll) hears its end from: an `AbortSignal` has this shape, and
 * so has a request's lazy signal (http/request-signals.ts), which answers it without making an
 * `AbortController` (an `EventTarget` with two maps and a listener record, about 1 KB a parked poll,
 * issue 31). A hook holds one listener at a time: a wait adds its own and removes it when it ends.
 */
export interface AbortHook {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}
