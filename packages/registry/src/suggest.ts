/**
 * Edit distance with adjacent transpositions (optimal string alignment: `blue` is one edit from
 * `bleu`), stopping early once every entry of a row exceeds `max`.
 */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, before[j - 2]! + 1);
      cur.push(v);
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    before = prev;
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * The known names close to `name`: equal ignoring case, or within a small edit distance (1 for
 * short names, 2 from 5 characters on; swapping two adjacent letters is one edit), closest first.
 */
export function suggestNames(name: string, known: Iterable<string>): string[] {
  const lower = name.toLowerCase();
  const max = name.length >= 5 ? 2 : 1;
  const scored: [string, number][] = [];
  for (const k of known) {
    const d = k.toLowerCase() === lower ? 0 : distance(lower, k.toLowerCase(), max);
    if (d <= max) scored.push([k, d]);
  }
  scored.sort((x, y) => x[1] - y[1] || x[0].localeCompare(y[0]));
  return scored.map(([k]) => k);
}
