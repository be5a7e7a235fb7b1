/**
 * Summarises a V8 `.cpuprofile` (from `node --cpu-prof`): self time and inclusive time per function,
 * and self time per file. Also runnable: `node --import tsx bench/lib/cpu-profile.ts FILE [TOP]`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface FunctionTime {
  name: string;
  selfMs: number;
  selfPct: number;
  totalMs: number;
  totalPct: number;
}

export interface ProfileSummary {
  totalMs: number;
  /** Idle time (the event loop waiting), excluded from the percentages. */
  idleMs: number;
  functions: FunctionTime[];
  files: Array<{ file: string; selfMs: number; selfPct: number }>;
}

function shortUrl(url: string): string {
  if (url === '') return '';
  const clean = url.replace(/^file:\/\//, '');
  const nm = clean.lastIndexOf('node_modules/');
  if (nm >= 0) return clean.slice(nm + 'node_modules/'.length);
  const src = clean.indexOf('/src/');
  if (src >= 0) return clean.slice(src + 1);
  return path.basename(clean);
}

function keyOf(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const name = functionName || '(anonymous)';
  const where = shortUrl(url);
  return where ? `${name} ${where}:${lineNumber + 1}` : name;
}

export function summariseProfile(profile: CpuProfile): ProfileSummary {
  const selfUs = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i]!;
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const files = new Map<string, number>();
  let idleUs = 0;
  let allUs = 0;
  // Walk the tree once; a node's self time counts toward every distinct function on its stack.
  const root = profile.nodes[0]!;
  const stack: Array<{ node: ProfileNode; path: string[] }> = [{ node: root, path: [] }];
  while (stack.length > 0) {
    const { node, path: above } = stack.pop()!;
    const key = keyOf(node);
    const onPath = above.includes(key) ? above : [...above, key];
    const us = selfUs.get(node.id) ?? 0;
    allUs += us;
    if (node.callFrame.functionName === '(idle)') idleUs += us;
    else if (us > 0) {
      self.set(key, (self.get(key) ?? 0) + us);
      const file = shortUrl(node.callFrame.url) || node.callFrame.functionName || '(native)';
      files.set(file, (files.get(file) ?? 0) + us);
      for (const k of onPath) total.set(k, (total.get(k) ?? 0) + us);
    }
    for (const child of node.children ?? []) stack.push({ node: byId.get(child)!, path: onPath });
  }
  const busyUs = allUs - idleUs || 1;
  const functions = [...self.entries()]
    .map(([name, us]) => ({
      name,
      selfMs: us / 1000,
      selfPct: (100 * us) / busyUs,
      totalMs: (total.get(name) ?? 0) / 1000,
      totalPct: (100 * (total.get(name) ?? 0)) / busyUs,
    }))
    .sort((a, b) => b.selfMs - a.selfMs);
  return {
    totalMs: allUs / 1000,
    idleMs: idleUs / 1000,
    functions,
    files: [...files.entries()]
      .map(([file, us]) => ({ file, selfMs: us / 1000, selfPct: (100 * us) / busyUs }))
      .sort((a, b) => b.selfMs - a.selfMs),
  };
}

export function profileReport(file: string, top = 30): string {
  const summary = summariseProfile(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile);
  const lines = [
    `Profile ${path.basename(file)}: ${summary.totalMs.toFixed(0)} ms sampled, ${summary.idleMs.toFixed(0)} ms idle; percentages of busy time.`,
    '',
    '| self ms | self % | total % | function |',
    '|---|---|---|---|',
    ...summary.functions
      .slice(0, top)
      .map(
        (f) =>
          `| ${f.selfMs.toFixed(0)} | ${f.selfPct.toFixed(1)} | ${f.totalPct.toFixed(1)} | \`${f.name}\` |`,
      ),
    '',
    '| self ms | self % | file |',
    '|---|---|---|',
    ...summary.files
      .slice(0, 20)
      .map((f) => `| ${f.selfMs.toFixed(0)} | ${f.selfPct.toFixed(1)} | ${f.file} |`),
  ];
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [file, top] = process.argv.slice(2);
  if (!file) {
    process.stderr.write('usage: node --import tsx bench/lib/cpu-profile.ts FILE.cpuprofile [TOP]\n');
    process.exit(2);
  }
  process.stdout.write(`${profileReport(file, Number(top ?? 30))}\n`);
}
