/**
 * The Bot API's methods as Parley declares them (ADR 0070): the generated table (methods.ts) with the
 * hand-written corrections of overrides.ts applied, and the old names the reference server still
 * answers. The single list of methods: routing's 501 list, flood control's sends and the webhook
 * reply's rule read it, and tests hold the method handlers and docs/bot-api.md to it.
 */
import { GENERATED_METHODS, type DeclaredMethodName } from './methods.js';
import { OVERRIDES, type Overrides } from './overrides.js';
import type { MethodDeclaration, ParamDeclaration } from './method-declaration.js';

/** Old names the reference server still answers (reference §6.1), and the method each is. */
export const LEGACY_ALIASES = {
  kickChatMember: 'banChatMember',
  getChatMembersCount: 'getChatMemberCount',
  setStickerSetThumb: 'setStickerSetThumbnail',
} as const satisfies Record<string, DeclaredMethodName>;

export type LegacyAlias = keyof typeof LEGACY_ALIASES;

/** The generated declarations with `overrides` applied. */
export function withOverrides(
  generated: { readonly [name in DeclaredMethodName]: MethodDeclaration },
  overrides: Overrides,
): { readonly [name in DeclaredMethodName]: MethodDeclaration } {
  const entries = Object.entries(generated).map(([name, method]): [string, MethodDeclaration] => {
    const corrections = overrides[name as DeclaredMethodName];
    if (!corrections) return [name, method];
    const params = method.params.map((param): ParamDeclaration => {
      const override = corrections[param.name];
      if (!override) return param;
      const corrected: Record<string, unknown> = { ...param, ...override.set };
      for (const key of override.drop ?? []) delete corrected[key];
      return corrected as unknown as ParamDeclaration;
    });
    return [name, { ...method, params }];
  });
  return Object.fromEntries(entries) as { readonly [name in DeclaredMethodName]: MethodDeclaration };
}

/** Every method of the Bot API, by its documented name. */
export const METHOD_DECLARATIONS = withOverrides(GENERATED_METHODS, OVERRIDES);

/** The documented names, in the documentation's order. */
export const DECLARED_METHOD_NAMES = Object.keys(METHOD_DECLARATIONS) as readonly DeclaredMethodName[];
