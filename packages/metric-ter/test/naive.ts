/**
 * A plain, slow statement of sacrebleu 2.6.0's TER rules on string tokens: no prefix reuse, a fresh
 * matrix for every candidate, explicit lists. The kernel must give the same edits on any input.
 */
const INF = Number.MAX_SAFE_INTEGER;

type Cell = { cost: number; op: "nop" | "sub" | "del" | "ins" | "undef" };

function beamDistance(hyp: readonly string[], ref: readonly string[]): { cost: number; trace: Cell["op"][] } {
  const n = hyp.length;
  const m = ref.length;
  const rows: Cell[][] = [];
  rows.push(Array.from({ length: m + 1 }, (_, j) => ({ cost: j, op: "ins" as const })));
  const ratio = n > 0 ? m / n : 1;
  const beam = 25 < ratio / 2 ? Math.ceil(ratio / 2 + 25) : 25;
  for (let i = 1; i <= n; i++) {
    const row: Cell[] = Array.from({ length: m + 1 }, () => ({ cost: INF, op: "undef" as const }));
    const diag = Math.floor(i * ratio);
    const lo = Math.max(0, diag - beam);
    const hi = i === n ? m + 1 : Math.min(m + 1, diag + beam);
    for (let j = lo; j < hi; j++) {
      if (j === 0) {
        row[0] = { cost: rows[i - 1]![0]!.cost + 1, op: "del" };
        continue;
      }
      const same = hyp[i - 1] === ref[j - 1];
      const options: Cell[] = [
        { cost: rows[i - 1]![j - 1]!.cost + (same ? 0 : 1), op: same ? "nop" : "sub" },
        { cost: rows[i - 1]![j]!.cost + 1, op: "del" },
        { cost: row[j - 1]!.cost + 1, op: "ins" },
      ];
      for (const o of options) if (row[j]!.cost > o.cost) row[j] = o;
    }
    rows.push(row);
  }
  const trace: Cell["op"][] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const op = rows[i]![j]!.op;
    trace.unshift(op);
    if (op === "nop" || op === "sub") {
      i--;
      j--;
    } else if (op === "ins") j--;
    else if (op === "del") i--;
    else throw new Error("undefined cell");
  }
  return { cost: rows[n]![m]!.cost, trace };
}

function shifted(words: readonly string[], start: number, length: number, target: number): string[] {
  const block = words.slice(start, start + length);
  if (target < start) return [...words.slice(0, target), ...block, ...words.slice(target, start), ...words.slice(start + length)];
  if (target > start + length) return [...words.slice(0, start), ...words.slice(start + length, target), ...block, ...words.slice(target)];
  return [...words.slice(0, start), ...words.slice(start + length, length + target), ...block, ...words.slice(length + target)];
}

/** How many pairs stopped at the 1000-candidate budget (read by tests to know the limit was reached). */
export const budgetStops = { count: 0 };

/** sacrebleu's `translation_edit_rate(hyp, ref)[0]`. */
export function naiveEdits(hyp: readonly string[], ref: readonly string[]): number {
  if (ref.length === 0) return hyp.length;
  let words = [...hyp];
  let shifts = 0;
  let checked = 0;
  for (;;) {
    const { cost: pre, trace } = beamDistance(words, ref);
    // Alignment of the flipped trace.
    const align = new Map<number, number>();
    const hypErr: number[] = [];
    const refErr: number[] = [];
    let ph = -1;
    let pr = -1;
    for (const op of trace) {
      if (op === "nop" || op === "sub") {
        ph++;
        pr++;
        align.set(pr, ph);
        hypErr.push(op === "sub" ? 1 : 0);
        refErr.push(op === "sub" ? 1 : 0);
      } else if (op === "del") {
        ph++;
        hypErr.push(1);
      } else {
        pr++;
        align.set(pr, ph);
        refErr.push(1);
      }
    }
    let best: [number, number, number, number, string[]] | undefined;
    const sum = (a: number[], from: number, to: number): number => a.slice(from, to).reduce((x, y) => x + y, 0);
    const better = (a: [number, number, number, number], b: [number, number, number, number]): boolean => {
      for (let k = 0; k < 4; k++) if (a[k] !== b[k]) return a[k]! > b[k]!;
      return false;
    };
    const pairs: [number, number, number][] = [];
    for (let sh = 0; sh < words.length; sh++) {
      for (let sr = 0; sr < ref.length; sr++) {
        if (Math.abs(sr - sh) > 50) continue;
        let len = 0;
        while (words[sh + len] === ref[sr + len] && len < 10) {
          len++;
          pairs.push([sh, sr, len]);
          if (words.length === sh + len || ref.length === sr + len) break;
        }
      }
    }
    for (const [sh, sr, len] of pairs) {
      if (sum(hypErr, sh, sh + len) === 0) continue;
      if (sum(refErr, sr, sr + len) === 0) continue;
      const a = align.get(sr)!;
      if (sh <= a && a < sh + len) continue;
      let prev = -1;
      for (let off = -1; off < len; off++) {
        let idx: number;
        if (sr + off === -1) idx = 0;
        else if (align.has(sr + off)) idx = align.get(sr + off)! + 1;
        else break;
        if (idx === prev) continue;
        prev = idx;
        const cand = shifted(words, sh, len, idx);
        const key: [number, number, number, number] = [pre - beamDistance(cand, ref).cost, len, -sh, -idx];
        checked++;
        if (best === undefined || better(key, [best[0], best[1], best[2], best[3]])) best = [...key, cand];
      }
      if (checked >= 1000) break;
    }
    if (checked >= 1000) {
      budgetStops.count++;
      break;
    }
    if (best === undefined || best[0] <= 0) break;
    shifts++;
    words = best[4];
  }
  return shifts + beamDistance(words, ref).cost;
}
