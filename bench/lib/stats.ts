/** Small helpers shared by the benches: medians and interleaved rounds. */

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Fisher-Yates, so no variant always runs first in a round (warm caches favour the later ones). */
export function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Runs every variant once per round, in a fresh random order each round, and returns each
 * variant's per-round durations in ms. Ratios taken round by round cancel the machine's drift.
 */
export async function interleave(
  variants: Record<string, () => Promise<void>>,
  rounds: number,
  clock: 'wall' | 'cpu' = 'wall',
): Promise<Record<string, number[]>> {
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
  const now = clock === 'wall' ? () => performance.now() : cpuMs;
  for (let round = 0; round < rounds; round++) {
    for (const name of shuffled(Object.keys(variants))) {
      const started = now();
      await variants[name]!();
      times[name]!.push(now() - started);
    }
  }
  return times;
}

/**
 * This process's CPU time (user + system) in ms. On a shared, loaded machine it is far steadier
 * than wall time, and with the server in another process it is exactly the client's own cost.
 */
export function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Median of the per-round ratios a/b. */
export function medianRatio(a: number[], b: number[]): number {
  return median(a.map((value, i) => value / b[i]!));
}
