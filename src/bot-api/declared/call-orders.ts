/**
 * The orders of ADR 0100, beside the chat rules (chat-rules.ts): what the reference checks after the
 * chat and its rule but before a value the runner refuses (runner.ts orderedRefusal asks these only
 * for a call whose value is refused, so a call that passes pays nothing).
 *
 * - A method's target: editForumTopic's topic and the right to edit it (TDLib's edit_forum_topic
 *   checks them before the name); setChatAdministratorCustomTitle's target administrator (the
 *   reference's process_set_chat_administrator_custom_title_query, before TDLib reads the title).
 *   Each is the platform's own check, the one its write makes, run changing nothing.
 * - A business connection: the reference finds it (Client.cpp check_business_connection) before
 *   TDLib and Telegram judge the values; so the runner answers "business connection not found"
 *   first, except where the value is one Client.cpp reads itself before the connection.
 */
import { botInChat } from '../chat-params.js';
import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';
import { topicActing } from '../topic-params.js';
import type { DeclaredMethodName } from './methods.js';

export type TargetCheck = (ctx: MethodContext) => Promise<void>;

export const TARGET_CHECKS: { readonly [method in DeclaredMethodName]?: TargetCheck } = {
  editForumTopic: async (ctx) =>
    ctx.platform.topics.checkEdit(await topicActing(ctx), ctx.params.int('message_thread_id') ?? 0),
  setChatAdministratorCustomTitle: async (ctx) => {
    // The reference reads user_id before anything (get_user_id).
    const userId = ctx.params.int('user_id') ?? 0;
    if (userId <= 0) throw botApiError('USER_ID_INVALID');
    await ctx.platform.groups.members.checkCustomTitle(await botInChat(ctx), userId);
  },
};

/**
 * Methods whose refused values Client.cpp reads itself before it finds the business connection:
 * deleteBusinessMessages' message_ids (get_message_ids, in process_delete_business_messages_query).
 */
export const VALUES_BEFORE_CONNECTION: ReadonlySet<DeclaredMethodName> = new Set(['deleteBusinessMessages']);
