/**
 * The platform's kernel knows no feature (issue 30, ADR 0111): eslint-rules/platform-kernel.js
 * refuses an import from the kernel into a feature, from a feature into an undeclared feature or a
 * view, and into the assembly from anywhere but the views (shown on fixtures, so that a rule that
 * stopped working would be noticed); and every import between the folders of src/platform/ today
 * passes its table. Nor does it name a feature's refusal: each feature declares its own in its
 * folder (ADR 0108's addendum), and the kernel's files name only the kernel's codes. Nor do
 * server/ and delivery/ run a feature by name, but for the few listed with their reason: they run
 * the kernel's points (timed jobs, event listeners) that features register with.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ruleErrors, sourceFiles } from './helpers/lint-rule.js';
import { KERNEL_AREAS, REFUSAL_TABLES } from '../src/platform/assembly/refusals.js';
import {
  FEATURE_DEPENDENCIES,
  KERNEL,
  VIEWS,
  platformFolderOf,
  refusal,
  roleOf,
} from '../eslint-rules/platform-kernel.js';

const root = path.resolve(import.meta.dirname, '..');
const src = path.join(root, 'src');

describe('the kernel of src/platform/', () => {
  it.each([
    [
      'src/platform/messages/x.ts',
      "import { showSuggestedPost } from '../suggested-posts/suggested-post-view.js';",
      'platform/messages/ may not import platform/suggested-posts/',
    ],
    [
      'src/platform/core/x.ts',
      "export { Gifts } from '../gifts/gift-service.js';",
      'platform/core/ may not import platform/gifts/',
    ],
    [
      'src/platform/chats/x.ts',
      "const m = import('../payments/chat-subscriptions.js');",
      'platform/chats/ may not import platform/payments/',
    ],
    [
      'src/platform/gifts/x.ts',
      "import { Games } from '../games/games.js';",
      'platform/gifts/ may not import platform/games/',
    ],
    [
      'src/platform/payments/x.ts',
      "import { Platform } from '../assembly/platform.js';",
      'platform/payments/ may not import platform/assembly/',
    ],
    [
      'src/platform/users/x.ts',
      "import type { Platform } from '../assembly/platform.js';",
      'platform/users/ may not import platform/assembly/',
    ],
    [
      'src/platform/stickers/x.ts',
      "import { exportWorld } from '../world/world-export.js';",
      'platform/stickers/ may not import platform/world/',
    ],
  ])('refuses %s: %s', async (file, code, expected) => {
    const errors = await ruleErrors('platform-kernel', file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(expected);
  });

  it.each([
    ['src/platform/gifts/x.ts', "import { Chats } from '../chats/chats.js';"],
    ['src/platform/gifts/x.ts', "import { StarsLedger } from '../payments/stars-ledger.js';"],
    ['src/platform/messages/x.ts', "import { Chats } from '../chats/chats.js';"],
    ['src/platform/world/x.ts', "import type { Platform } from '../assembly/platform.js';"],
    ['src/platform/assembly/x.ts', "import { Gifts } from '../gifts/gift-service.js';"],
    ['src/bot-api/x.ts', "import { Gifts } from '../platform/gifts/gift-service.js';"],
  ])('allows %s: %s', async (file, code) => {
    expect(await ruleErrors('platform-kernel', file, code)).toEqual([]);
  });

  it('declares dependencies between features only, on folders that exist', () => {
    const folders = readdirSync(path.join(src, 'platform'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    for (const folder of [...KERNEL, ...VIEWS]) expect(folders).toContain(folder);
    for (const [feature, needs] of Object.entries(FEATURE_DEPENDENCIES)) {
      expect(folders).toContain(feature);
      for (const need of needs) {
        expect(folders).toContain(need);
        expect(KERNEL).not.toContain(need);
      }
    }
  });

  it('every import between the folders of src/platform/ passes the table', () => {
    const refused: string[] = [];
    for (const file of sourceFiles(path.join(src, 'platform'))) {
      const from = platformFolderOf(path.relative(src, file))!;
      for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
        if (!fileName.startsWith('.')) continue;
        const to = platformFolderOf(path.relative(src, path.resolve(path.dirname(file), fileName)));
        if (to === undefined) continue;
        const why = refusal(from, to);
        if (why) refused.push(`${path.relative(src, file)} -> ${fileName}: ${why}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it("declares each feature's refusals in its folder's refusals.ts, joined by the assembly", () => {
    const featureAreas = Object.keys(REFUSAL_TABLES).filter((area) => !KERNEL_AREAS.includes(area as never));
    // assembly/refusals.ts is the join itself.
    const withTable = readdirSync(path.join(src, 'platform'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'assembly')
      .map((entry) => entry.name)
      .filter((folder) => existsSync(path.join(src, 'platform', folder, 'refusals.ts')));
    expect(featureAreas.length).toBeGreaterThan(0);
    for (const area of featureAreas) expect(roleOf(area), area).toBe('feature');
    expect(withTable.sort()).toEqual(featureAreas.sort());
  });

  it("runs no feature by name from server/ or delivery/: the kernel's points (timed jobs, event listeners) do", async () => {
    // Platform's members that features build: the names of the entries their folders export.
    const featureMembers = new Set<string>();
    for (const folder of readdirSync(path.join(src, 'platform'))) {
      const file = path.join(src, 'platform', folder, 'feature.ts');
      if (!existsSync(file)) continue;
      for (const entry of Object.values(await import(file))) {
        if (typeof entry === 'object' && entry !== null && 'needs' in entry && 'name' in entry) {
          featureMembers.add(String(entry.name));
        }
      }
    }
    expect(featureMembers).toContain('suggestedPosts');
    // What server/ and delivery/ may still name, and why (ADR 0111's addendum on features' entries).
    const allowed: Record<string, string[]> = {
      'server/app.ts': ['faults'], // the fault rules' cache filled once at start
      'delivery/bot-delivery.ts': ['faults'], // faults injected into webhook attempts
      'delivery/webhook-fault.ts': ['faults'],
      'delivery/gateway-timer.ts': ['gateway'], // the gateway's jobs, claimed per row
      'delivery/report-worker.ts': ['gateway'],
    };
    const named: string[] = [];
    const stillNamed: string[] = [];
    for (const dir of ['server', 'delivery']) {
      for (const file of sourceFiles(path.join(src, dir))) {
        const text = readFileSync(file, 'utf8');
        const members = [
          ...[...text.matchAll(/\bplatform\??\.(\w+)/g)].map((match) => match[1]!),
          ...[...text.matchAll(/\{([^{}]*)\}\s*=\s*(?:this\.)?platform\b/g)].flatMap((match) =>
            match[1]!.split(',').map((name) => name.trim().split(':')[0]!.trim()),
          ),
        ];
        const relative = path.relative(src, file);
        for (const member of new Set(members)) {
          if (!featureMembers.has(member)) continue;
          if (allowed[relative]?.includes(member)) stillNamed.push(`${relative}: ${member}`);
          else named.push(`${relative}: ${member}`);
        }
      }
    }
    expect(named).toEqual([]);
    // The list only shrinks: an entry no longer named must go.
    const listed = Object.entries(allowed).flatMap(([file, members]) => members.map((m) => `${file}: ${m}`));
    expect(stillNamed.sort()).toEqual(listed.sort());
  });

  it("names no feature's refusal in the kernel: the codes the kernel throws are declared in core/refusals/", () => {
    const featureCodes = new Set(
      Object.entries(REFUSAL_TABLES)
        .filter(([area]) => !KERNEL_AREAS.includes(area as never))
        .flatMap(([, table]) => Object.keys(table)),
    );
    expect(featureCodes.has('BALANCE_TOO_LOW')).toBe(true);
    const named: string[] = [];
    for (const folder of KERNEL) {
      for (const file of sourceFiles(path.join(src, 'platform', folder))) {
        for (const [, code] of readFileSync(file, 'utf8').matchAll(/'([A-Z][A-Z0-9_]+)'/g)) {
          if (featureCodes.has(code!)) named.push(`${path.relative(src, file)}: ${code}`);
        }
      }
    }
    expect(named).toEqual([]);
  });
});
