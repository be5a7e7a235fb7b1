/** How a poll inside a message looks to a viewer other than its sender (messages.ts render). */

/**
 * A quiz's correct options are shown only once it is closed, to its sender, or in a private chat
 * (spec Poll.correct_option_ids: "quiz polls that are closed or were sent by the bot or to the
 * bot's private chat"), the reference's older correct_option_id with them. Returns the poll of a
 * message as another viewer of a group, supergroup or channel sees it: without them while the quiz
 * is open.
 */
export function pollForOtherViewer(poll: unknown): unknown {
  if (typeof poll !== 'object' || poll === null) return poll;
  const wire = poll as Record<string, unknown>;
  if (wire.type !== 'quiz' || wire.is_closed === true || wire.correct_option_ids === undefined) return poll;
  const { correct_option_ids: _hidden, correct_option_id: _hiddenToo, ...shown } = wire;
  return shown;
}
