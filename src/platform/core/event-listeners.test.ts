/**
 * The event listeners' registry (event-listeners.ts, ADR 0111): what is registered runs on each event
 * once started, a failed run is reported with its listener's failure, stopping unsubscribes, and the
 * assembled platform has suggested posts' refund registered (the server, server/app.ts, names it not).
 */
import { describe, expect, it } from 'vitest';
import { EventBus } from './event-bus.js';
import { EventListeners } from './event-listeners.js';
import { sqlitePlatform } from '../../../test/helpers/test-platform.js';

describe('event listeners', () => {
  it('runs each registered listener on its event once started, until stopped', async () => {
    const listeners = new EventListeners();
    const heard: string[] = [];
    listeners.register({
      event: 'message.changed',
      failure: 'changed failed',
      run: ({ chatPk, messageId }) => Promise.resolve(void heard.push(`changed ${chatPk}:${messageId}`)),
    });
    listeners.register({
      event: 'chat.action',
      failure: 'action failed',
      run: ({ action }) => Promise.resolve(void heard.push(`action ${action}`)),
    });
    const bus = new EventBus();
    bus.emit('message.changed', { chatPk: 1, messageId: 2 });
    expect(heard).toEqual([]);

    const stop = listeners.start(bus, () => undefined);
    bus.emit('message.changed', { chatPk: 3, messageId: 4 });
    bus.emit('chat.action', { chatPk: 3, userId: 5, action: 'typing' });
    await Promise.resolve();
    expect(heard).toEqual(['changed 3:4', 'action typing']);

    stop();
    bus.emit('message.changed', { chatPk: 5, messageId: 6 });
    await Promise.resolve();
    expect(heard).toEqual(['changed 3:4', 'action typing']);
  });

  it("reports a failed run with its listener's failure", async () => {
    const listeners = new EventListeners();
    const boom = new Error('boom');
    listeners.register({
      event: 'message.changed',
      failure: 'refunding failed',
      run: () => Promise.reject(boom),
    });
    const bus = new EventBus();
    const failures: Array<[string, unknown]> = [];
    let reported!: () => void;
    const report = new Promise<void>((resolve) => (reported = resolve));
    const stop = listeners.start(bus, (failure, error) => {
      failures.push([failure, error]);
      reported();
    });
    bus.emit('message.changed', { chatPk: 1, messageId: 2 });
    await report;
    stop();
    expect(failures).toEqual([['refunding failed', boom]]);
  });

  it("has suggested posts' refund registered in the assembled platform", async () => {
    const { store, platform } = sqlitePlatform();
    try {
      expect(platform.listeners.list()).toEqual([
        { event: 'message.changed', failure: 'refunding a suggested post failed' },
      ]);
    } finally {
      await store.close();
    }
  });
});
