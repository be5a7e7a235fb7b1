/**
 * The refusals of checklists. One entry per code (core/refusals/refusal.ts says
 * what an entry holds; ADR 0108 and its addendum).
 */
import type { Refusals } from '../core/refusals/index.js';

export const CHECKLIST_REFUSALS = {
  /** editMessageChecklist of a message that is not a checklist (text unverified). */
  MESSAGE_NOT_CHECKLIST: {
    kind: 'invalid',
    bot: 'Bad Request: message is not a checklist',
    control: 'BAD_REQUEST',
  },
} satisfies Refusals;

declare module '../core/refusals/index.js' {
  interface RefusalTables {
    checklists: typeof CHECKLIST_REFUSALS;
  }
}
