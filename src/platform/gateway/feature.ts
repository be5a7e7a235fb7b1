/** The Verification Gateway's entry in the platform's list (core/feature.ts): Platform's `gateway`. */
import { feature } from '../core/feature.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import { Gateway, type GatewayParts } from './gateway.js';

export const gatewayFeature = feature(
  'gateway',
  ['deps', 'users', 'chats', 'messages', 'devices'],
  (p: GatewayParts & { deps: PlatformDeps }) => new Gateway(p.deps, p),
);
