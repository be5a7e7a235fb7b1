/**
 * The platform's list (platform-builder.ts): each entry is built from the members before it, a
 * member is read-only, and a name is built once.
 */
import { describe, expect, it } from 'vitest';
import { PlatformBuilder } from './platform-builder.js';

describe('the platform builder', () => {
  it('builds each member from the ones before it, read-only', () => {
    const parts = new PlatformBuilder({ base: 2 })
      .add('double', (p) => p.base * 2)
      .add('label', (p) => `${p.base}:${p.double}`).parts;
    expect(parts).toEqual({ base: 2, double: 4, label: '2:4' });
    expect(() => {
      (parts as { double: number }).double = 5;
    }).toThrow(TypeError);
  });

  it('refuses a name built twice', () => {
    const builder = new PlatformBuilder({ base: 1 }).add('one', () => 1);
    expect(() => builder.add('one', () => 2)).toThrow("the platform's one is built twice");
    expect(() => builder.add('base', () => 2)).toThrow("the platform's base is built twice");
  });
});
