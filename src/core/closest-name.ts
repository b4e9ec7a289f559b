/**
 * The known name closest to `given`, for "did you mean" hints; `undefined` when none is
 * close enough to be a likely slip (case differences, a swapped, missing or extra letter).
 */
export function closestName(given: string, known: readonly string[]): string | undefined {
  const lower = given.toLowerCase();
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const name of known) {
    const distance = editDistance(lower, name.toLowerCase());
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  // Two edits, or a third of the name for long names: `tiemout` -> `timeout`, not `fetch` -> `timeout`.
  return bestDistance <= Math.max(2, Math.ceil(given.length / 3)) ? best : undefined;
}

/** Optimal string alignment distance: Levenshtein plus adjacent transpositions (one edit each). */
function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number): number => rows[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i] as number[];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, at(i - 2, j - 2) + 1);
      row[j] = d;
    }
  }
  return at(a.length, b.length);
}
