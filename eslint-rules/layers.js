/**
 * The layers of src/ and which way imports may point (docs/architecture.md). An import from one top
 * folder of src/ into another must be listed here; anything else is a wrong-way arrow and fails
 * `npm run lint`. Only src/ is checked: tests and benchmarks may reach into any layer.
 *
 * A layer is a top folder of src/, or `storage/<adapter>` for a storage adapter (which implements the
 * ports of storage/ and storage/ports/, and is known by name only to the composition root).
 */
import path from 'node:path';
import { platformKernelRule } from './platform-kernel.js';
import { storePortsRule } from './store-ports.js';

/** Layer -> the layers it may import (besides itself). `server` is the composition root. */
export const LAYERS = {
  server: ['*'],
  // The CLI is a client of the control API (testkit/, and the control API's schema in wire/); only
  // `parley start` runs the server.
  cli: ['testkit', 'config', 'server', 'wire'],
  // Surfaces: parse, authenticate, call the domain, map to their wire. They never import each other.
  'bot-api': ['platform', 'storage', 'http', 'config', 'wire'],
  gateway: ['platform', 'storage', 'http', 'config'],
  // The control API reads its requests by its schema (wire/control-schema/, ADR 0042), which the test
  // kit's types come from too; the schema sits in wire/ so that neither imports the other's layer.
  control: ['platform', 'storage', 'http', 'config', 'wire'],
  // The web client's person API and the page's files (ADR 0055): a surface like the others.
  web: ['platform', 'storage', 'http', 'config'],
  // Durable background jobs: the domain and the ports, never a surface.
  delivery: ['platform', 'storage', 'config'],
  // The domain: rules, text formatting, wire shapes; the storage ports, not an adapter.
  platform: ['storage', 'config', 'wire'],
  storage: ['config'],
  // The statement texts both adapters run (ADR 0109): texts only, importing nothing.
  'storage/sql': [],
  'storage/sqlite': ['storage', 'storage/sql', 'config'],
  'storage/postgres': ['storage', 'storage/sql', 'config'],
  // Plain node:http helpers shared by the surfaces.
  http: [],
  config: [],
  testkit: ['wire'],
  // The wire contracts: the Bot API's types, generated from the Bot API (ADR 0068, ADR 0085), which
  // the Bot API's method table types its results with and the test kit its answers; and the control
  // API's schema and result types (ADR 0042). They import nothing of src/.
  wire: [],
};

/**
 * Single imports allowed beyond the table, each for a reason recorded in an ADR: from one file to one
 * file, and only as `import()` when `lazy`, so that the importing file's static graph stays its layer's.
 */
export const EXCEPTIONS = [
  // The test kit's createParley() starts a server in-process on demand (ADR 0057); a client of a
  // running server, and the CLI, never load it.
  { from: 'testkit/parley.ts', to: 'server/in-process.ts', lazy: true },
];

/** Whether `EXCEPTIONS` allows this import (paths relative to src/, `.js` as written in the source). */
export function isException(fromRelative, toRelative, dynamic) {
  const from = fromRelative.split(path.sep).join('/');
  const to = toRelative.split(path.sep).join('/').replace(/\.js$/, '.ts');
  return EXCEPTIONS.some((e) => e.from === from && e.to === to && (dynamic || !e.lazy));
}

/** The layer of a path relative to src/ (`platform/messages/messages.ts` -> `platform`). */
export function layerOf(relative) {
  const parts = relative.split(/[\\/]/);
  if (parts.length === 1) return undefined;
  if (parts[0] === 'storage' && parts.length > 2 && parts[1] !== 'ports') return `storage/${parts[1]}`;
  return parts[0];
}

/** Whether code of layer `from` may import code of layer `to`, by `layers`. */
export function mayImport(layers, from, to) {
  if (from === to) return true;
  const allowed = layers[from];
  if (allowed === undefined) return false;
  return allowed.includes('*') || allowed.includes(to);
}

/** @type {import('eslint').Rule.RuleModule} */
export const layersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'imports between the layers of src/ point one way (docs/architecture.md)' },
    schema: [{ type: 'object' }],
    messages: {
      wrongWay:
        "{{from}}/ may not import {{to}}/ ('{{source}}'): imports point down the layers of docs/architecture.md",
      unknown: "'{{layer}}' is not a layer of docs/architecture.md: add it to eslint-rules/layers.js",
    },
  },
  create(context) {
    const layers = context.options[0] ?? LAYERS;
    const src = path.join(context.cwd, 'src');
    const file = context.filename;
    const fromRelative = path.relative(src, file);
    if (fromRelative.startsWith('..') || path.isAbsolute(fromRelative)) return {};
    const from = layerOf(fromRelative);
    if (from === undefined) return {};

    function check(node, source, dynamic = false) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const toRelative = path.relative(src, path.resolve(path.dirname(file), source));
      if (toRelative.startsWith('..')) return;
      const to = layerOf(toRelative);
      if (to === undefined) return;
      if (isException(fromRelative, toRelative, dynamic)) return;
      if (layers[from] === undefined) {
        context.report({ node, messageId: 'unknown', data: { layer: from } });
      } else if (!mayImport(layers, from, to)) {
        context.report({ node, messageId: 'wrongWay', data: { from, to, source } });
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) =>
        node.source.type === 'Literal' && check(node.source, node.source.value, true),
    };
  },
};

// platform-kernel: the folders of src/platform/, features to the kernel (platform-kernel.js, ADR 0111).
// store-ports: src/platform/ takes the storage ports it uses, not StoreTx/StoreReader (store-ports.js).
export default {
  rules: { layers: layersRule, 'platform-kernel': platformKernelRule, 'store-ports': storePortsRule },
};
