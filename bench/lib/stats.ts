/** Latency samples and their summary: percentiles by rank over all samples (no histogram buckets). */

export class Samples {
  #values = new Float64Array(1 << 16);
  #count = 0;

  add(ms: number): void {
    if (this.#count === this.#values.length) {
      const grown = new Float64Array(this.#values.length * 2);
      grown.set(this.#values);
      this.#values = grown;
    }
    this.#values[this.#count++] = ms;
  }

  get count(): number {
    return this.#count;
  }

  summary(): LatencySummary {
    const sorted = this.#values.slice(0, this.#count).sort();
    return summarise(sorted);
  }
}

export interface LatencySummary {
  samples: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

/** The value at quantile q of ascending `sorted` (nearest rank). */
export function quantile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1]!;
}

function summarise(sorted: Float64Array): LatencySummary {
  let total = 0;
  for (const value of sorted) total += value;
  return {
    samples: sorted.length,
    p50: quantile(sorted, 0.5),
    p90: quantile(sorted, 0.9),
    p99: quantile(sorted, 0.99),
    max: sorted.length > 0 ? sorted[sorted.length - 1]! : Number.NaN,
    mean: sorted.length > 0 ? total / sorted.length : Number.NaN,
  };
}

/** Rounds for reports: 3 significant digits, at most 3 decimals. */
export function round(value: number | undefined): number | undefined {
  if (value === undefined || !Number.isFinite(value)) return undefined;
  if (value === 0) return 0;
  const digits = Math.max(0, Math.min(3, 2 - Math.floor(Math.log10(Math.abs(value)))));
  return Number(value.toFixed(digits));
}
