/**
 * A formatting failure: its kind and the parser's detail, from which the Bot API words its answer
 * (bot-api/errors.ts). `message` is that description without the "Bad Request: " prefix, already
 * normalised the way the reference server does (first letter lower-cased unless the second one is upper
 * case), e.g. "can't parse entities: Character '.' is reserved and must be escaped with the preceding '\'".
 */
export type FormattingErrorKind =
  /** A markup parser's failure: "can't parse entities: <detail>". */
  | 'entities'
  /** An item of `entities` that can't be read: "can't parse MessageEntity: <detail>". */
  | 'message_entity'
  /** An unknown parse_mode (no detail). */
  | 'parse_mode'
  /** TDLib's refusal of the text as a whole; the detail is TDLib's own text. */
  | 'text';

export class FormattingError extends Error {
  override name = 'FormattingError';

  constructor(
    readonly kind: FormattingErrorKind,
    readonly detail: string,
    message: string,
  ) {
    super(message);
  }
}

/** Wraps a markup parser failure as TDLib's parseTextEntities does (TD SynchronousRequests.cpp). */
export function entityParseError(detail: string): FormattingError {
  return new FormattingError('entities', detail, `can't parse entities: ${detail}`);
}

/** Wraps a failure to read one item of `entities` as the reference's get_formatted_text does (TBA Client.cpp). */
export function messageEntityError(detail: string): FormattingError {
  return new FormattingError('message_entity', detail, `can't parse MessageEntity: ${detail}`);
}

/** An unknown parse_mode (TBA Client.cpp). */
export function parseModeError(): FormattingError {
  return new FormattingError('parse_mode', '', 'unsupported parse_mode');
}

/**
 * A TDLib error text as the Bot API reports it: TBA's fail_query_with_error lower-cases the first letter
 * unless the second character is '_' or an upper-case letter (reference §2.2).
 */
export function tdlibError(message: string): FormattingError {
  const second = message[1] ?? '';
  const keep = second === '_' || (second >= 'A' && second <= 'Z');
  return new FormattingError(
    'text',
    message,
    keep ? message : message.charAt(0).toLowerCase() + message.slice(1),
  );
}
