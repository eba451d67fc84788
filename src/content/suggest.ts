// "Did you mean" only when it helps: the one choice that begins with what was written, else the
// nearest choice, and only when it is close to what was written (at most a third of it changed,
// and at least one edit allowed). A far-off name is no
// suggestion at all: the list of allowed values says more. Distance counts a swap of two
// neighbouring letters as one edit ("alpah" is one typo away from "alpha"), as people make them.

/** The choice nearest to `typed`, when it is close enough to be a likely typo; else undefined. */
export function nearest(typed: string, choices: Iterable<string>): string | undefined {
  if (typed.length === 0) return undefined;
  // A unique choice that begins with what was typed is what was meant (`archon` for `archon-skirmish`).
  if (typed.length >= 3) {
    const starts = [...new Set(choices)].filter((c) => c !== typed && c.startsWith(typed));
    if (starts.length === 1) return starts[0];
  }
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const choice of new Set(choices)) {
    if (choice === typed) continue;
    const d = editDistance(typed, choice);
    if (d < bestDistance || (d === bestDistance && best !== undefined && choice < best)) {
      best = choice;
      bestDistance = d;
    }
  }
  if (best === undefined) return undefined;
  return bestDistance <= Math.max(1, Math.floor(Math.max(typed.length, best.length) / 3)) ? best : undefined;
}

/** `Did you mean "x"?` for a close choice, else undefined. */
export function didYouMean(typed: string, choices: Iterable<string>): string | undefined {
  const near = nearest(typed, choices);
  return near === undefined ? undefined : `Did you mean "${near}"?`;
}

/** `Did you mean "x"? ` (with a space, to start a hint) for a close choice, else ''. */
export function didYouMeanText(typed: string, choices: Iterable<string>): string {
  const near = didYouMean(typed, choices);
  return near ? `${near} ` : '';
}

/** Edits (insert, delete, replace, or swap two neighbours) from `a` to `b`: optimal string alignment. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[(i - 1) * cols + j]! + 1, d[i * cols + j - 1]! + 1, d[(i - 1) * cols + j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[(i - 2) * cols + j - 2]! + 1);
      d[i * cols + j] = v;
    }
  }
  return d[rows * cols - 1]!;
}
