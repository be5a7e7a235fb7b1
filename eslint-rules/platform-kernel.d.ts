import type { Rule } from 'eslint';

export declare const KERNEL: string[];
export declare const ASSEMBLY: string;
export declare const VIEWS: string[];
export declare const FEATURE_DEPENDENCIES: Record<string, string[]>;
export declare function roleOf(folder: string): 'kernel' | 'assembly' | 'view' | 'feature';
export declare function refusal(from: string, to: string): string | undefined;
export declare function platformFolderOf(relative: string): string | undefined;
export declare const platformKernelRule: Rule.RuleModule;
