/**
 * An extension point of the kernel (ADR 0111): what a feature adds to a message as a viewer sees
 * it. A feature registers a renderer (Messages.addRenderer) when it is built; Messages.render runs
 * the renderers in registration order on a top-level message (not on one shown inside another),
 * after the kernel's own fields. A renderer changes only the fields its feature owns (its service
 * object), so that the key order the kernel set stays.
 */
import type { MessageContent, WireMessage } from '../core/wire-types.js';
import type { ChatRow } from '../../storage/store.js';
import type { RenderReader } from '../core/store-ports.js';

export interface MessageRenderContext {
  reader: RenderReader;
  chat: ChatRow;
  viewerId: number;
  /** Another message of the chat as the viewer sees it, one level deep; undefined once deleted. */
  renderLinked(messageId: number): Promise<WireMessage | undefined>;
}

export type MessageRenderer = (
  message: WireMessage,
  content: MessageContent,
  context: MessageRenderContext,
) => Promise<void>;
