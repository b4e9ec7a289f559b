// How much more a call costs on a large input than on a small one: the check that work grows
// linearly, as a ratio, so that it holds on a loaded machine and under a mutation run's
// instrumentation, which slow both sizes alike, where a time bound would not.

// The time one call of `run` on `input` takes, in ms: calls repeated for at least 40 ms.
function timePerCall(run: (input: string) => unknown, input: string): number {
  let calls = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < 40) {
    run(input);
    calls++;
    elapsed = performance.now() - start;
  }
  return elapsed / calls;
}

/**
 * `run`'s cost on `large` over its cost on `small`: the best of five rounds each, the two sizes
 * taking turns, so a pause of a loaded machine weighs on both sizes alike and little on either.
 */
export function costRatio(run: (input: string) => unknown, small: string, large: string): number {
  let bestSmall = Number.POSITIVE_INFINITY;
  let bestLarge = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 5; round++) {
    bestSmall = Math.min(bestSmall, timePerCall(run, small));
    bestLarge = Math.min(bestLarge, timePerCall(run, large));
  }
  return bestLarge / bestSmall;
}
