/** Types of build-if-stale.js for the tests that import it. */
export declare const BUILD_INPUTS: string[];
export declare const STAMP: string;
export declare function buildIsStale(root: string): boolean;
