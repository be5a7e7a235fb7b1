/**
 * sharp (libvips), loaded at the first image it decodes (issue 28, ADR 0094 "cold start"): loading
 * it costs a new process some 150 ms of CPU, and a test's world that sends no image never needs it
 * (config/lazy-package.ts).
 */
import type Sharp from 'sharp';
import { lazyPackage } from '../../config/lazy-package.js';

export const loadSharp = lazyPackage<typeof Sharp>('sharp');
