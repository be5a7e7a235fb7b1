/**
 * Abort signals for requests, made only when a handler asks for one (long polls and waits do; most
 * calls never do, and building a combined signal per request is measurable on the hot path). A
 * signal aborts when its client goes away or the server stops.
 */
import type { ServerResponse } from 'node:http';

export interface LazySignal {
  /** The request's signal, created on first read. */
  readonly signal: AbortSignal;
  /** Forgets the request once it is answered. */
  release(): void;
}

export class RequestSignals {
  readonly #open = new Set<AbortController>();

  constructor(private readonly shutdown: AbortSignal) {
    shutdown.addEventListener('abort', () => {
      for (const controller of this.#open) controller.abort();
    });
  }

  for(response: ServerResponse): LazySignal {
    let controller: AbortController | undefined;
    const open = this.#open;
    const onClose = () => {
      if (!response.writableEnded) controller?.abort();
    };
    const shutdown = this.shutdown;
    return {
      get signal() {
        if (!controller) {
          controller = new AbortController();
          if (shutdown.aborted) controller.abort();
          open.add(controller);
          response.once('close', onClose);
        }
        return controller.signal;
      },
      release() {
        if (!controller) return;
        open.delete(controller);
        response.off('close', onClose);
      },
    };
  }
}
