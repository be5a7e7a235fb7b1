/**
 * The package.json a project that depends on Parley receives (scripts/pack.js writes it into the
 * tarball): the checkout's own, without what only a checkout uses. npm lists every dependency that
 * has a `prepare` (or any install) script in its "install scripts not yet covered by allowScripts"
 * warning, though a tarball's `prepare` never runs, so the tarball carries no scripts at all; nor the
 * development dependencies, `overrides` and `allowScripts`, which npm reads only in the root project.
 */
const CHECKOUT_ONLY = ['scripts', 'devDependencies', 'overrides', 'allowScripts'];

/** @param {Record<string, unknown>} manifest the checkout's package.json */
export function dependentManifest(manifest) {
  const copy = { ...manifest };
  for (const key of CHECKOUT_ONLY) delete copy[key];
  return copy;
}
