import type { Rule } from 'eslint';

export declare const MERGED: string[];
export declare const WHOLE_STORE: string[];
export declare function checked(relative: string): boolean;
export declare const storePortsRule: Rule.RuleModule;
