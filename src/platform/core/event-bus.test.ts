import { describe, expect, it } from 'vitest';
import { EventBus, expectEvent } from './event-bus.js';

describe('expectEvent', () => {
  it('sees an event that came before the wait began', async () => {
    const bus = new EventBus();
    const expected = expectEvent(bus, 'callback.answered', (e) => e.id === 'a');
    bus.emit('callback.answered', { id: 'b' });
    bus.emit('callback.answered', { id: 'a' });
    expect(await expected.wait(10_000)).toBe(true);
    expected.cancel();
  });

  it('resolves false at the timeout and on abort', async () => {
    const bus = new EventBus();
    const expected = expectEvent(bus, 'callback.answered', () => true);
    expect(await expected.wait(1)).toBe(false);
    const controller = new AbortController();
    const waiting = expected.wait(10_000, controller.signal);
    controller.abort();
    expect(await waiting).toBe(false);
    expected.cancel();
    bus.emit('callback.answered', { id: 'late' });
  });

  it('wakes a wait in progress', async () => {
    const bus = new EventBus();
    const expected = expectEvent(bus, 'inline.answered', (e) => e.id === 'q');
    const waiting = expected.wait(10_000);
    bus.emit('inline.answered', { id: 'q' });
    expect(await waiting).toBe(true);
    expected.cancel();
  });
});
