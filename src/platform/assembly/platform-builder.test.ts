/**
 * The platform's list (platform-builder.ts): each entry is built from the members before it, a
 * member is read-only, and a name is built once. A feature's entry (core/feature.ts) declares its
 * needs: it is refused, by the compiler (the `@ts-expect-error` lines below fail `tsc` when the
 * compiler stops refusing) and at run time, when a need is not built before it, and its build is
 * handed its needs only.
 */
import { describe, expect, it } from 'vitest';
import { feature } from '../core/feature.js';
import { giftsFeature } from '../gifts/feature.js';
import { PlatformBuilder } from './platform-builder.js';
import { sqlitePlatform } from '../../../test/helpers/test-platform.js';

const doubled = feature('doubled', ['base'], (p: { base: number }) => p.base * 2);
const label = feature(
  'label',
  ['base', 'doubled'],
  (p: { base: number; doubled: number }) => `${p.base}:${p.doubled}`,
);

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
    expect(() => new PlatformBuilder({ base: 1, doubled: 0 }).register(doubled)).toThrow(
      "the platform's doubled is built twice",
    );
  });

  it("builds a feature's entry from its needs only", () => {
    let handed: object | undefined;
    const spy = feature('spy', ['base'], (p: { base: number }) => (handed = p));
    const parts = new PlatformBuilder({ base: 3, other: 'x' })
      .register(doubled)
      .register(label)
      .register(spy).parts;
    expect(parts).toMatchObject({ base: 3, doubled: 6, label: '3:6' });
    expect(handed).toEqual({ base: 3 });
  });

  it('refuses a feature whose need is not built before it', () => {
    // Out of order: label needs doubled, listed after it.
    const builder = new PlatformBuilder({ base: 3 });
    // @ts-expect-error -- doubled is not a member yet.
    expect(() => builder.register(label)).toThrow(
      "the platform's label needs doubled, which is not built before it",
    );
    expect(builder.parts).toEqual({ base: 3 });
  });

  it('refuses a real feature listed before the kernel parts it needs', async () => {
    const { store, platform } = sqlitePlatform();
    try {
      const bare = new PlatformBuilder({ deps: platform.deps });
      // @ts-expect-error -- users, chats, messages... are not members.
      expect(() => bare.register(giftsFeature)).toThrow(
        "the platform's gifts needs users, which is not built before it",
      );
    } finally {
      await store.close();
    }
  });

  it("refuses, when compiling, needs that leave out a member of the build's parameter", () => {
    // @ts-expect-error -- doubled is used by the build but not declared.
    const undeclared = feature('label', ['base'], (p: { base: number; doubled: number }) => p.doubled);
    expect(undeclared.needs).toEqual(['base']);
  });
});
