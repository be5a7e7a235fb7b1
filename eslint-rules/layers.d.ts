import type { ESLint, Rule } from 'eslint';

export declare const LAYERS: Record<string, string[]>;
export declare function layerOf(relative: string): string | undefined;
export declare function mayImport(layers: Record<string, string[]>, from: string, to: string): boolean;
export declare const layersRule: Rule.RuleModule;
declare const plugin: ESLint.Plugin;
export default plugin;
