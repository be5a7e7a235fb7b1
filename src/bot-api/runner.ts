/**
 * The runner of issue 25 (ADR 0084): every declared method's parameters read and checked from its
 * declaration (declared/method-declarations.ts), in the reference's order:
 * 1. required parameters present (the reference server reads each argument before anything else;
 *    texts: declared/refusals.ts);
 * 2. the chat and the chat rules (declared/chat-rules.ts, checked by the platform's own checks);
 * 3. the values: documented lengths, ranges, enumerations, item counts, non-zero, characters.
 *
 * The cost: a plan per method, built once; a call pays a few map lookups and string lengths. 2 is a
 * read of the store, so it runs only when 3 refuses a value: a call whose values pass never pays it
 * (the platform's write checks the chat and the rights anyway), and a refused one is answered with
 * whichever check the reference makes first.
 *
 * Integers are read as the reference reads them (td::to_integer: "12abc" is 12, "abc" is 0): the
 * reference never refuses a number for not being one. A range the reference clamps instead of
 * refusing is declared `outOfRange: 'clamp'` (overrides.ts) and clamped in typed values.
 */
import { CHAT_RULES, type ChatRuleCheck } from '../platform/chats/chat-rules.js';
import { codePointLength } from '../platform/formatting/index.js';
import { TARGET_CHECKS, VALUES_BEFORE_CONNECTION } from './declared/call-orders.js';
import { CHAT_RULE_DECLARATIONS } from './declared/chat-rules.js';
import type { MethodDeclaration, ParamDeclaration } from './declared/method-declaration.js';
import { LEGACY_ALIASES, METHOD_DECLARATIONS } from './declared/method-declarations.js';
import type { DeclaredMethodName } from './declared/methods.js';
import {
  VALUE_REFUSALS,
  missingRefusalOf,
  defaultValueRefusal,
  type ValueFailure,
  type ValueRefusal,
} from './declared/refusals.js';
import { INTERNAL_SERVER_ERROR, botApiError, toBotApiError, type BotApiError } from './errors.js';
import type { MethodContext } from './method-context.js';
import { lenientInteger, type Params } from './params.js';
import { targetChatId } from './send-options.js';

interface RequiredCheck {
  readonly param: ParamDeclaration;
  /** May come as a multipart part of its own name (reference §1.4). */
  readonly file: boolean;
  readonly refuse: () => BotApiError;
}

type ValueKind = 'string' | 'integer' | 'float' | 'array';

interface ValueCheck {
  readonly param: ParamDeclaration;
  readonly kind: ValueKind;
  readonly pattern: RegExp | undefined;
  readonly refusal: ValueRefusal | undefined;
}

export interface MethodPlan {
  readonly method: DeclaredMethodName;
  readonly declaration: MethodDeclaration;
  readonly required: readonly RequiredCheck[];
  readonly values: readonly ValueCheck[];
  /** The method's parse-mode parameters: given, a length "after entities parsing" is the handler's. */
  readonly parseModes: readonly string[];
  /** The parameter naming the chat the method acts in, if any. */
  readonly chat: string | undefined;
  readonly rule: ChatRuleCheck | undefined;
  /** Getters read the chat; the others act in it (chat-access.ts). */
  readonly access: 'read' | 'write';
}

function valueKind(param: ParamDeclaration): ValueKind | undefined {
  const [type] = param.types;
  if (param.types.length !== 1 && !(param.length && param.types.includes('String'))) return undefined;
  if (type === 'Integer') return 'integer';
  if (type === 'Float') return 'float';
  if (type === 'String') return 'string';
  if (type?.startsWith('Array of')) return 'array';
  return undefined;
}

function hasLimit(param: ParamDeclaration): boolean {
  return Boolean(param.length || param.range || param.items || param.oneOf || param.nonZero || param.pattern);
}

/** A method's plan, from its declaration and the tables beside it. */
export function planOf(method: DeclaredMethodName): MethodPlan {
  const declaration = METHOD_DECLARATIONS[method];
  const required: RequiredCheck[] = [];
  const values: ValueCheck[] = [];
  for (const param of declaration.params) {
    const refuse = missingRefusalOf(method, param);
    if (refuse) required.push({ param, file: param.types.includes('InputFile'), refuse });
    const kind = valueKind(param);
    if (kind && hasLimit(param)) {
      values.push({
        param,
        kind,
        pattern: param.pattern === undefined ? undefined : new RegExp(param.pattern),
        refusal: VALUE_REFUSALS[method]?.[param.name],
      });
    }
  }
  const rules = CHAT_RULE_DECLARATIONS[method];
  const chat =
    rules?.chat === false
      ? undefined
      : (rules?.chat ?? (declaration.params.some((p) => p.name === 'chat_id') ? 'chat_id' : undefined));
  return {
    method,
    declaration,
    required,
    values,
    parseModes: declaration.params.filter((p) => p.name.endsWith('parse_mode')).map((p) => p.name),
    chat,
    rule: rules?.rule === undefined ? undefined : CHAT_RULES[rules.rule],
    access: method.startsWith('get') ? 'read' : 'write',
  };
}

/** Lower-cased method name (legacy names included) -> its plan. */
export function runnerPlans(): ReadonlyMap<string, MethodPlan> {
  const plans = new Map<string, MethodPlan>();
  for (const method of Object.keys(METHOD_DECLARATIONS) as DeclaredMethodName[]) {
    plans.set(method.toLowerCase(), planOf(method));
  }
  for (const [alias, method] of Object.entries(LEGACY_ALIASES)) {
    plans.set(alias.toLowerCase(), plans.get(method.toLowerCase())!);
  }
  return plans;
}

/** The first required parameter the call lacks, refused; else undefined. */
export function missingRefusal(plan: MethodPlan, params: Params): BotApiError | undefined {
  for (const check of plan.required) {
    const name = check.param.name;
    if (params.string(name) === undefined && !(check.file && params.file(name) !== undefined)) {
      return check.refuse();
    }
  }
  return undefined;
}

function refusalOf(check: ValueCheck, failure: ValueFailure): BotApiError {
  const { refusal, param } = check;
  const own = typeof refusal === 'function' ? refusal : refusal?.[failure];
  return own ? own(param) : defaultValueRefusal(param, failure);
}

/**
 * A formatted text's source is refused over this many bytes, before it is parsed: "text is too long"
 * (the reference's get_input_message_text, Client.cpp); its length after parsing is refused after.
 */
const MAX_RAW_TEXT_BYTES = 32_768;

function stringFailure(check: ValueCheck, value: string, parsed: boolean): ValueFailure | 'raw' | undefined {
  const { param, pattern } = check;
  if (pattern && !pattern.test(value)) return 'pattern';
  const limit = param.length;
  if (limit) {
    // Three bytes a UTF-16 unit at most: a short text needs no count.
    if (
      limit.afterEntities &&
      value.length * 3 > MAX_RAW_TEXT_BYTES &&
      Buffer.byteLength(value) > MAX_RAW_TEXT_BYTES
    ) {
      return 'raw';
    }
    const bytes = limit.unit === 'bytes';
    // Characters are code points after trimming (checkLength, ADR 0071); a length "after entities
    // parsing" is measured here only without a parse mode, and its minimum is the handler's.
    const length = bytes ? Buffer.byteLength(value) : codePointLength(pattern ? value : value.trim());
    if (length > limit.max && !(limit.afterEntities && parsed)) return 'tooLong';
    if (length < limit.min && !limit.afterEntities) return 'tooShort';
  }
  if (param.oneOf && !param.oneOf.includes(value) && !emojiOneOf(param.oneOf, value)) return 'oneOf';
  return undefined;
}

/**
 * An emoji's variation selector is no part of it (TDLib's remove_emoji_modifiers): "⚽️" is "⚽". Only
 * a list of emoji reads so; a word of a list of words ("quiz" with U+FE0F) is another word.
 */
function emojiOneOf(oneOf: readonly (string | number)[], value: string): boolean {
  if (!value.includes('\uFE0F') || typeof oneOf[0] !== 'string' || /^[\x20-\x7e]*$/.test(oneOf[0]))
    return false;
  return oneOf.includes(value.replace(/\uFE0F/g, ''));
}

function numberFailure(check: ValueCheck, value: number): ValueFailure | undefined {
  const { param } = check;
  if (Number.isNaN(value)) return undefined;
  if (param.nonZero && value === 0) return 'zero';
  if (param.oneOf && !param.oneOf.includes(value)) return 'oneOf';
  const range = param.range;
  if (range && param.outOfRange !== 'clamp') {
    if ((range.min !== undefined && value < range.min) || (range.max !== undefined && value > range.max)) {
      return 'range';
    }
  }
  return undefined;
}

function arrayFailure(check: ValueCheck, text: string): ValueFailure | undefined {
  const items = check.param.items;
  if (!items) return undefined;
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch {
    return undefined; // not JSON: the handler's reader answers with its own text
  }
  if (!Array.isArray(list)) return undefined;
  if (list.length > items.max) return 'tooMany';
  if (list.length < items.min) return 'tooFew';
  return undefined;
}

/** The first value outside its declared limit, refused; else undefined. */
export function valueRefusal(plan: MethodPlan, params: Params): BotApiError | undefined {
  if (plan.values.length === 0) return undefined;
  let parsed: boolean | undefined;
  for (const check of plan.values) {
    const text = params.string(check.param.name);
    if (text === undefined) continue;
    let failure: ValueFailure | undefined;
    switch (check.kind) {
      case 'string': {
        parsed ??= plan.parseModes.some((name) => params.string(name) !== undefined);
        const found = stringFailure(check, text, parsed);
        if (found === 'raw') return botApiError('TEXT_TOO_LONG');
        failure = found;
        break;
      }
      case 'integer':
        // As the handler reads it (params.int) and the reference's to_integer: no trimming, so " 5"
        // is 0 here as it is there.
        failure = numberFailure(check, lenientInteger(text));
        break;
      case 'float':
        failure = numberFailure(check, Number(text.trim()));
        break;
      case 'array':
        failure = arrayFailure(check, text);
        break;
    }
    if (failure) return refusalOf(check, failure);
  }
  return undefined;
}

/**
 * The refusal to answer for a call whose value `refused`: the chat's or the rules' refusal when the
 * reference would make that check first, else `refused`. Reads the store; only refused calls get here.
 */
export async function orderedRefusal(
  plan: MethodPlan,
  ctx: MethodContext,
  refused: BotApiError,
): Promise<BotApiError> {
  const { params } = ctx;
  // A business account's chat: the connection first (ADR 0100), the rest is the handler's.
  const connection = params.string('business_connection_id');
  if (connection !== undefined) {
    if (VALUES_BEFORE_CONNECTION.has(plan.method)) return refused;
    return (await checkRefusal(() => ctx.platform.business.get(ctx.botId, connection))) ?? refused;
  }
  if (!plan.chat || params.string(plan.chat) === undefined) return refused;
  const first = await checkRefusal(async () => {
    const chatId = await targetChatId(ctx);
    await ctx.platform.groups.checkBotCall(ctx.botId, chatId, plan.access, plan.rule);
    await TARGET_CHECKS[plan.method]?.(ctx);
  });
  return first ?? refused;
}

/** The refusal `check` answers with, if any; a fault is thrown on. */
async function checkRefusal(check: () => Promise<unknown>): Promise<BotApiError | undefined> {
  try {
    await check();
    return undefined;
  } catch (error) {
    const mapped = toBotApiError(error);
    if (mapped && mapped !== INTERNAL_SERVER_ERROR) return mapped;
    throw error;
  }
}
