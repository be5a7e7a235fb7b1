/** Verifier bots and the users and chats they verify (ADR 0044): Platform's `verification`. */
import { feature } from '../core/feature.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { Users } from '../users/users.js';
import { Verification } from './verification.js';

export const verificationFeature = feature(
  'verification',
  ['deps', 'users'],
  (p: { deps: PlatformDeps; users: Users }) => new Verification(p.deps, p.users),
);
