/**
 * For the tests of the project's own lint rules (eslint-rules/): what one rule says of a snippet of
 * code placed at a path of the tree, and the source files of a folder the rules read.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import parley from '../../eslint-rules/layers.js';

export const root = path.resolve(import.meta.dirname, '../..');

/** The messages of the rule `parley/<rule>` (with its options, if any) on `code` at `file`. */
export async function ruleErrors(
  rule: string,
  file: string,
  code: string,
  options?: unknown,
): Promise<string[]> {
  const setting: Linter.RuleEntry = options === undefined ? 'error' : ['error', options];
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { parley },
        rules: { [`parley/${rule}`]: setting },
      },
    ],
  });
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((message) => message.message);
}

/** The TypeScript sources below `dir`, tests and contracts aside. */
export function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (entry.name.endsWith('.ts') && !/\.(test|contract)\.ts$/.test(entry.name)) out.push(full);
  }
  return out;
}
