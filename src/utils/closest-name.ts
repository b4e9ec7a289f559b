/**
 * The optimal-string-alignment (restricted Damerau-Levenshtein) distance: insertions, deletions,
 * substitutions and swaps of two neighbours each cost 1, so `emial` is 1 away from `email`.
 */
function editDistance(a: string, b: string): number {
  const cols = b.length + 1;
  // Row after row, cell (i, j) holds the distance between the first i characters of `a` and the
  // first j of `b`; the last cell is the answer.
  const d: number[] = [];
  const at = (i: number, j: number): number => d[i * cols + j] as number;
  for (let i = 0; i <= a.length; i++) {
    for (let j = 0; j < cols; j++) {
      if (i === 0 || j === 0) {
        d.push(i + j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      // A swap of neighbours. In the first row or column, the character before the start is
      // undefined and equals none, so no swap is counted there.
      if (a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      d.push(best);
    }
  }
  return d.at(-1) as number;
}

/**
 * The known name (a field, an option) a misspelling most likely meant: the nearest one, if its
 * edits are no more than a third of the name, and at least one is allowed (`emial` → `email`,
 * `maxRetry` → `maxRetries`, but `zzz` suggests nothing). Case is ignored when measuring:
 * `baseURL` means `baseUrl`.
 */
export function closestName(name: string, known: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of known) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  const limit = Math.max(1, Math.ceil(name.length / 3));
  return bestDistance <= limit ? best : undefined;
}
