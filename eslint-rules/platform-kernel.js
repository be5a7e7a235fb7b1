/**
 * The folders of src/platform/ and which way imports between them may point (issue 30, ADR 0111):
 * a kernel that knows no feature, features that build on the kernel (and on the few features they
 * declare), the assembly that builds them all into the one Platform, and the views over the whole
 * assembled platform. An import from one platform folder into another that this table does not allow
 * fails `npm run lint`; test/platform-kernel.test.ts shows the rule refusing, and checks every import
 * of src/platform/ against the table.
 *
 * A folder that is not listed is a feature with no declared dependency: a new feature folder gets
 * the rule without an entry, and a new kernel folder must be added to KERNEL.
 */
import path from 'node:path';

/** The kernel: people, chats, messages, updates, files, and their base. It imports only itself. */
export const KERNEL = [
  'core',
  'users',
  'chats',
  'messages',
  'updates',
  'files',
  'formatting',
  'timeline',
  'net',
];

/** Builds the kernel and every feature into Platform (assembly/platform.ts): it may import anything. */
export const ASSEMBLY = 'assembly';

/** Views over the whole assembled platform: the only platform folders that may import the assembly. */
export const VIEWS = ['people', 'world', 'inspector', 'transcripts', 'webhooks'];

/**
 * Feature -> the other features it builds on (besides the kernel): what it uses of them, as plugins
 * declare the plugins they need. Any other arrow between features is refused.
 */
export const FEATURE_DEPENDENCIES = {
  // The Stars ledger (payments/stars-ledger.ts) and paid invoices.
  business: ['payments'],
  'paid-media': ['payments'],
  'suggested-posts': ['payments'],
  giveaways: ['boosts', 'payments'],
  // A business account's connection and its rights (business/usable-connection.ts).
  checklists: ['business'],
  stories: ['business'],
  gifts: ['business', 'payments', 'stickers'],
  // Images drawn as PNG and stickers' views (stickers/).
  games: ['stickers'],
  // What an inline result sends (inline/inline-content.ts).
  guest: ['inline'],
  'web-apps': ['inline'],
};

/** The role of a platform folder: kernel, assembly, view or feature. */
export function roleOf(folder) {
  if (KERNEL.includes(folder)) return 'kernel';
  if (folder === ASSEMBLY) return 'assembly';
  if (VIEWS.includes(folder)) return 'view';
  return 'feature';
}

/** Why platform folder `from` may not import platform folder `to`, or undefined when it may. */
export function refusal(from, to) {
  if (from === to) return undefined;
  const fromRole = roleOf(from);
  const toRole = roleOf(to);
  if (fromRole === 'assembly' || fromRole === 'view') return undefined;
  if (toRole === 'assembly') return 'only the assembly and the views (people/, world/, ...) import assembly/';
  if (fromRole === 'kernel') {
    return toRole === 'kernel'
      ? undefined
      : 'the kernel imports no feature: declare an extension point in the kernel that the feature registers with';
  }
  if (toRole === 'kernel') return undefined;
  if (toRole === 'view') return 'a feature imports no view';
  return (FEATURE_DEPENDENCIES[from] ?? []).includes(to)
    ? undefined
    : 'a feature imports the kernel and the features it declares in eslint-rules/platform-kernel.js';
}

/** The platform folder of a path relative to src/ (`platform/chats/chats.ts` -> `chats`), if any. */
export function platformFolderOf(relative) {
  const parts = relative.split(/[\\/]/);
  return parts[0] === 'platform' && parts.length > 2 ? parts[1] : undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export const platformKernelRule = {
  meta: {
    type: 'problem',
    docs: { description: 'imports between the folders of src/platform/ point from features to the kernel' },
    schema: [],
    messages: {
      wrongWay: 'platform/{{from}}/ may not import platform/{{to}}/ ({{source}}): {{why}} (ADR 0111)',
    },
  },
  create(context) {
    const src = path.join(context.cwd, 'src');
    const file = context.filename;
    const from = platformFolderOf(path.relative(src, file));
    if (from === undefined) return {};

    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = platformFolderOf(path.relative(src, path.resolve(path.dirname(file), source)));
      if (to === undefined) return;
      const why = refusal(from, to);
      if (why) context.report({ node, messageId: 'wrongWay', data: { from, to, source, why } });
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
