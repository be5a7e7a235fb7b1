/** Types of dependent-manifest.js for the tests that import it. */
export declare function dependentManifest(manifest: Record<string, unknown>): Record<string, unknown>;
