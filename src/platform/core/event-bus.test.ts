import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { EventBus, expectEvent, lookUntil } from './event-bus.js';
import { LocalEvents } from '../../storage/local-events.js';

describe('expectEvent', () => {
  it('sees an event that came before the wait began', async () => {
    const bus = new EventBus();
    const expected = expectEvent(bus, 'callback.answered', 'a');
    bus.emit('callback.answered', { id: 'b' });
    bus.emit('callback.answered', { id: 'a' });
    expect(await expected.wait(10_000)).toBe(true);
    expected.cancel();
  });

  it('is not woken by an event of another key', async () => {
    const bus = new EventBus();
    const expected = expectEvent(bus, 'callback.answered', 'a');
    bus.emit('callback.answered', { id: 'b' });
    expect(await expected.wait(1)).toBe(false);
    expected.cancel();
  });

  it('resolves false at the timeout and on abort', async () => {
    const bus = new EventBus();
    const expected = expectEvent(bus, 'callback.answered', 'x');
    expect(await expected.wait(1)).toBe(false);
    const controller = new AbortController();
    const waiting = expected.wait(10_000, controller.signal);
    controller.abort();
    expect(await waiting).toBe(false);
    expected.cancel();
    bus.emit('callback.answered', { id: 'x' });
  });

  it('wakes a wait in progress', async () => {
    const bus = new EventBus();
    const expected = expectEvent(bus, 'inline.answered', 'q');
    const waiting = expected.wait(10_000);
    bus.emit('inline.answered', { id: 'q' });
    expect(await waiting).toBe(true);
    expected.cancel();
  });
});

describe('lookUntil', () => {
  it('looks again only for events of its keys, and finds what they brought', async () => {
    const bus = new EventBus();
    let looks = 0;
    const stored: { value?: string } = {};
    const found = lookUntil(
      bus,
      'message.created',
      ['c7'],
      async () => {
        looks += 1;
        return stored.value;
      },
      60_000,
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(looks).toBe(1);
    // Messages of other chats and other people do not make it look.
    for (let i = 0; i < 50; i++)
      bus.emit('message.created', { chatPk: 8, messageId: i, senderId: 1, recipients: [3] });
    await new Promise((resolve) => setImmediate(resolve));
    expect(looks).toBe(1);
    stored.value = 'hello';
    bus.emit('message.created', { chatPk: 7, messageId: 1, senderId: 1, recipients: [] });
    expect(await found).toBe('hello');
    expect(looks).toBe(2);
  });

  it('keeps one abort listener on its signal however often it is woken, and none after', async () => {
    const bus = new EventBus();
    const controller = new AbortController();
    let looks = 0;
    const waiting = lookUntil(
      bus,
      'message.created',
      ['u5'],
      async () => {
        looks += 1;
        return undefined;
      },
      60_000,
      controller.signal,
    );
    for (let i = 1; i <= 20; i++) {
      bus.emit('message.created', { chatPk: 1, messageId: i, senderId: 2, recipients: [5] });
      // Each wake is a look; wait for it before the next event.
      while (looks < i + 1) await new Promise((resolve) => setImmediate(resolve));
      expect(getEventListeners(controller.signal, 'abort').length).toBe(1);
    }
    controller.abort();
    expect(await waiting).toBeUndefined();
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('looks again when events may have been missed', async () => {
    const bus = new EventBus();
    const stored: { value?: number } = {};
    const found = lookUntil(bus, 'message.created', ['c1'], async () => stored.value, 60_000);
    await new Promise((resolve) => setImmediate(resolve));
    stored.value = 1;
    bus.emit('events.resumed', {});
    expect(await found).toBe(1);
  });
});

describe('LocalEvents', () => {
  it('hands a keyed event to the listeners of its keys only', () => {
    const events = new LocalEvents();
    const heard: string[] = [];
    events.onKey('updates.queued', 1, () => heard.push('bot 1'));
    events.onKey('updates.queued', 2, () => heard.push('bot 2'));
    events.on('updates.queued', ({ botId }) => heard.push(`all ${botId}`));
    events.emit('updates.queued', { botId: 2 });
    expect(heard).toEqual(['all 2', 'bot 2']);
  });

  it('hands a new message to its chat and to each recipient named', () => {
    const events = new LocalEvents();
    const heard: string[] = [];
    for (const key of ['c4', 'u9', 'u10', 'u11']) events.onKey('message.created', key, () => heard.push(key));
    events.emit('message.created', { chatPk: 4, messageId: 1, senderId: 1, recipients: [9, 10] });
    expect(heard).toEqual(['c4', 'u9', 'u10']);
  });

  it('forgets a key when its last listener leaves', () => {
    const events = new LocalEvents();
    const offs = Array.from({ length: 1000 }, (_, i) => events.onKey('updates.queued', i, () => undefined));
    expect(events.keyedListeners).toBe(1000);
    for (const off of offs) off();
    expect(events.keyedListeners).toBe(0);
  });

  it('does not hand an event to a listener subscribed while it is handed out', () => {
    const events = new LocalEvents();
    let late = 0;
    events.onKey('callback.answered', 'q', () => {
      events.onKey('callback.answered', 'q', () => late++);
    });
    events.emit('callback.answered', { id: 'q' });
    expect(late).toBe(0);
    events.emit('callback.answered', { id: 'q' });
    expect(late).toBe(1);
  });
});
