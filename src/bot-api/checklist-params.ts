/**
 * InputChecklist (spec: title 1-255 characters after entities parsing, 1-30 tasks, each with a
 * positive identifier unique in the checklist and a text of 1-100 characters; the entities kept are
 * bold, italic, underline, strikethrough, spoiler, custom_emoji and date_time). ADR 0048.
 */
import { botApiError } from './errors.js';
import { codePointLength, formatText, type MessageEntity } from '../platform/formatting/index.js';
import type { MethodContext } from './method-context.js';
import type { InputChecklist } from '../platform/checklists/checklists.js';

const MAX_TITLE = 255;
const MAX_TASK_TEXT = 100;
const MAX_TASKS = 30;
const ALLOWED_ENTITIES = new Set([
  'bold',
  'italic',
  'underline',
  'strikethrough',
  'spoiler',
  'custom_emoji',
  'date_time',
]);

/** The `checklist` parameter. */
export function readInputChecklist({ params }: MethodContext): InputChecklist {
  const value = params.parsedJson('checklist', 'InputChecklist');
  if (value === undefined) throw botApiError('PARAMETER_REQUIRED', { name: 'checklist' });
  if (!isObject(value)) throw botApiError('OBJECT_EXPECTED', { object: 'InputChecklist' });
  const title = formatted(value, 'title', 'title_entities');
  if (title.text === '' || codePointLength(title.text) > MAX_TITLE)
    throw botApiError('CHECKLIST_TITLE_INVALID');
  const tasks = value.tasks;
  if (!Array.isArray(tasks) || tasks.length === 0 || tasks.length > MAX_TASKS)
    throw botApiError('CHECKLIST_TASKS_INVALID');
  return {
    title: title.text,
    ...(title.entities.length > 0 ? { title_entities: title.entities } : {}),
    tasks: readTasks(tasks),
    ...(value.others_can_add_tasks === true ? { others_can_add_tasks: true } : {}),
    ...(value.others_can_mark_tasks_as_done === true ? { others_can_mark_tasks_as_done: true } : {}),
  };
}

/** InputChecklistTask items (also the tasks a person adds). */
export function readTasks(items: unknown[]): InputChecklist['tasks'] {
  const seen = new Set<number>();
  return items.map((item) => {
    if (!isObject(item)) throw botApiError('OBJECT_EXPECTED', { object: 'InputChecklistTask' });
    const id = item.id;
    if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0 || id > 2 ** 31 - 1 || seen.has(id))
      throw botApiError('CHECKLIST_TASK_ID_INVALID');
    seen.add(id);
    const text = formatted(item, 'text', 'text_entities');
    if (text.text === '' || codePointLength(text.text) > MAX_TASK_TEXT)
      throw botApiError('CHECKLIST_TASK_TEXT_INVALID');
    return { id, text: text.text, ...(text.entities.length > 0 ? { text_entities: text.entities } : {}) };
  });
}

/** A text field with its parse_mode or entities, keeping the entities a checklist allows. */
function formatted(
  object: Record<string, unknown>,
  field: string,
  entitiesField: string,
): { text: string; entities: MessageEntity[] } {
  const raw = object[field];
  const parseMode = object.parse_mode;
  const entities = object[entitiesField];
  const result = formatText(
    typeof raw === 'string' ? raw : '',
    typeof parseMode === 'string' ? parseMode : undefined,
    entities === undefined ? undefined : JSON.stringify(entities),
    { allowEmpty: true },
  );
  return {
    text: result.text,
    entities: result.entities.filter((entity) => ALLOWED_ENTITIES.has(entity.type)),
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
