/** A person's action in the web client as the timeline records it (ADR 0099). */
import type { Platform } from '../platform/assembly/platform.js';
import { actionEvent } from '../platform/timeline/timeline-events.js';

/**
 * Starts timing a web API call of `userId` (0 before sign-in); answers the function that records it
 * with its status and answer. The input is redacted by the timeline (a login code, a password).
 */
export function webAction(platform: Platform, url: string, userId: number, input: Record<string, unknown>) {
  const started = performance.now();
  return (status: number, answer: unknown): void => {
    const { timeline } = platform;
    if (!timeline.enabled) return;
    const event = actionEvent({
      at: timeline.now(),
      route: `web ${url}`,
      input,
      status,
      answer: typeof answer === 'string' ? answer : JSON.stringify(answer),
      durationMs: performance.now() - started,
    });
    if (userId !== 0) event.person_id = userId;
    timeline.record(event);
  };
}
