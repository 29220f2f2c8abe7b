/**
 * EED, the extended edit distance (Stanchev, Wang and Ney, 2019): a character-level CDER alignment
 * with jumps at blanks and a coverage penalty. Two reference codes exist and disagree on every line:
 * rwth-i6's Python `eed_python` (ported by torchmetrics), which counts the coverage of all positions
 * in double precision, and rwth-i6's C++ `EED.cpp` (what its scorer runs), which skips the first
 * position, computes in float32 and truncates the running minimum of the argmin search to an integer.
 */
import { pyRstrip, PYTHON_WHITESPACE_CLASS } from "@gramscore/core";
import { codePointArray } from "./character.js";

/** EED's cost parameters. */
export interface EedCosts {
  /** Jump penalty (default 2). */
  readonly alpha: number;
  /** Coverage cost (default 0.3). */
  readonly rho: number;
  /** Deletion cost (default 0.2). */
  readonly deletion: number;
  /** Insertion (and substitution) cost (default 1). */
  readonly insertion: number;
}

const WS_RUN = new RegExp(`[${PYTHON_WHITESPACE_CLASS}]+`, "g");
const NUMBER = /(\p{Nd}) ([.,]) (\p{Nd})/gu;
const TITLE = /(Dr|Jr|Prof|Rev|Gen|Mr|Mt|Mrs|Ms) [^\n]/gu;

/**
 * The English preprocessing of rwth-i6's `util.preprocess_en` and torchmetrics' `_preprocess_en`:
 * strip the end, a blank before `. ! ? ,`, whitespace runs to one blank, `0 . 1` back to `0.1`,
 * `Mr .` to `Mr.` (the pattern's last character is any character, as in the references) and three
 * abbreviations. `ieAsEg`: rwth-i6's util.py turns `i . e .` into `e.g.`; torchmetrics into `i.e.`.
 * The blanks EED adds at both ends are not added here.
 */
export function preprocessEn(sentence: string, ieAsEg = false): string {
  let s = pyRstrip(sentence);
  s = s.replaceAll(".", " .").replaceAll("!", " !").replaceAll("?", " ?").replaceAll(",", " ,");
  s = s.replace(WS_RUN, " ");
  s = s.replace(NUMBER, "$1$2$3");
  s = s.replace(TITLE, "$1.");
  s = s.replaceAll("e . g .", "e.g.");
  s = s.replaceAll("i . e .", ieAsEg ? "e.g." : "i.e.");
  s = s.replaceAll("U . S .", "U.S.");
  return s;
}

/** The Japanese preprocessing of torchmetrics' `_preprocess_ja`: strip the end, NFKC. */
export function preprocessJa(sentence: string): string {
  return pyRstrip(sentence).normalize("NFKC");
}

let bufA = new Float64Array(64);
let bufB = new Float64Array(64);
let visits = new Int32Array(64);

function grow(n: number): void {
  if (bufA.length > n) return;
  const size = 2 * n + 2;
  bufA = new Float64Array(size);
  bufB = new Float64Array(size);
  visits = new Int32Array(size);
}

/**
 * EED as rwth-i6's `eed_python` and torchmetrics' `_eed_function` compute it, in double precision,
 * on code points (the blanks at both ends included). Returns `min(1, ...)`.
 */
export function eedPython(hyp: Int32Array, ref: Int32Array, c: EedCosts): number {
  const n = hyp.length;
  grow(n);
  let row = bufA;
  let next = bufB;
  const lj = visits;
  for (let i = 0; i <= n; i++) {
    row[i] = 1.0;
    lj[i] = -1;
  }
  row[0] = 0.0;
  const { alpha, rho, deletion, insertion } = c;
  for (let w = 1; w <= ref.length; w++) {
    const r = ref[w - 1]!;
    // One pass: the cell to the left, the diagonal and the cell above are carried in locals.
    let left = row[0]! + 1.0;
    next[0] = left;
    let min = left;
    let minInd = 0;
    let diag = row[0]!;
    for (let i = 1; i <= n; i++) {
      const up = row[i]!;
      let v = left + deletion;
      const b = diag + (hyp[i - 1] === r ? 0 : 1);
      if (b < v) v = b;
      const d = up + insertion;
      if (d < v) v = d;
      next[i] = v;
      if (v < min) {
        min = v;
        minInd = i;
      }
      left = v;
      diag = up;
    }
    lj[minInd]!++;
    if (r === 32) {
      const jump = alpha + next[minInd]!;
      for (let i = 0; i <= n; i++) if (jump < next[i]!) next[i] = jump;
    }
    const t = row;
    row = next;
    next = t;
  }
  let visited = 0;
  for (let i = 0; i <= n; i++) visited += lj[i]! >= 0 ? lj[i]! : 1;
  const coverage = rho * visited;
  return Math.min(1, (row[n]! + coverage) / (ref.length + coverage));
}

/**
 * EED as rwth-i6's C++ `EED.cpp` computes it (float32 arithmetic; the argmin compares with the
 * running minimum truncated to an integer; the coverage skips position 0), then `min(1.0, ...)` as
 * its Python wrapper does. Costs are rounded to float32 as the wrapper passes them.
 */
export function eedCpp(hyp: Int32Array, ref: Int32Array, c: EedCosts): number {
  const n = hyp.length;
  grow(n);
  // Every value stored is rounded to float first, so double arrays hold the C++'s floats exactly
  // (and spare a conversion on every load and store).
  let row = bufA;
  let next = bufB;
  const lj = visits;
  for (let i = 0; i <= n; i++) {
    row[i] = 1;
    lj[i] = -1;
  }
  row[0] = 0;
  const f = Math.fround;
  const alpha = f(c.alpha);
  const rho = f(c.rho);
  const deletion = f(c.deletion);
  const insertion = f(c.insertion);
  for (let w = 1; w <= ref.length; w++) {
    const r = ref[w - 1]!;
    // nextRow[0] = row[0] + 1.0 in double, stored as float.
    let left = f(row[0]! + 1.0);
    next[0] = left;
    // The C++ keeps the running minimum in an int: truncated.
    let minimum = Math.trunc(left);
    let minInd = 0;
    let diag = row[0]!;
    for (let i = 1; i <= n; i++) {
      const up = row[i]!;
      // The three float sums are exact in double; rounding to float is monotonic, so the float
      // minimum of the three rounded sums is the rounded minimum of the exact ones: one fround.
      let v = left + deletion;
      const b = diag + (hyp[i - 1] === r ? 0 : 1);
      if (b < v) v = b;
      const d = up + insertion;
      if (d < v) v = d;
      v = f(v);
      next[i] = v;
      // The C++ searches the finished row afterwards; the row is final here, so the same search.
      if (v < minimum) {
        minInd = i;
        minimum = Math.trunc(v);
      }
      left = v;
      diag = up;
    }
    lj[minInd]!++;
    if (r === 32) {
      const jump = f(alpha + next[minInd]!);
      for (let i = 0; i <= n; i++) if (next[i]! > jump) next[i] = jump;
    }
    const t = row;
    row = next;
    next = t;
  }
  let coverage = 0;
  for (let i = 1; i <= n; i++) coverage += lj[i]! < 0 ? 1 : lj[i]!;
  coverage = f(coverage);
  const errors = row[n]!;
  const rc = f(rho * coverage);
  const result = f(f(errors + rc) / f(ref.length + rc));
  return Math.min(1.0, result);
}

/** A sentence as EED compares it: the preprocessed text with a blank at both ends (English). */
export function eedChars(sentence: string, language: "en" | "ja", ieAsEg: boolean): Int32Array {
  if (language === "ja") return codePointArray(preprocessJa(sentence));
  return codePointArray(" " + preprocessEn(sentence, ieAsEg) + " ");
}
