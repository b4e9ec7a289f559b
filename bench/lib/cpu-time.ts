// CPU time rather than wall time for the micro-benches: on a shared machine, wall time mostly
// measures the other tenants.

/** CPU milliseconds used by this process so far (all threads, so Web Crypto's pool too). */
export function cpuNow(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Operations per CPU-second of `fn`, called in batches of `batch`, over about `ms` CPU milliseconds. */
export function opsPerSecond(fn: () => unknown, ms: number, batch = 200): number {
  let ops = 0;
  const start = cpuNow();
  let elapsed = 0;
  while (elapsed < ms) {
    for (let i = 0; i < batch; i++) fn();
    ops += batch;
    elapsed = cpuNow() - start;
  }
  return (ops * 1000) / elapsed;
}

/** The middle value (the upper one of an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
