/**
 * sharp (libvips), loaded at the first image it decodes (issue 28, ADR 0094 "cold start"): loading
 * it costs a new process some 150 ms of CPU, and a test's world that sends no image never needs it.
 * A CommonJS package: `require` gives it synchronously (Node's module cache keeps the one copy).
 */
import { createRequire } from 'node:module';
import type Sharp from 'sharp';

const require = createRequire(import.meta.url);

export function loadSharp(): typeof Sharp {
  return require('sharp') as typeof Sharp;
}
