/**
 * A formatting failure, carrying the Bot API description without the "Bad Request: " prefix, already
 * normalised the way the reference server does (first letter lower-cased unless the second one is upper
 * case), e.g. "can't parse entities: Character '.' is reserved and must be escaped with the preceding '\'".
 */
export class FormattingError extends Error {
  override name = 'FormattingError';
}

/** Wraps a markup parser failure as TDLib's parseTextEntities does (TD SynchronousRequests.cpp). */
export function entityParseError(detail: string): FormattingError {
  return new FormattingError(`can't parse entities: ${detail}`);
}

/** Wraps a failure to read one item of `entities` as the reference's get_formatted_text does (TBA Client.cpp). */
export function messageEntityError(detail: string): FormattingError {
  return new FormattingError(`can't parse MessageEntity: ${detail}`);
}

/**
 * A TDLib error text as the Bot API reports it: TBA's fail_query_with_error lower-cases the first letter
 * unless the second character is '_' or an upper-case letter (reference §2.2).
 */
export function tdlibError(message: string): FormattingError {
  const second = message[1] ?? '';
  const keep = second === '_' || (second >= 'A' && second <= 'Z');
  return new FormattingError(keep ? message : message.charAt(0).toLowerCase() + message.slice(1));
}
