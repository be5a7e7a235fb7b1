/**
 * The runner's rules (ADR 0084), without HTTP: what it refuses from a method's declaration and
 * with which text, what it leaves to handlers, and the order of its checks.
 */
import { describe, expect, it } from 'vitest';
import { missingRefusal, planOf, runnerPlans, valueRefusal } from './runner.js';
import { Params } from './params.js';
import type { DeclaredMethodName } from './declared/methods.js';

function paramsOf(given: Record<string, string>): Params {
  const params = new Params();
  for (const [name, value] of Object.entries(given)) params.add(name, value);
  return params;
}

const missing = (method: DeclaredMethodName, given: Record<string, string>) =>
  missingRefusal(planOf(method), paramsOf(given))?.description;
const refused = (method: DeclaredMethodName, given: Record<string, string>) =>
  valueRefusal(planOf(method), paramsOf(given))?.description;

describe('required parameters', () => {
  it("are refused with the reference's texts, the first missing in the documented order", () => {
    expect(missing('sendMessage', {})).toBe('Bad Request: chat_id is empty');
    expect(missing('sendMessage', { chat_id: '1' })).toBe('Bad Request: message text is empty');
    expect(missing('sendMessage', { chat_id: '1', text: '' })).toBe('Bad Request: message text is empty');
    expect(missing('banChatMember', { chat_id: '1' })).toBe('Bad Request: invalid user_id specified');
    expect(missing('sendPhoto', { chat_id: '1' })).toBe('Bad Request: there is no photo in the request');
    expect(missing('forwardMessage', { chat_id: '1', from_chat_id: '2' })).toBe(
      'Bad Request: message to forward not found',
    );
    expect(missing('sendInvoice', { chat_id: '1' })).toBe('Bad Request: parameter "title" is required');
  });

  it('are present as a multipart part of their own name, and never as a Boolean', () => {
    const params = paramsOf({ chat_id: '1' });
    params.addFile({ field: 'photo' } as never);
    expect(missingRefusal(planOf('sendPhoto'), params)).toBeUndefined();
    expect(missing('answerShippingQuery', { shipping_query_id: '1' })).toBeUndefined();
  });

  it('are left to the handler where the reference reads their absence as a value', () => {
    expect(missing('setWebhook', {})).toBeUndefined();
    expect(missing('setGameScore', { user_id: '1' })).toBeUndefined();
    expect(missing('setChatAdministratorCustomTitle', { chat_id: '1', user_id: '2' })).toBeUndefined();
    expect(missing('createNewStickerSet', { user_id: '1', name: 'a_by_b', title: 'T' })).toBeUndefined();
  });
});

describe('values', () => {
  it('lengths: code points after trimming; bytes as bytes; refused, never cut', () => {
    expect(refused('setChatTitle', { title: '🙂'.repeat(128) })).toBeUndefined();
    expect(refused('setChatTitle', { title: '🙂'.repeat(129) })).toBe('Bad Request: chat title is too long');
    expect(refused('setChatTitle', { title: '   ' })).toBe('Bad Request: title must be non-empty');
    expect(refused('createForumTopic', { name: 'x'.repeat(129) })).toBe(
      'Bad Request: topic name is too long',
    );
    expect(refused('sendInvoice', { payload: 'é'.repeat(65) })).toBe('Bad Request: INVOICE_PAYLOAD_INVALID');
    expect(refused('sendPaidMedia', { payload: 'x'.repeat(129) })).toBe('Bad Request: payload is too long');
  });

  it("a length after entities parsing is the handler's once a parse mode is given; the raw source first", () => {
    expect(refused('sendMessage', { text: 'x'.repeat(4097) })).toBe('Bad Request: message is too long');
    expect(
      refused('sendMessage', { text: `*${'x'.repeat(4096)}*`, parse_mode: 'MarkdownV2' }),
    ).toBeUndefined();
    expect(refused('sendMessage', { text: 'x'.repeat(32769), parse_mode: 'HTML' })).toBe(
      'Bad Request: text is too long',
    );
    expect(refused('sendPhoto', { caption: 'x'.repeat(1025) })).toBe(
      'Bad Request: message caption is too long',
    );
  });

  it('ranges, enumerations, item counts, non-zero and characters', () => {
    expect(refused('sendLocation', { heading: '361' })).toBe(
      'Bad Request: wrong live location heading specified',
    );
    expect(refused('sendLocation', { heading: '0' })).toBeUndefined();
    expect(refused('getUserGifts', { limit: '101' })).toBe('Bad Request: LIMIT_INVALID');
    expect(refused('sendPoll', { type: 'survey' })).toBe('Bad Request: unsupported poll type specified');
    expect(refused('sendDice', { emoji: '⚽️' })).toBeUndefined();
    // The variation selector is dropped from emoji only: a word with it is another word.
    expect(refused('sendPoll', { type: 'quiz\uFE0F' })).toBe('Bad Request: unsupported poll type specified');
    expect(refused('sendPoll', { type: 'quiz' })).toBeUndefined();
    expect(refused('createForumTopic', { icon_color: '1' })).toBe(
      'Bad Request: invalid icon color specified',
    );
    expect(refused('deleteMessages', { message_ids: JSON.stringify(Array(101).fill(1)) })).toBe(
      'Bad Request: Too many message identifiers specified',
    );
    expect(refused('deleteMessages', { message_ids: '[]' })).toBe(
      'Bad Request: message identifiers are not specified',
    );
    expect(refused('sendPoll', { country_codes: JSON.stringify(Array(13).fill('US')) })).toBe(
      'Bad Request: country_codes must have 0-12 elements',
    );
    expect(refused('sendMessageDraft', { draft_id: '0' })).toBe('Bad Request: draft_id must be non-zero');
    expect(refused('setWebhook', { secret_token: 'a b' })).toBe(
      'Bad Request: secret token contains unallowed characters',
    );
  });

  it("numbers are read leniently, as the reference reads them; what is not JSON is the handler's", () => {
    expect(refused('sendLocation', { heading: '361abc' })).toBe(
      'Bad Request: wrong live location heading specified',
    );
    expect(refused('sendLocation', { heading: 'abc' })).toBeUndefined();
    // Not trimmed, as the handler's params.int and the reference's to_integer: " 5" reads as 0.
    expect(refused('sendLocation', { heading: ' 5' })).toBeUndefined();
    expect(refused('sendLocation', { heading: ' 361' })).toBeUndefined();
    expect(refused('sendLocation', { heading: '361 ' })).toBe(
      'Bad Request: wrong live location heading specified',
    );
    expect(refused('deleteMessages', { message_ids: 'not json' })).toBeUndefined();
  });

  it('ranges the reference clamps are not refused', () => {
    expect(refused('getUpdates', { limit: '500' })).toBeUndefined();
    expect(refused('setWebhook', { max_connections: '0' })).toBeUndefined();
    expect(refused('sendPoll', { open_period: '1' })).toBeUndefined();
  });
});

describe('the plans', () => {
  it('cover every declared method and its legacy names', () => {
    const plans = runnerPlans();
    expect(plans.get('sendmessage')?.method).toBe('sendMessage');
    expect(plans.get('kickchatmember')?.method).toBe('banChatMember');
    expect(plans.size).toBeGreaterThan(185);
  });

  it('name the chat a method acts in, its rule, and whether it only reads it', () => {
    expect(planOf('createForumTopic')).toMatchObject({ chat: 'chat_id', access: 'write' });
    expect(planOf('createForumTopic').rule).toBeDefined();
    expect(planOf('getChatGifts')).toMatchObject({ chat: 'chat_id', access: 'read' });
    expect(planOf('readBusinessMessage').chat).toBeUndefined();
    expect(planOf('getMe').chat).toBeUndefined();
  });
});
