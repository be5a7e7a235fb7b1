/**
 * The registry of refusals (ADR 0108 and its addendum): every code the platform throws is declared
 * once, in one area's table. The kernel's tables are in this folder; a feature adds its own to
 * `RefusalTables` by declaration merging, so that `PlatformErrorCode` stays one typed union while
 * the kernel imports no feature (ADR 0111). The assembly joins the tables for the surfaces
 * (assembly/refusals.ts). A code is in exactly one table: tsc refuses a code declared twice (below).
 */
import type { CHAT_REFUSALS } from './chats.js';
import type { MESSAGE_REFUSALS } from './messages.js';

export {
  CHAT_KIND,
  tdlibText,
  type BotApiText,
  type Refusal,
  type RefusalKind,
  type Refusals,
} from './refusal.js';

/**
 * Each area's table of refusals, by the area's name: the kernel's two (the codes the kernel throws),
 * and one per feature, which the feature adds in its refusals.ts:
 *
 *     declare module '../core/refusals/index.js' {
 *       interface RefusalTables {
 *         payments: typeof PAYMENT_REFUSALS;
 *       }
 *     }
 */
export interface RefusalTables {
  messages: typeof MESSAGE_REFUSALS;
  chats: typeof CHAT_REFUSALS;
}

type Area = keyof RefusalTables;

/** The codes declared in two tables at once; never, or a code would have two declarations. */
type Twice = {
  [A in Area]: {
    [B in Exclude<Area, A>]: keyof RefusalTables[A] & keyof RefusalTables[B];
  }[Exclude<Area, A>];
}[Area];
const declaredOnce: [Twice] extends [never] ? true : false = true;
void declaredOnce;

export type PlatformErrorCode = { [A in Area]: keyof RefusalTables[A] }[Area];

/** The declaration of a code, as its table writes it. */
export type RefusalOf<C extends PlatformErrorCode> = {
  [A in Area]: C extends keyof RefusalTables[A] ? RefusalTables[A][C] : never;
}[Area];

/** Every code with its declaration: the type of the tables joined (assembly/refusals.ts). */
export type DeclaredRefusals = { readonly [C in PlatformErrorCode]: RefusalOf<C> };

/** The data a refusal carries: the parameter of its Bot API text (or parameters); none otherwise. */
type DataOf<R> = R extends { bot: (data: infer D) => unknown }
  ? D
  : R extends { botParameters: (data: infer D) => unknown }
    ? D
    : undefined;

/** (Read through DeclaredRefusals, an object type, so that PlatformError<C> stays covariant in C.) */
export type PlatformErrorDataOf<C extends PlatformErrorCode> = C extends PlatformErrorCode
  ? DataOf<DeclaredRefusals[C]>
  : never;

/** The codes that carry data, with their data. */
export type PlatformErrorData = {
  [C in PlatformErrorCode as PlatformErrorDataOf<C> extends undefined ? never : C]: PlatformErrorDataOf<C>;
};
