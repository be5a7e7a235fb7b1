/** Fault rules switched on through the control API, cached for the hot paths (ADR 0058). */
import { feature } from '../core/feature.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import { Faults } from './faults.js';

export const faultsFeature = feature('faults', ['deps'], (p: { deps: PlatformDeps }) => new Faults(p.deps));
