/**
 * undici, loaded on first use (issue 28, ADR 0094 "cold start"): loading it costs a new process
 * some 100 ms of CPU, and a world that sends no webhook, delivery report or fetch by URL never needs
 * it (config/lazy-package.ts).
 */
import type * as Undici from 'undici';
import { lazyPackage } from '../../config/lazy-package.js';

export const undici = lazyPackage<typeof Undici>('undici');
