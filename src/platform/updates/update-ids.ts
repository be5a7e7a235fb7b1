/**
 * First update_id of a bot's queue (reference: random in [2 000 001, 1 000 000 000)): drawn when a
 * bot is made (users/users.ts, world/) and when its queue starts again (update-queue.ts). Here, in
 * updates/, so that the update queue imports nothing of users/ (ADR 0111).
 */
export const UPDATE_ID_START: [number, number] = [2_000_001, 1_000_000_000];
