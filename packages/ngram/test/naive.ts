// Plain reference implementations written from the rules, used to check the fast ones.

/** Injective string key of a token sequence. */
export const keyOf = (tokens: readonly string[]): string => JSON.stringify(tokens);

/** Counter of n-grams of one order, keyed by keyOf (like Python's Counter of tuples). */
export function naiveNgrams(tokens: readonly string[], n: number): Map<string, number> {
  const out = new Map<string, number>();
  for (let i = 0; i + n <= tokens.length; i++) {
    const k = keyOf(tokens.slice(i, i + n));
    out.set(k, (out.get(k) ?? 0) + 1);
  }
  return out;
}

/** Σ_g min(a_g, b_g). */
export function naiveOverlap(a: Map<string, number>, b: Map<string, number>): number {
  let s = 0;
  for (const [k, c] of a) s += Math.min(c, b.get(k) ?? 0);
  return s;
}

/** Per n-gram max over several counters. */
export function naiveMax(maps: Map<string, number>[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of maps) for (const [k, c] of m) out.set(k, Math.max(out.get(k) ?? 0, c));
  return out;
}

/** rouge-score's _lcs_table: rows = a, columns = b. */
export function lcsTable<T>(a: readonly T[], b: readonly T[]): number[][] {
  const t: number[][] = [];
  for (let i = 0; i <= a.length; i++) t.push(new Array<number>(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      t[i]![j] = a[i - 1] === b[j - 1] ? t[i - 1]![j - 1]! + 1 : Math.max(t[i - 1]![j]!, t[i]![j - 1]!);
    }
  }
  return t;
}

/** rouge-score's _backtrack_norec: indices into a. */
export function naiveLcsIndices<T>(a: readonly T[], b: readonly T[]): number[] {
  const t = lcsTable(a, b);
  let i = a.length;
  let j = b.length;
  const out: number[] = [];
  while (i > 0 && j > 0) {
    if (a[i - 1] === b[j - 1]) {
      out.unshift(i - 1);
      i--;
      j--;
    } else if (t[i]![j - 1]! > t[i - 1]![j]!) {
      j--;
    } else {
      i--;
    }
  }
  return out;
}

/** rouge-score's _union_lcs as indices (sorted set union). */
export function naiveUnionLcs<T>(ref: readonly T[], cands: readonly (readonly T[])[]): number[] {
  const set = new Set<number>();
  for (const c of cands) for (const i of naiveLcsIndices(ref, c)) set.add(i);
  return [...set].sort((x, y) => x - y);
}

/**
 * ROUGE-1.5.5 wlcs_inner + markLCS, transcribed cell by cell with full 2-D tables of c, b and l.
 * Returns [c[m][n], marked model positions].
 */
export function naiveWlcs<T>(
  model: readonly T[],
  peer: readonly T[],
  w: number,
  pow: (x: number, y: number) => number,
  hitMask: number[] = new Array<number>(model.length).fill(0),
): [number, number[]] {
  const m = model.length;
  const n = peer.length;
  if (m === 0) return [0, []];
  const c: number[][] = [];
  const b: string[][] = [];
  const l: number[][] = [];
  for (let i = 0; i <= m; i++) {
    c.push(new Array<number>(n + 1).fill(0));
    b.push(new Array<string>(n + 1).fill("0"));
    l.push(new Array<number>(n + 1).fill(0));
  }
  for (let i = 1; i <= m; i++) {
    for (let j = 1; j <= n; j++) {
      if (model[i - 1] === peer[j - 1]) {
        const k = l[i - 1]![j - 1]!;
        c[i]![j] = c[i - 1]![j - 1]! + pow(k + 1, w) - pow(k, w);
        b[i]![j] = "\\";
        l[i]![j] = k + 1;
      } else if (c[i - 1]![j]! >= c[i]![j - 1]!) {
        c[i]![j] = c[i - 1]![j]!;
        b[i]![j] = "^";
        l[i]![j] = 0;
      } else {
        c[i]![j] = c[i]![j - 1]!;
        b[i]![j] = "<";
        l[i]![j] = 0;
      }
    }
  }
  let i = m;
  let j = n;
  while (i !== 0 && j !== 0) {
    if (b[i]![j] === "\\") {
      i--;
      j--;
      hitMask[i] = 1;
    } else if (b[i]![j] === "^") i--;
    else j--;
  }
  const marks: number[] = [];
  hitMask.forEach((v, k) => {
    if (v === 1) marks.push(k);
  });
  return [c[m]![n]!, marks];
}

/** ROUGE-1.5.5 createSkipBigram over a token list: [gram counts keyed by keyOf, _cn_]. */
export function naiveSkipBigrams(
  tokens: readonly string[],
  skipDistance: number,
  unigrams: boolean,
): [Map<string, number>, number] {
  const g = new Map<string, number>();
  let count = 0;
  const last = tokens.length - 1; // $#m_tokens
  for (let i = 0; i < last; i++) {
    if (unigrams) {
      const k = keyOf([tokens[i]!]);
      g.set(k, (g.get(k) ?? 0) + 1);
      count++;
    }
    for (let j = i + 1; j <= last && (skipDistance < 0 || j <= i + skipDistance + 1); j++) {
      const k = keyOf([tokens[i]!, tokens[j]!]);
      g.set(k, (g.get(k) ?? 0) + 1);
      count++;
    }
  }
  return [g, count];
}
