/**
 * Functions of src/platform/ name the storage ports they use (issue 30, ADR 0111 addendum): a store
 * parameter is typed with the small ports of src/storage/ports/ (`UsersReader & MessagesWriter`,
 * `GatewayTx` of platform/core/store-ports.ts), not with the merged `StoreTx`/`StoreReader` of
 * src/storage/store.ts, so that each says which parts of storage it touches. This rule refuses an
 * import of `StoreTx` or `StoreReader` in a file of src/platform/ (the assembly, which builds the
 * platform on the whole store, excepted) unless the file is in WHOLE_STORE. The list may only
 * shrink: test/store-ports.test.ts fails when a listed file no longer imports them, so that its entry
 * is removed.
 */
import path from 'node:path';

/** The merged types this rule refuses. */
export const MERGED = ['StoreTx', 'StoreReader'];

/**
 * Files (relative to src/) that still import the merged types, each with its reason: the write
 * runners whose fn may do anything a write does (it is handed the whole transaction), and the
 * callbacks a kernel function runs inside its own write for its caller, who writes its own rows there.
 */
export const WHOLE_STORE = [
  // sendOnBehalf's withMessage: the sending feature's own rows, in the message's write.
  'platform/business/business-relay.ts',
  // commit, the write runner of chats' changes: fn gets the whole transaction.
  'platform/chats/group-context.ts',
  // act, the write runner of member changes: fn gets the whole transaction.
  'platform/chats/member-changes.ts',
  // MessageRelay.sendOnBehalf's withMessage: the sending feature's own rows, in the message's write.
  'platform/messages/message-relay.ts',
  // deliverFromUser's and sendFromBot's withMessage: polls', invoices', passport's, inline rows, ...
  'platform/messages/messages.ts',
  // createBot's withBot: a feature's rows (managed bots), in the new bot's write.
  'platform/users/users.ts',
];

/** Whether `relative` (to src/) is a file this rule checks. */
export function checked(relative) {
  const parts = relative.split(/[\\/]/);
  return (
    parts[0] === 'platform' &&
    parts.length > 2 &&
    parts[1] !== 'assembly' &&
    !WHOLE_STORE.includes(parts.join('/'))
  );
}

/** @type {import('eslint').Rule.RuleModule} */
export const storePortsRule = {
  meta: {
    type: 'problem',
    docs: {
      description: 'functions of src/platform/ take the storage ports they use, not StoreTx/StoreReader',
    },
    schema: [],
    messages: {
      merged:
        '{{name}}: type the store parameter with the ports of src/storage/ports/ it uses (e.g. UsersReader & MessagesWriter), not the merged {{name}} (ADR 0111)',
    },
  },
  create(context) {
    const src = path.join(context.cwd, 'src');
    const file = context.filename;
    if (!checked(path.relative(src, file))) return {};
    const isStore = (source) =>
      typeof source === 'string' &&
      source.startsWith('.') &&
      path
        .relative(src, path.resolve(path.dirname(file), source))
        .split(path.sep)
        .join('/') === 'storage/store.js';

    return {
      ImportDeclaration(node) {
        if (!isStore(node.source.value)) return;
        for (const spec of node.specifiers) {
          const name =
            spec.type === 'ImportSpecifier' ? (spec.imported.name ?? spec.imported.value) : undefined;
          if (MERGED.includes(name)) context.report({ node: spec, messageId: 'merged', data: { name } });
        }
      },
      TSImportType(node) {
        const source = (node.source ?? node.argument)?.literal?.value ?? node.source?.value;
        const name = node.qualifier?.name;
        if (isStore(source) && MERGED.includes(name))
          context.report({ node, messageId: 'merged', data: { name } });
      },
    };
  },
};
