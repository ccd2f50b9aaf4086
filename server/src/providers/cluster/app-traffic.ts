/**
 * Upper bounds (ms) of the latency buckets a stable URL's requests are counted in: 0.5 ms growing by a fifth
 * up to a minute, then one open bucket. Counts per bucket add up across samples and processes, so percentiles
 * over any range come from the summed buckets (within a fifth of the true value).
 */
export const LATENCY_BOUNDS_MS: readonly number[] = (() => {
  const bounds: number[] = [];
  for (let bound = 0.5; bound < 60_000; bound *= 1.2) bounds.push(Math.round(bound * 1000) / 1000);
  return bounds;
})();

/** Number of buckets: one per bound, plus the open one above the last. */
export const LATENCY_BUCKETS = LATENCY_BOUNDS_MS.length + 1;

export function latencyBucket(ms: number): number {
  let low = 0;
  let high = LATENCY_BOUNDS_MS.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (ms <= LATENCY_BOUNDS_MS[middle]) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * The latency under which `quantile` (0..1) of the counted requests answered, interpolated within its bucket;
 * null with no requests.
 */
export function latencyPercentile(buckets: readonly number[], quantile: number): number | null {
  const total = buckets.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(quantile * total));
  let seen = 0;
  for (let index = 0; index < buckets.length; index++) {
    const count = buckets[index];
    if (count === 0 || seen + count < rank) {
      seen += count;
      continue;
    }
    const low = index === 0 ? 0 : LATENCY_BOUNDS_MS[index - 1];
    const high = LATENCY_BOUNDS_MS[index] ?? low;
    return Math.round((low + ((high - low) * (rank - seen)) / count) * 100) / 100;
  }
  return LATENCY_BOUNDS_MS[LATENCY_BOUNDS_MS.length - 1];
}

/** Adds `more` into `into` bucket by bucket. */
export function addBuckets(into: number[], more: readonly number[]): number[] {
  for (let index = 0; index < more.length; index++) into[index] = (into[index] ?? 0) + more[index];
  return into;
}

/** What an app's proxy counts between two drains. */
export class TrafficRecorder {
  private requests = 0;
  private errors = 0;
  private buckets = new Array<number>(LATENCY_BUCKETS).fill(0);

  /** One answered (or failed) request: its status (502 when it could not be forwarded) and its duration. */
  record(status: number, ms: number): void {
    this.requests++;
    if (status >= 500) this.errors++;
    this.buckets[latencyBucket(ms)]++;
  }

  /** The counts since the previous drain, counting on. */
  snapshot(): { requests: number; errors: number; latencyBuckets: number[] } {
    return { requests: this.requests, errors: this.errors, latencyBuckets: [...this.buckets] };
  }

  /** The counts since the previous drain; starts counting anew. */
  drain(): { requests: number; errors: number; latencyBuckets: number[] } {
    const counts = { requests: this.requests, errors: this.errors, latencyBuckets: this.buckets };
    this.requests = 0;
    this.errors = 0;
    this.buckets = new Array<number>(LATENCY_BUCKETS).fill(0);
    return counts;
  }
}
