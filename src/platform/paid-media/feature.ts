/**
 * Paid media (ADR 0050): previews until a person pays. Platform's `paidMedia`, set as the kernel's
 * `Messages.paidMedia` hook when built.
 */
import { GROUP_CONTEXT_KEYS } from '../chats/group-context.js';
import { feature } from '../core/feature.js';
import type { Files } from '../files/files.js';
import type { PaymentsContext } from '../payments/invoices.js';
import { PaidMedia } from './paid-media.js';

export const paidMediaFeature = feature(
  'paidMedia',
  [...GROUP_CONTEXT_KEYS, 'stars', 'files'],
  (p: PaymentsContext & { files: Files }) => (p.messages.paidMedia = new PaidMedia(p)),
);
