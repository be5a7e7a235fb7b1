/**
 * Every type of the spec's Update table (spec/bot-api.md, "Update") has an end-to-end test in which
 * a person's or a bot's action on Parley causes it and an unmodified library receives it. This file
 * is the index: for each type, the test file that does it; the check below keeps the index whole
 * (every type named, no other) and true (the file exists and asserts on that update type), so that
 * a type whose test is removed or renamed fails here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UPDATE_TYPES } from '../src/platform/updates/update-queue.js';

/** The Update table's optional fields, in the spec's order (committed: the spec is not in a clone). */
const SPEC_UPDATE_TYPES = [
  'message',
  'edited_message',
  'channel_post',
  'edited_channel_post',
  'business_connection',
  'business_message',
  'edited_business_message',
  'deleted_business_messages',
  'guest_message',
  'message_reaction',
  'message_reaction_count',
  'inline_query',
  'chosen_inline_result',
  'callback_query',
  'shipping_query',
  'pre_checkout_query',
  'purchased_paid_media',
  'poll',
  'poll_answer',
  'my_chat_member',
  'chat_member',
  'chat_join_request',
  'chat_boost',
  'removed_chat_boost',
  'managed_bot',
  'subscription',
] as const;

/** Where each type is caused and received end to end (grammY unless the file says otherwise). */
const WHERE: Record<(typeof SPEC_UPDATE_TYPES)[number], string> = {
  message: 'test/grammy.test.ts',
  edited_message: 'test/editing.test.ts',
  channel_post: 'test/channels-and-links.test.ts',
  edited_channel_post: 'test/channels-and-links.test.ts',
  business_connection: 'test/business.test.ts',
  business_message: 'test/business.test.ts',
  edited_business_message: 'test/business.test.ts',
  deleted_business_messages: 'test/business.test.ts',
  guest_message: 'test/guest.test.ts',
  message_reaction: 'test/reactions-pins.test.ts',
  message_reaction_count: 'test/reactions-pins.test.ts',
  inline_query: 'test/inline-mode.test.ts',
  chosen_inline_result: 'test/inline-mode.test.ts',
  callback_query: 'test/editing.test.ts',
  shipping_query: 'test/payments.test.ts',
  pre_checkout_query: 'test/payments.test.ts',
  purchased_paid_media: 'test/paid-media.test.ts',
  poll: 'test/poll-votes.test.ts',
  poll_answer: 'test/poll-votes.test.ts',
  my_chat_member: 'test/admin-rights.test.ts',
  chat_member: 'test/admin-rights.test.ts',
  chat_join_request: 'test/channels-and-links.test.ts',
  chat_boost: 'test/boosts.test.ts',
  removed_chat_boost: 'test/boosts.test.ts',
  managed_bot: 'test/managed-bots.test.ts',
  subscription: 'test/payments-subscriptions.test.ts',
};

describe('every update type has its end-to-end test', () => {
  it('names every type of the spec’s Update table, and no other', () => {
    expect(Object.keys(WHERE).sort()).toEqual([...SPEC_UPDATE_TYPES].sort());
    // The platform's own list (allowed_updates, the queue) is the spec's, in its order.
    expect([...UPDATE_TYPES]).toEqual([...SPEC_UPDATE_TYPES]);
  });

  it.each(SPEC_UPDATE_TYPES.map((type) => [type, WHERE[type]]))('%s: %s', (type, file) => {
    const url = new URL(`../${file}`, import.meta.url);
    expect(existsSync(url), `${file} exists`).toBe(true);
    const text = readFileSync(url, 'utf8');
    // The file drives a real library and looks at this update type (a kind, a field or a handler).
    expect(text).toMatch(/from 'grammy'|from 'telegraf'|helpers\/(groups|python-bot)\.js/);
    const looksAt = new RegExp(`['".]${type}\\b(?!_)`);
    expect(looksAt.test(text), `${file} asserts on ${type}`).toBe(true);
  });
});
