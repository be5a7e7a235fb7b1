import { describe, expect, it } from 'vitest';
import { PersonEvents, type ChatEventListener } from './person-events.js';
import { LocalEvents } from '../storage/local-events.js';

function listen(bus: LocalEvents, userId: number) {
  const heard: Array<[string, number]> = [];
  let calls = 0;
  const listener: ChatEventListener = (name, payload) => {
    calls += 1;
    heard.push([name, payload.chatPk]);
  };
  const events = new PersonEvents(bus, userId, listener);
  return { events, heard, calls: () => calls };
}

describe('PersonEvents: a person’s app hears by key', () => {
  it('hears the events of its chats, and no listener of another person is called', () => {
    const bus = new LocalEvents();
    const people = Array.from({ length: 1000 }, (_, i) => listen(bus, 100 + i));
    // Person i is in group 1000 + i and in private chat 5000 + i.
    people.forEach((p, i) => {
      p.events.addChat(1000 + i);
      p.events.addChat(5000 + i);
    });
    bus.emit('message.created', { chatPk: 1007, messageId: 1, senderId: 9, recipients: [] });
    bus.emit('message.changed', { chatPk: 5007, messageId: 2 });
    bus.emit('chat.read', { chatPk: 1007, userId: 9 });
    bus.emit('chat.action', { chatPk: 5007, userId: 9, action: 'typing' });
    bus.emit('chat.requests.changed', { chatPk: 1007 });
    // Not its events: another chat's, another person's.
    bus.emit('message.created', { chatPk: 1008, messageId: 1, senderId: 9, recipients: [] });
    bus.emit('message.created', { chatPk: 5008, messageId: 1, senderId: 9, recipients: [108] });
    expect(people[7]!.heard).toEqual([
      ['message.created', 1007],
      ['message.changed', 5007],
      ['chat.read', 1007],
      ['chat.action', 5007],
      ['chat.requests.changed', 1007],
    ]);
    expect(people[8]!.heard).toEqual([
      ['message.created', 1008],
      ['message.created', 5008],
    ]);
    // Of 1,000 people's streams, only the two whose chats the events were in were called.
    const called = people.filter((p) => p.calls() > 0).length;
    expect(called).toBe(2);
    for (const p of people) p.events.close();
    expect(bus.keyedListeners).toBe(0);
  });

  it('starts hearing a chat on its membership, or on a first message to or from the person', () => {
    const bus = new LocalEvents();
    const ann = listen(bus, 1);
    // Not Ann's chat yet: unheard.
    bus.emit('message.created', { chatPk: 20, messageId: 1, senderId: 2, recipients: [] });
    expect(ann.heard).toEqual([]);
    // Ann is added to group 20 (the membership comes before the service message about it).
    bus.emit('chat.member.changed', { chatPk: 20, userId: 1 });
    bus.emit('message.created', { chatPk: 20, messageId: 2, senderId: 2, recipients: [] });
    // A bot writes to Ann in a new private chat 21; Ann writes first to another bot in chat 22.
    bus.emit('message.created', { chatPk: 21, messageId: 1, senderId: 3, recipients: [1] });
    bus.emit('message.created', { chatPk: 21, messageId: 2, senderId: 3, recipients: [1] });
    bus.emit('message.created', { chatPk: 22, messageId: 1, senderId: 1, recipients: [4] });
    bus.emit('message.changed', { chatPk: 22, messageId: 1 });
    expect(ann.heard).toEqual([
      ['message.created', 20],
      ['message.created', 21],
      ['message.created', 21],
      ['message.created', 22],
      ['message.changed', 22],
    ]);
    expect(ann.events.chats).toBe(3);
    // Another person's membership does not concern Ann.
    bus.emit('chat.member.changed', { chatPk: 30, userId: 2 });
    expect(ann.events.chats).toBe(3);
    ann.events.close();
    bus.emit('message.created', { chatPk: 20, messageId: 3, senderId: 2, recipients: [] });
    expect(ann.heard).toHaveLength(5);
  });

  it("hears a bot's draft only in its own chats and its own private chat not known yet", () => {
    const bus = new LocalEvents();
    const ann = listen(bus, 1);
    const bob = listen(bus, 2);
    ann.events.addChat(10);
    bob.events.addChat(11);
    // A bot (id 9) streams into its private chat with Ann (10), then with Bob (11).
    bus.emit('chat.draft', { chatPk: 10, botId: 9, userId: 1 });
    bus.emit('chat.draft', { chatPk: 11, botId: 9, userId: 2 });
    // Another bot's first draft to Ann: a private chat (12) her stream did not listen to yet, heard once.
    bus.emit('chat.draft', { chatPk: 12, botId: 8, userId: 1 });
    bus.emit('chat.draft', { chatPk: 12, botId: 8, userId: 1 });
    // A draft to someone else in a chat no one here is in.
    bus.emit('chat.draft', { chatPk: 13, botId: 9, userId: 3 });
    expect(ann.heard).toEqual([
      ['chat.draft', 10],
      ['chat.draft', 12],
      ['chat.draft', 12],
    ]);
    expect(bob.heard).toEqual([['chat.draft', 11]]);
    expect(ann.events.chats).toBe(2);
    ann.events.close();
    bob.events.close();
    expect(bus.keyedListeners).toBe(0);
  });
});
