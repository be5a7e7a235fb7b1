/** People mark the tasks of a checklist and add tasks to it (ADR 0048). */
import { USER_IN_CHAT, messageId } from './common.js';
import { array, int, params, route, str } from './dsl.js';

const NO_CHECKLIST = {
  status: 404,
  description: 'No such user, chat or checklist message (`MESSAGE_NOT_FOUND`).',
  codes: ['USER_NOT_FOUND', 'CHAT_NOT_FOUND', 'MESSAGE_NOT_FOUND'],
} as const;

const REFUSED = {
  status: 400,
  description:
    "What the checklist does not allow: another person's change without others_can_mark_tasks_as_done " +
    '/ others_can_add_tasks, an unknown task, more than 30 tasks, a task text not of 1-100 characters.',
  codes: ['BAD_REQUEST'],
} as const;

export const CHECKLISTS = {
  markChecklistTasks: route({
    method: 'POST',
    path: '/checklists/tasks',
    tag: 'messages',
    summary: 'Mark tasks of a checklist as done or not done as a user',
    description:
      'The checklist message changes (`completed_by_user`, `completion_date`) and the user posts a ' +
      '`checklist_tasks_done` service message with `checklist_message`; in a business chat, the bot of ' +
      "the business account gets it as `business_message`. The checklist's creator may always do it, " +
      'others when `others_can_mark_tasks_as_done`.',
    params: params('MarkChecklistTasksParams', {
      ...USER_IN_CHAT,
      message_id: messageId(),
      done: array(int({ min: 1 }), { description: 'Ids of the tasks to mark as done.' }),
      not_done: array(int({ min: 1 }), { description: 'Ids of the tasks to mark as not done.' }),
    }),
    result: 'Message',
    answer: 'The `checklist_tasks_done` service message as the user sees it.',
    errors: [REFUSED, NO_CHECKLIST],
  }),

  addChecklistTasks: route({
    method: 'POST',
    path: '/checklists/add-tasks',
    tag: 'messages',
    summary: 'Add tasks to a checklist as a user',
    description:
      'The tasks get the next ids; the user posts a `checklist_tasks_added` service message with ' +
      "`checklist_message`. The checklist's creator may always do it, others when `others_can_add_tasks`.",
    params: params('AddChecklistTasksParams', {
      ...USER_IN_CHAT,
      message_id: messageId(),
      tasks: array(str(), {
        required: true,
        minItems: 1,
        maxItems: 30,
        description: 'The texts of the new tasks.',
      }),
    }),
    result: 'Message',
    answer: 'The `checklist_tasks_added` service message as the user sees it.',
    errors: [REFUSED, NO_CHECKLIST],
  }),
} as const;
