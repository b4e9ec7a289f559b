/** The largest number of instants (ms) inside any window of `windowMs`: what a rate limit counts. */
export function busiestWindow(times: readonly number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while ((sorted[i] as number) - (sorted[j] as number) >= windowMs) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}
