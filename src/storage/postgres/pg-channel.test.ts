/**
 * The payloads of the event channel (pg-channel.ts): new messages' and memberships' events share
 * notifications within PostgreSQL's 8000 bytes, other events go one to a notification, order is kept, a process skips its
 * own, and an event too long for a notification is reported rather than failing the others.
 */
import { describe, expect, it } from 'vitest';
import { decodeEvents, encodeEvents, type ChannelEvent } from './pg-channel.js';

const created = (messageId: number, recipients: number[] = [7]): ChannelEvent => ({
  e: 'message.created',
  p: { chatPk: 1, messageId, senderId: 2, recipients },
});

describe('event channel payloads', () => {
  it('packs consecutive new-message events, keeps the others single, and keeps the order', () => {
    const events: ChannelEvent[] = [
      created(1),
      created(2),
      { e: 'polls.terminate', p: { botId: 5, reason: 'other_poll', keep: 'k' } },
      created(3),
    ];
    const payloads = encodeEvents('a', events);
    expect(payloads.map((payload) => JSON.parse(payload) as object)).toEqual([
      { n: 'a', e: 'message.created', l: [events[0]!.p, events[1]!.p] },
      { n: 'a', e: 'polls.terminate', p: events[2]!.p },
      { n: 'a', e: 'message.created', l: [events[3]!.p] },
    ]);
    expect(payloads.flatMap((payload) => decodeEvents(payload, 'b'))).toEqual(events);
  });

  it("packs a group's memberships: one notification for a new group's members, not one each", () => {
    const members: ChannelEvent[] = Array.from({ length: 200 }, (_, i) => ({
      e: 'chat.member.changed',
      p: { chatPk: 12345, userId: 4_000_000_000 + i },
    }));
    const payloads = encodeEvents('a', [...members, created(1)]);
    expect(payloads).toHaveLength(2);
    expect(payloads.flatMap((payload) => decodeEvents(payload, 'b'))).toEqual([...members, created(1)]);
  });

  it('splits packs at the size limit, and reports an event that fits no notification', () => {
    const many = Array.from({ length: 400 }, (_, i) => created(i));
    const payloads = encodeEvents('a', many);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    expect(payloads.flatMap((payload) => decodeEvents(payload, 'b'))).toEqual(many);

    const tooLong: ChannelEvent[] = [];
    const huge = { e: 'faults.changed', p: { x: 'y'.repeat(9000) } } as unknown as ChannelEvent;
    expect(encodeEvents('a', [huge, created(1)], (event) => tooLong.push(event))).toHaveLength(1);
    expect(tooLong).toEqual([huge]);
  });

  it("skips a process's own payloads and what is not a payload of ours", () => {
    const [payload] = encodeEvents('a', [created(1)]);
    expect(decodeEvents(payload, 'a')).toEqual([]);
    expect(decodeEvents('not json', 'a')).toEqual([]);
    expect(decodeEvents('{"e":"message.created"}', 'a')).toEqual([]);
    // One event as a single payload (what other tools on the channel read) is understood too.
    expect(decodeEvents('{"n":"b","e":"clock.advanced","p":{"offsetMs":5}}', 'a')).toEqual([
      { e: 'clock.advanced', p: { offsetMs: 5 } },
    ]);
  });
});
