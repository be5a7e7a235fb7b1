import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import { codePointLength, formatText, type MessageEntity } from '../../platform/formatting/index.js';
import type { Params } from '../params.js';
import { checkChat } from '../send-media.js';
import { readSendOptions } from '../send-options.js';
import type { PollData, PollOptionData } from '../../platform/messages/polls.js';

const MAX_QUESTION_LENGTH = 300;
const MAX_OPTION_LENGTH = 100;
const MAX_EXPLANATION_LENGTH = 200;
const MAX_DESCRIPTION_LENGTH = 1024;
/** open_period and close_date: 5 s to about a month from now. */
const MIN_OPEN_PERIOD = 5;
const MAX_OPEN_PERIOD = 2_628_000;

/**
 * sendPoll: a regular poll or a quiz (correct_option_ids, explanation), anonymous by default, with
 * 1-12 options of 1-100 characters after trimming and a question of 1-300; open_period or
 * close_date, is_closed, description. The poll is stored so that stopPoll and votes work; its
 * options get persistent ids. Texts: the reference's process_send_poll_query and TDLib's poll
 * checks. Question and option texts keep custom emoji entities only (spec: PollOption). Media in
 * polls (media, explanation_media, option media) are not supported and are ignored.
 * spec/bot-api.md "Polls and checklists"; reference Appendix B. The runner has refused a call
 * without question or options, and fewer than 1 or more than 12 options (ADR 0084); the texts'
 * lengths after parsing are measured here.
 */
export const sendPoll = defineMethod('sendPoll', async (ctx) => {
  const { params, platform } = ctx;
  const values = ctx.values;
  const question = formatText(values.question, values.question_parse_mode, values.question_entities, {
    allowEmpty: true,
  });
  // options, correct_option_ids and country_codes are JSON: their own readers.
  const options = readOptions(params);
  const type = values.type;
  // The runner has refused another type; this narrows it.
  if (type !== 'regular' && type !== 'quiz') throw botApiError('POLL_TYPE_UNSUPPORTED');
  const explanation =
    type === 'quiz'
      ? formatText(values.explanation ?? '', values.explanation_parse_mode, values.explanation_entities, {
          allowEmpty: true,
        })
      : undefined;
  const correct = type === 'quiz' ? readCorrectOptions(params) : undefined;
  const description = formatText(
    values.description ?? '',
    values.description_parse_mode,
    values.description_entities,
    { allowEmpty: true },
  );
  const send = await readSendOptions(ctx);
  const bot = await checkChat(ctx, send);

  // TDLib's checks of the poll, after the chat's.
  if (question.text === '') throw botApiError('POLL_QUESTION_EMPTY');
  if (codePointLength(question.text) > MAX_QUESTION_LENGTH) {
    throw botApiError('POLL_QUESTION_TOO_LONG', { max: MAX_QUESTION_LENGTH });
  }
  for (const option of options) {
    if (option.text === '') throw botApiError('POLL_OPTION_EMPTY');
    if (codePointLength(option.text) > MAX_OPTION_LENGTH) {
      throw botApiError('POLL_OPTION_TOO_LONG', { max: MAX_OPTION_LENGTH });
    }
  }
  if (correct !== undefined && (correct.length === 0 || correct.some((id) => id >= options.length))) {
    throw botApiError('CORRECT_OPTION_INVALID');
  }
  if (explanation && codePointLength(explanation.text) > MAX_EXPLANATION_LENGTH) {
    throw botApiError('EXPLANATION_TOO_LONG', { max: MAX_EXPLANATION_LENGTH });
  }
  if (codePointLength(description.text) > MAX_DESCRIPTION_LENGTH) {
    throw botApiError('MESSAGE_CAPTION_TOO_LONG');
  }

  const data: PollData = {
    question: question.text,
    ...customEmojiOnly('question_entities', question.entities),
    options: options.map((option, i) => ({ ...option, persistent_id: String(i) })),
    is_anonymous: values.is_anonymous,
    type,
    allows_multiple_answers: values.allows_multiple_answers,
    // Its default depends on the type, which the declaration does not say.
    allows_revoting: params.has('allows_revoting') ? values.allows_revoting : type === 'regular',
    members_only: values.members_only,
  };
  const countryCodes = readCountryCodes(params);
  if (countryCodes) data.country_codes = countryCodes;
  if (correct) data.correct_option_ids = correct;
  if (explanation?.text) {
    data.explanation = explanation.text;
    if (explanation.entities.length > 0) data.explanation_entities = explanation.entities;
  }
  // open_period is read as given, not clamped as the values clamp it: 0 or less means none.
  const openPeriod = params.int('open_period') ?? 0;
  Object.assign(data, closing(openPeriod, values.close_date ?? 0, platform.deps.clock.now()));
  if (values.hide_results_until_closes) data.hide_results_until_closes = true;
  if (description.text !== '') {
    data.description = description.text;
    if (description.entities.length > 0) data.description_entities = description.entities;
  }

  const isClosed = values.is_closed;
  const id = platform.polls.newId();
  const poll = platform.polls.initial(id, data, isClosed);
  return platform.messages.sendFromBot(
    bot,
    send.chatId,
    { poll, ...send.content },
    send.replyTo,
    (tx, _chat, row) => platform.polls.record(tx, id, data, isClosed, row),
  );
});

/** options: a JSON array of strings or InputPollOption objects (the reference's get_poll_options). */
function readOptions(params: Params): Array<Omit<PollOptionData, 'persistent_id'>> {
  let value: unknown;
  try {
    value = JSON.parse(params.string('options') ?? '');
  } catch {
    throw botApiError('JSON_UNPARSABLE', { object: 'options' });
  }
  if (!Array.isArray(value)) throw botApiError('ARRAY_EXPECTED', { of: 'String as options' });
  return value.map((option: unknown) => {
    let text: string;
    let parseMode: string | undefined;
    let entities: string | undefined;
    if (typeof option === 'string') text = option;
    else if (typeof option === 'object' && option !== null && !Array.isArray(option)) {
      const object = option as Record<string, unknown>;
      if (typeof object.text !== 'string') {
        throw botApiError(
          object.text === undefined ? 'POLL_OPTION_TEXT_MISSING' : 'POLL_OPTION_TEXT_NOT_A_STRING',
        );
      }
      text = object.text;
      parseMode = typeof object.text_parse_mode === 'string' ? object.text_parse_mode : undefined;
      entities = object.text_entities === undefined ? undefined : JSON.stringify(object.text_entities);
    } else {
      throw botApiError('POLL_OPTION_NOT_A_STRING');
    }
    const formatted = formatText(text, parseMode, entities, { allowEmpty: true });
    return { text: formatted.text, ...customEmojiOnly('text_entities', formatted.entities) };
  });
}

/** correct_option_ids (or the legacy correct_option_id): increasing 0-based option indexes. */
function readCorrectOptions(params: Params): number[] {
  const text = params.string('correct_option_ids');
  if (text === undefined) {
    const legacy = params.int('correct_option_id');
    return legacy === undefined || legacy < 0 ? [] : [legacy];
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw botApiError('JSON_UNPARSABLE', { object: 'correct_option_ids' });
  }
  const ids = Array.isArray(value) ? value : [value];
  const valid = ids.every(
    (id, i) =>
      Number.isInteger(id) && (id as number) >= 0 && (i === 0 || (id as number) > (ids[i - 1] as number)),
  );
  if (!valid) throw botApiError('CORRECT_OPTION_INVALID');
  return ids as number[];
}

function readCountryCodes(params: Params): string[] | undefined {
  const text = params.string('country_codes');
  if (text === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (
      Array.isArray(value) &&
      value.length > 0 &&
      value.length <= 12 &&
      value.every((c) => typeof c === 'string')
    ) {
      return (value as string[]).map((code) => code.toUpperCase());
    }
  } catch {
    // A malformed list means "any country", as an omitted one does.
  }
  return undefined;
}

/**
 * open_period (5 s to a month, clamped as the reference clamps numbers) wins over close_date;
 * both end up as a close_date, and an open_period poll shows both, as the reference does.
 */
function closing(
  openPeriod: number,
  closeDate: number,
  now: number,
): Pick<PollData, 'open_period' | 'close_date'> {
  if (openPeriod > 0) {
    const period = Math.min(MAX_OPEN_PERIOD, Math.max(MIN_OPEN_PERIOD, openPeriod));
    return { open_period: period, close_date: now + period };
  }
  if (closeDate <= 0) return {};
  return { close_date: Math.min(now + MAX_OPEN_PERIOD, Math.max(now + MIN_OPEN_PERIOD, closeDate)) };
}

function customEmojiOnly<K extends string>(
  key: K,
  entities: MessageEntity[],
): Partial<Record<K, MessageEntity[]>> {
  const kept = entities.filter((entity) => entity.type === 'custom_emoji');
  return kept.length > 0 ? ({ [key]: kept } as Partial<Record<K, MessageEntity[]>>) : {};
}
