import type { RouteContext } from '../control-context.js';
import type { ShippingAddress } from '../../platform/payments/invoice-rules.js';

/**
 * POST /control/pay: a person pays an invoice message or link and waits for the bot's answers;
 * answers the outcome (paid, declined, failed). docs/payments.md.
 */
export async function pay({ platform, input, signal }: RouteContext<'pay'>) {
  // Paid media (platform/paid-media/, ADR 0050) is paid the same way, without the bot's queries.
  const { chat, message_id: messageId } = input;
  if (
    chat !== undefined &&
    messageId !== undefined &&
    (await platform.paidMedia.isPaidMedia(input.user, chat, messageId))
  ) {
    return platform.paidMedia.pay(input.user, chat, messageId);
  }
  return platform.payments.checkout.pay(
    {
      user: input.user,
      chat: input.chat,
      messageId: input.message_id,
      link: input.link,
      tip: input.tip,
      shippingOptionId: input.shipping_option,
      name: input.name,
      phoneNumber: input.phone_number,
      email: input.email,
      shippingAddress: input.shipping_address as ShippingAddress | undefined,
      timeoutMs: input.timeout * 1000,
    },
    signal,
  );
}

/** GET /control/payments/providers: the test payment providers and their tokens. */
export async function listPaymentProviders({ platform }: RouteContext<'listPaymentProviders'>) {
  return platform.payments.providers();
}
