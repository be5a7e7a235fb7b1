/**
 * No documented parameter is silently ignored (issue 25, ADR 0075): every parameter of
 * src/bot-api/declared/unserved.ts is refused over HTTP with 501 naming it, before its method runs
 * (nothing is stored); empty, or a Boolean false, is absent and passes. The list names only declared
 * methods and parameters, it is exactly what the handlers do not read (less the parameters served
 * without reading), and docs/bot-api.md's section is generated from it.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METHOD_DECLARATIONS } from '../src/bot-api/declared/method-declarations.js';
import type { DeclaredMethodName } from '../src/bot-api/declared/methods.js';
import {
  SERVED_WITHOUT_READING,
  UNSERVED_PARAMS,
  type UnservedParams,
} from '../src/bot-api/declared/unserved.js';
import { callBotApi } from './helpers/in-process.js';
import { unreadParameters } from './helpers/param-reads.js';
import { startSendingScene, type SendingScene } from './helpers/sending-scene.js';

const refused = (method: string, parameter: string) =>
  `Not Implemented: ${method}.${parameter} is not supported by Parley yet`;

/** [method, parameter, note] for every entry of a list. */
function entries(list: { readonly [m in DeclaredMethodName]?: UnservedParams }): [string, string, string][] {
  return Object.entries(list).flatMap(([method, params]) =>
    Object.entries(params ?? {}).map(([name, note]): [string, string, string] => [method, name, note]),
  );
}

/** A value that carries the parameter, as its declared type reads. */
function carrying(method: string, name: string): unknown {
  const param = METHOD_DECLARATIONS[method as DeclaredMethodName].params.find((p) => p.name === name)!;
  const type = param.types[0]!;
  if (type === 'Boolean') return true;
  if (type === 'Integer') return 7;
  if (type === 'String' || type === 'InputFile') return 'x';
  return {};
}

describe('a call that carries an unserved parameter', () => {
  let scene: SendingScene;
  beforeAll(async () => {
    scene = await startSendingScene('unserved');
  });
  afterAll(async () => {
    await scene.server.close();
  });

  /** Parameters that would make each send succeed, so that only the refusal keeps it from storing. */
  const base = (method: string): Record<string, unknown> =>
    ({
      sendMessage: { text: 'hello' },
      sendContact: { phone_number: '+15550100', first_name: 'Ann' },
      sendLocation: { latitude: 1, longitude: 2 },
      sendVenue: { latitude: 1, longitude: 2, title: 'T', address: 'A' },
      sendDice: {},
      sendPoll: { question: 'Q?', options: [{ text: 'a' }, { text: 'b' }] },
    })[method] ?? {};

  it('is refused with 501 naming the parameter, and nothing is stored', async () => {
    const { server, token, alice } = scene;
    await scene.storesNothing(async () => {
      for (const [method, name] of entries(UNSERVED_PARAMS)) {
        const answer = await callBotApi(server, token, method, {
          chat_id: alice.id,
          ...base(method),
          [name]: carrying(method, name),
        });
        expect({ method, name, status: answer.status, body: answer.body }).toEqual({
          method,
          name,
          status: 501,
          body: { ok: false, error_code: 501, description: refused(method, name) },
        });
      }
    });
  });

  it('names the method as the bot spelled a legacy name, and as documented whatever the case', async () => {
    const { server, token, alice } = scene;
    const kick = await callBotApi(server, token, 'kickChatMember', {
      chat_id: alice.id,
      user_id: alice.id,
      revoke_messages: true,
    });
    expect(kick.body.description).toBe(refused('kickChatMember', 'revoke_messages'));
    const lower = await callBotApi(server, token, 'sendmessage', {
      chat_id: alice.id,
      text: 'x',
      message_effect_id: '5104841245755180586',
    });
    expect(lower.body.description).toBe(refused('sendMessage', 'message_effect_id'));
  });

  it('refuses an unserved input file sent as a multipart part of its own name', async () => {
    const { server, token, alice } = scene;
    const form = new FormData();
    form.set('chat_id', String(alice.id));
    form.set('video', 'BAADAgADZAAD');
    form.set('cover', new Blob([new Uint8Array([0xff, 0xd8, 0xff])]), 'cover.jpg');
    const response = await fetch(`${server.url}/bot${token}/sendVideo`, { method: 'POST', body: form });
    expect([response.status, ((await response.json()) as { description: string }).description]).toEqual([
      501,
      refused('sendVideo', 'cover'),
    ]);
  });

  it('serves the call when the parameter is empty, or a Boolean false', async () => {
    const { server, token, alice } = scene;
    const before = await scene.count(alice);
    for (const extra of [
      { message_effect_id: '' },
      { allow_paid_broadcast: false },
      { direct_messages_topic_id: '' },
    ]) {
      const answer = await callBotApi(server, token, 'sendMessage', {
        chat_id: alice.id,
        text: 'hi',
        ...extra,
      });
      expect([answer.status, answer.body.ok]).toEqual([200, true]);
    }
    expect(await scene.count(alice)).toBe(before + 3);
  });
});

describe('declared/unserved.ts', () => {
  it('names only declared methods and their parameters, each once with a note', () => {
    for (const list of [UNSERVED_PARAMS, SERVED_WITHOUT_READING]) {
      const unknown = entries(list).filter(
        ([method, name]) =>
          !(method in METHOD_DECLARATIONS) ||
          !METHOD_DECLARATIONS[method as DeclaredMethodName].params.some((p) => p.name === name),
      );
      expect(unknown).toEqual([]);
      expect(entries(list).filter(([, , note]) => note.trim() === '' || note.includes('\n'))).toEqual([]);
    }
    const served = new Set(entries(SERVED_WITHOUT_READING).map(([m, n]) => `${m}.${n}`));
    expect(entries(UNSERVED_PARAMS).filter(([m, n]) => served.has(`${m}.${n}`))).toEqual([]);
  });

  it('leaves out the ephemeral parameters, which have their own refusal (ADR 0062)', () => {
    const ephemeral = ['receiver_user_id', 'callback_query_id', 'ephemeral_message_parameters'];
    expect(entries(UNSERVED_PARAMS).filter(([, name]) => ephemeral.includes(name))).toEqual([]);
  });

  it('is exactly what the handlers do not read, less what is served without reading', () => {
    // Fails when a handler comes to read a listed parameter (take it off the list) or stops reading
    // one, or a new handler ignores one (serve it, or list it).
    const listed = new Set(
      [...entries(UNSERVED_PARAMS), ...entries(SERVED_WITHOUT_READING)].map(([m, n]) => `${m}.${n}`),
    );
    const unread = new Set(
      [...unreadParameters()].flatMap(([method, names]) => names.map((n) => `${method}.${n}`)),
    );
    expect([...listed].filter((key) => !unread.has(key))).toEqual([]);
    expect([...unread].filter((key) => !listed.has(key))).toEqual([]);
  });
});

describe("docs/bot-api.md's section of unserved parameters", () => {
  it('is the list, as generated from it', () => {
    const doc = readFileSync(new URL('../docs/bot-api.md', import.meta.url), 'utf8');
    const start = doc.indexOf(UNSERVED_HEADING);
    expect(start).toBeGreaterThan(-1);
    const end = doc.indexOf('\n## ', start + UNSERVED_HEADING.length);
    const section = doc.slice(start, end < 0 ? undefined : end + 1);
    // On a change of the list, paste the expected text into the doc (then run prettier on it).
    expect(rows(section)).toEqual(rows(unservedSection()));
  });
});

const UNSERVED_HEADING = '## Parameters Parley does not serve yet';

/** The section docs/bot-api.md holds, made from the list. */
function unservedSection(): string {
  const lines = [
    UNSERVED_HEADING,
    '',
    'A call that carries one of these documented parameters is refused with 501',
    '`Not Implemented: <method>.<parameter> is not supported by Parley yet` before the method runs, so',
    'nothing changes; an empty value is absent, and a Boolean only counts when true. The list is',
    '`src/bot-api/declared/unserved.ts` ([adr/0075](adr/0075-unserved-parameters-refused.md)).',
    '',
    '| method | parameter | not served because |',
    '| --- | --- | --- |',
    ...entries(UNSERVED_PARAMS).map(([method, name, note]) => `| ${method} | ${name} | ${note} |`),
    '',
  ];
  return lines.join('\n');
}

/** A section's table rows and prose, with the table's cells trimmed (prettier pads them). */
function rows(section: string): string[] {
  return section
    .trim()
    .split('\n')
    .filter((line) => !/^\|\s*-/.test(line))
    .map((line) =>
      line.startsWith('|')
        ? line
            .split('|')
            .map((cell) => cell.trim())
            .join('|')
        : line.trim(),
    );
}
