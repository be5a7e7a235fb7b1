/**
 * The chaos run's one source of randomness: a small seeded generator (mulberry32), so that a seed
 * printed by a run draws the same kill points, senders and downtimes again. Each trial gets its own
 * generator derived from the run's seed, its mode and its number, so `--mode webhook --seed S` draws
 * what the webhook trials of `--mode all --seed S` drew.
 */
export interface SeededRandom {
  /** An integer in [min, max). */
  int(min: number, max: number): number;
}

export function seededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  return { int: (min, max) => min + Math.floor(next() * (max - min)) };
}

/**
 * A trial's seed: the run's seed mixed with the mode's name and the trial's number (FNV-1a), then
 * avalanched (MurmurHash3's finalizer): seeds that differ in a few bits draw unrelated sequences.
 */
export function trialSeed(runSeed: number, mode: string, trial: number): number {
  let hash = 0x811c9dc5 ^ (runSeed >>> 0);
  for (const char of `${mode}#${trial}`) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}
