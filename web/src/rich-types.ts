/**
 * The shapes of a rich message as the person API answers it (ADR 0095): the message and its blocks.
 * Apart from the components that draw them, so that api.ts needs no component (no import cycle).
 */

export interface RichBlockView {
  type: string;
  [field: string]: unknown;
}

export interface RichMessageView {
  blocks: RichBlockView[];
  is_rtl?: boolean;
}
