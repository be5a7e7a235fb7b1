/**
 * Parameters of the gift methods (ADR 0050): the text shown with a gift (text, text_parse_mode,
 * text_entities; formatted as any text, the entities kept by the platform's rule), and the filters
 * of getUserGifts / getChatGifts.
 */
import { formatText } from '../platform/formatting/index.js';
import type { GiftText } from '../platform/gifts/gifts.js';
import type { GiftListFilter } from '../platform/gifts/gift-lists.js';
import type { MethodContext } from './method-context.js';

export function readGiftText({ params }: MethodContext): GiftText {
  const raw = params.string('text') ?? '';
  const formatted = formatText(raw, params.string('text_parse_mode'), params.json('text_entities'), {
    allowEmpty: true,
  });
  if (formatted.text === '') return {};
  return { text: formatted.text, entities: formatted.entities };
}

const FLAGS = [
  'exclude_unsaved',
  'exclude_saved',
  'exclude_unlimited',
  'exclude_limited_upgradable',
  'exclude_limited_non_upgradable',
  'exclude_from_blockchain',
  'exclude_unique',
  'sort_by_price',
] as const;

export function readGiftFilter({ params }: MethodContext): GiftListFilter {
  const filter: GiftListFilter = {};
  for (const flag of FLAGS) if (params.bool(flag)) filter[flag] = true;
  const offset = params.string('offset');
  if (offset !== undefined) filter.offset = offset;
  const limit = params.int('limit');
  if (limit !== undefined) filter.limit = limit;
  return filter;
}
