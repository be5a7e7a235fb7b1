/**
 * Every refusal the platform throws, declared once (ADR 0108): the areas' tables joined. A code is
 * in exactly one table (refusals.test.ts; tsc refuses a code declared twice, below).
 */
import { CHAT_REFUSALS } from './chats.js';
import { FEATURE_REFUSALS } from './features.js';
import { GATEWAY_REFUSALS } from './gateway.js';
import { MESSAGE_REFUSALS } from './messages.js';
import type { Refusal } from './refusal.js';

export { CHAT_KIND, tdlibText, type BotApiText, type Refusal, type RefusalKind } from './refusal.js';

type Tables = [
  typeof MESSAGE_REFUSALS,
  typeof CHAT_REFUSALS,
  typeof FEATURE_REFUSALS,
  typeof GATEWAY_REFUSALS,
];

/** The codes of two tables at once; never, or the spread below would keep only one of them. */
type Twice<T extends readonly object[]> = T extends [infer First, ...infer Rest extends object[]]
  ? (keyof First & { [K in keyof Rest]: keyof Rest[K] }[number]) | Twice<Rest>
  : never;
const declaredOnce: [Twice<Tables>] extends [never] ? true : false = true;
void declaredOnce;

type Declared = Tables[0] & Tables[1] & Tables[2] & Tables[3];

export const REFUSALS: { readonly [C in keyof Declared]: Declared[C] } = {
  ...MESSAGE_REFUSALS,
  ...CHAT_REFUSALS,
  ...FEATURE_REFUSALS,
  ...GATEWAY_REFUSALS,
};

export type PlatformErrorCode = keyof typeof REFUSALS;

/** The codes of the Verification Gateway's rules (thrown as GatewayError). */
export type GatewayErrorCode = keyof typeof GATEWAY_REFUSALS;

/** The data a refusal carries: the parameter of its Bot API text (or parameters); none otherwise. */
type DataOf<R> = R extends { bot: (data: infer D) => unknown }
  ? D
  : R extends { botParameters: (data: infer D) => unknown }
    ? D
    : undefined;

export type PlatformErrorDataOf<C extends PlatformErrorCode> = C extends PlatformErrorCode
  ? DataOf<(typeof REFUSALS)[C]>
  : never;

/** The codes that carry data, with their data. */
export type PlatformErrorData = {
  [C in PlatformErrorCode as PlatformErrorDataOf<C> extends undefined ? never : C]: PlatformErrorDataOf<C>;
};

/** The declaration of a code, as the surfaces read it. */
export function refusalOf(code: PlatformErrorCode): Refusal {
  return REFUSALS[code];
}
