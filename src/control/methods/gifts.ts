import type { RouteContext } from '../control-context.js';

/** GET /control/gifts: a person's gifts as they see them (ADR 0050). */
export async function listGifts({ platform, input }: RouteContext<'listGifts'>) {
  return platform.gifts.ofPerson(input.user, {
    exclude_unique: input.exclude_unique,
    sort_by_price: input.sort_by_price,
    ...(input.offset !== undefined ? { offset: input.offset } : {}),
    limit: input.limit,
  });
}

/** POST /control/gifts/send: a person sends a gift to another person, paying in Stars. */
export async function giveGift({ platform, input }: RouteContext<'giveGift'>) {
  return platform.gifts.sales.sendFromPerson(input.user, input.to, input.gift_id, {
    text: input.text,
    isPrivate: input.is_private,
    payForUpgrade: input.pay_for_upgrade,
  });
}

/** POST /control/gifts/convert: a person converts a received gift to Stars. */
export async function convertGift({ platform, input }: RouteContext<'convertGift'>) {
  const user = await platform.users.resolve(input.user, 'user');
  const balance = await platform.gifts.ownership.convert(user.id, input.owned_gift_id);
  return { user_id: user.id, ...balance };
}

/** POST /control/paid-media/purchase: a person buys the paid media of a message. */
export async function buyPaidMedia({ platform, input }: RouteContext<'buyPaidMedia'>) {
  return platform.paidMedia.buy(input.user, input.chat, input.message_id);
}
