/**
 * Calls `expire` after `ms` milliseconds, unless the returned function is called first (it clears
 * the timer). No timer at all for a deadline a timer cannot hold: `Infinity`, or anything beyond
 * 2^31 - 1 ms, which `setTimeout` would fire at once.
 */
export function startDeadline(ms: number, expire: () => void): () => void {
  if (!(ms <= 2_147_483_647)) return () => undefined;
  const timer = setTimeout(expire, ms);
  return () => clearTimeout(timer);
}
