// Plain reference implementations written from the rules (rouge-score 0.1.2 and ROUGE-1.5.5.pl), on
// token strings with Maps and full DP tables, to check the fast engine against.
import { formatFixed } from "@gramscore/core";
import { pow } from "@gramscore/ngram";

export interface Triple {
  precision: number;
  recall: number;
  fmeasure: number;
}

const key = (t: readonly string[]) => JSON.stringify(t);

export function ngramCounter(tokens: readonly string[], n: number): Map<string, number> {
  const m = new Map<string, number>();
  for (let i = 0; i + n <= tokens.length; i++) {
    const k = key(tokens.slice(i, i + n));
    m.set(k, (m.get(k) ?? 0) + 1);
  }
  return m;
}

function overlap(a: Map<string, number>, b: Map<string, number>): number {
  let s = 0;
  for (const [k, c] of a) s += Math.min(c, b.get(k) ?? 0);
  return s;
}

function total(m: Map<string, number>): number {
  let s = 0;
  for (const c of m.values()) s += c;
  return s;
}

export const fmeasure = (p: number, r: number) => (p + r > 0 ? (2 * p * r) / (p + r) : 0);

/** rouge-score `_score_ngrams`. */
export function rsNgrams(target: readonly string[], prediction: readonly string[], n: number): Triple {
  const t = ngramCounter(target, n);
  const p = ngramCounter(prediction, n);
  const hit = overlap(t, p);
  const precision = hit / Math.max(total(p), 1);
  const recall = hit / Math.max(total(t), 1);
  return { precision, recall, fmeasure: fmeasure(precision, recall) };
}

function table(a: readonly string[], b: readonly string[]): number[][] {
  const t = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) t[i]![j] = a[i - 1] === b[j - 1] ? t[i - 1]![j - 1]! + 1 : Math.max(t[i - 1]![j]!, t[i]![j - 1]!);
  }
  return t;
}

/** rouge-score `_score_lcs`. */
export function rsLcs(target: readonly string[], prediction: readonly string[]): Triple {
  if (target.length === 0 || prediction.length === 0) return { precision: 0, recall: 0, fmeasure: 0 };
  const l = table(target, prediction)[target.length]![prediction.length]!;
  const precision = l / prediction.length;
  const recall = l / target.length;
  return { precision, recall, fmeasure: fmeasure(precision, recall) };
}

/** rouge-score `lcs_ind` (`_backtrack_norec`): indices into `ref`. */
export function lcsInd(ref: readonly string[], can: readonly string[]): number[] {
  const t = table(ref, can);
  let i = ref.length;
  let j = can.length;
  const out: number[] = [];
  while (i > 0 && j > 0) {
    if (ref[i - 1] === can[j - 1]) {
      out.unshift(i - 1);
      i--;
      j--;
    } else if (t[i]![j - 1]! > t[i - 1]![j]!) j--;
    else i--;
  }
  return out;
}

function counter(sents: readonly (readonly string[])[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const s of sents) for (const t of s) m.set(t, (m.get(t) ?? 0) + 1);
  return m;
}

/** Union-LCS hits with unigram clipping (rouge-score `_summary_level_lcs`, ROUGE-1.5.5 `lcs`). */
export function unionHits(refSents: readonly (readonly string[])[], canSents: readonly (readonly string[])[]): number {
  const cr = counter(refSents);
  const cc = counter(canSents);
  let hits = 0;
  for (const r of refSents) {
    const union = new Set<number>();
    for (const c of canSents) for (const i of lcsInd(r, c)) union.add(i);
    for (const i of [...union].sort((a, b) => a - b)) {
      const t = r[i]!;
      if ((cc.get(t) ?? 0) > 0 && (cr.get(t) ?? 0) > 0) {
        hits++;
        cc.set(t, cc.get(t)! - 1);
        cr.set(t, cr.get(t)! - 1);
      }
    }
  }
  return hits;
}

/** rouge-score `_summary_level_lcs`. */
export function rsLsum(refSents: readonly (readonly string[])[], canSents: readonly (readonly string[])[]): Triple {
  const m = refSents.reduce((a, s) => a + s.length, 0);
  const n = canSents.reduce((a, s) => a + s.length, 0);
  if (refSents.length === 0 || canSents.length === 0 || m === 0 || n === 0) return { precision: 0, recall: 0, fmeasure: 0 };
  const hits = unionHits(refSents, canSents);
  const recall = hits / m;
  const precision = hits / n;
  return { precision, recall, fmeasure: fmeasure(precision, recall) };
}

/** rouge-score `score_multi`: per type the first reference with the largest F. */
export function bestF(triples: readonly Triple[]): Triple {
  let best = 0;
  for (let i = 1; i < triples.length; i++) if (triples[i]!.fmeasure > triples[best]!.fmeasure) best = i;
  return triples[best]!;
}

const r5 = (x: number) => Number(formatFixed(x, 5));

/** ROUGE-1.5.5's R, P, F from hits and counts (F from the rounded R and P), α = 0.5. */
export function perlRPF(hit: number, model: number, peer: number, inverse?: (x: number) => number): { R: number; P: number; F: number } {
  const f = inverse ?? ((x: number) => x);
  const R = model !== 0 ? r5(f(hit / model)) : 0;
  const P = peer !== 0 ? r5(f(hit / peer)) : 0;
  const F = 0.5 * P + 0.5 * R > 0 ? r5((P * R) / (0.5 * P + 0.5 * R)) : 0;
  return { R, P, F };
}

/** ROUGE-1.5.5 `createSkipBigram` counts (`_cn_` = the sum of the counts). */
export function skipCounter(tokens: readonly string[], skip: number, unigrams: boolean): Map<string, number> {
  const m = new Map<string, number>();
  const add = (k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  for (let i = 0; i < tokens.length - 1; i++) {
    if (unigrams) add(key([tokens[i]!]));
    for (let j = i + 1; j < tokens.length && (skip < 0 || j <= i + skip + 1); j++) add(key([tokens[i]!, tokens[j]!]));
  }
  return m;
}

/** ROUGE-1.5.5 `wlcs_inner` + `markLCS`: marked model positions. */
function wlcsMarks(model: readonly string[], peer: readonly string[], w: number, mask: number[]): void {
  const m = model.length;
  const n = peer.length;
  if (m === 0) return;
  const c = Array.from({ length: m + 1 }, () => new Array<number>(n + 1).fill(0));
  const l = Array.from({ length: m + 1 }, () => new Array<number>(n + 1).fill(0));
  const b = Array.from({ length: m + 1 }, () => new Array<string>(n + 1).fill(""));
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
      } else {
        c[i]![j] = c[i]![j - 1]!;
        b[i]![j] = "<";
      }
    }
  }
  let i = m;
  let j = n;
  while (i !== 0 && j !== 0) {
    if (b[i]![j] === "\\") {
      i--;
      j--;
      mask[i] = 1;
    } else if (b[i]![j] === "^") i--;
    else j--;
  }
}

/** ROUGE-1.5.5 `wlcs`: weighted hits and base of one model against the peer. */
export function wlcs(modelSents: readonly (readonly string[])[], peerSents: readonly (readonly string[])[], w: number): { hit: number; base: number } {
  const mc = counter(modelSents);
  const pc = counter(peerSents);
  let hit = 0;
  let base = 0;
  for (const s of modelSents) {
    const mask = new Array<number>(s.length).fill(0);
    base += pow(s.length, w);
    for (const p of peerSents) wlcsMarks(s, p, w, mask);
    let run = 0;
    for (let j = 0; j < s.length; j++) {
      if (mask[j] !== 1) continue;
      const t = s[j]!;
      if ((mc.get(t) ?? 0) > 0 && (pc.get(t) ?? 0) > 0) {
        run++;
        if ((j + 1 < s.length && mask[j + 1] === 0) || j + 1 === s.length) {
          hit += pow(run, w);
          run = 0;
        }
        mc.set(t, mc.get(t)! - 1);
        pc.set(t, pc.get(t)! - 1);
      }
    }
  }
  return { hit, base };
}

export { overlap as naiveOverlap, total as naiveTotal };
