/**
 * The shape of a method's declaration (ADR 0070): what methods.ts, generated from the Bot API's
 * documentation, says of each method, and what overrides.ts may correct. A runner reads parameters
 * and checks their limits from it; the handler then gets the values.
 */

/** A documented length: of the text as sent, or after its entities are parsed out. */
export interface LengthLimit {
  readonly min: number;
  readonly max: number;
  readonly unit: 'characters' | 'bytes';
  /** "after entities parsing": the length of the text once Markdown or HTML marks are removed. */
  readonly afterEntities?: boolean;
}

/** A documented numeric range; a side the documentation leaves open is absent. */
export interface RangeLimit {
  readonly min?: number;
  readonly max?: number;
}

/** A documented number of items of an array parameter. */
export interface ItemsLimit {
  readonly min: number;
  readonly max: number;
}

export type DefaultValue = string | number | boolean;

export interface ParamDeclaration {
  readonly name: string;
  /**
   * The documented types, alternatives in order: `Integer`, `String`, `Boolean`, `Float`,
   * `InputFile`, `Array of X` (`Array of A | B` for an array of a union), or a type's name.
   */
  readonly types: readonly string[];
  readonly required: boolean;
  readonly length?: LengthLimit;
  readonly range?: RangeLimit;
  readonly items?: ItemsLimit;
  /** "must be one of ...", "Can be either ...": the only values accepted. */
  readonly oneOf?: readonly (string | number)[];
  /** "must be non-zero". */
  readonly nonZero?: boolean;
  /** Characters a string may hold, as a regular expression's source (overrides only). */
  readonly pattern?: string;
  /** "Defaults to ...": the value when the parameter is absent. */
  readonly default?: DefaultValue;
  /**
   * What the runner does with a number outside `range` (overrides only): `clamp` where the reference
   * server clamps it to the range instead of refusing it (ADR 0084); refused otherwise.
   */
  readonly outOfRange?: 'clamp';
}

export interface MethodDeclaration {
  readonly name: string;
  readonly href: string;
  /** The documented result types (`Message`, `Array of Update`, `Message` or `Boolean` for an edit). */
  readonly returns: readonly string[];
  /** The parameters in the documented order. */
  readonly params: readonly ParamDeclaration[];
  /** Puts new messages into the chat of `chat_id` (flood control counts it). */
  readonly send: boolean;
  /** Takes `business_connection_id`. */
  readonly business: boolean;
  /** Takes `message_thread_id`. */
  readonly thread: boolean;
  /** Takes `reply_parameters`. */
  readonly reply: boolean;
  /** Takes `reply_markup`. */
  readonly replyMarkup: boolean;
  /** May be called in a webhook's reply (reference §4.2): not a getter, not one that changes the webhook. */
  readonly webhookReply: boolean;
}
