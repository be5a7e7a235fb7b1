/**
 * The suggested_post_* service messages show the suggested post they are about
 * (`suggested_post_message`, spec SuggestedPostApproved and the others; ADR 0053).
 */
import type { MessageContent, WireMessage } from '../core/wire-types.js';

/** The service messages that name a suggested post. */
const SUGGESTED_POST_SERVICES = [
  'suggested_post_approved',
  'suggested_post_approval_failed',
  'suggested_post_declined',
  'suggested_post_paid',
  'suggested_post_refunded',
] as const;

/**
 * Puts the suggested post (rendered by `render`, one level deep) first into the service object of
 * `message`, when the stored content names one.
 */
export async function showSuggestedPost(
  message: WireMessage,
  content: MessageContent,
  render: (messageId: number) => Promise<WireMessage | undefined>,
): Promise<void> {
  const suggestion = content._suggested_post_message;
  const about = SUGGESTED_POST_SERVICES.find((key) => message[key] !== undefined);
  if (typeof suggestion !== 'number' || !about) return;
  const target = await render(suggestion);
  if (target)
    message[about] = { suggested_post_message: target, ...(message[about] as Record<string, unknown>) };
}
