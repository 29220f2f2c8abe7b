import { LOWER_KEEP, LOWER_MAPPED, SIGMA_CLASS_OVERRIDES } from "./lower-tables.js";

/*
 * Python's str.lower() is String.prototype.toLowerCase() except where the two Unicode versions
 * disagree (Python 3.11: Unicode 14.0). Both apply the full lowercase mappings (U+0130 'İ' becomes
 * 'i' + U+0307) and the Final_Sigma rule, and nothing language-specific. The generated tables list
 * the code points where the results differ; text containing none of them takes the engine's fast path.
 */

const SIGMA = 0x3a3;

let lowerDiff: RegExp | undefined;
let classDiff: RegExp | undefined;
let mapped: Map<number, string> | undefined;
let classOverrides: Map<number, number> | undefined;
const classCache = new Map<number, number>();

const C_IGNORABLE = 0;
const C_CASED = 1;
const C_OTHER = 2;

function rangeClass(ranges: readonly (readonly [number, number, ...unknown[]])[]): RegExp {
  const parts = ranges.map(([a, b]) => `\\u{${a.toString(16)}}-\\u{${b.toString(16)}}`);
  return new RegExp(`[${parts.join("")}]`, "u");
}

function init(): void {
  const ranges: (readonly [number, number])[] = [...LOWER_KEEP, ...LOWER_MAPPED.map(([cp]) => [cp, cp] as const)];
  lowerDiff = ranges.length > 0 ? rangeClass(ranges) : /(?!)/;
  classDiff = SIGMA_CLASS_OVERRIDES.length > 0 ? rangeClass(SIGMA_CLASS_OVERRIDES) : /(?!)/;
  mapped = new Map(LOWER_MAPPED);
  for (const [a, b] of LOWER_KEEP) for (let cp = a; cp <= b; cp++) mapped.set(cp, String.fromCodePoint(cp));
  classOverrides = new Map();
  for (const [a, b, k] of SIGMA_CLASS_OVERRIDES) {
    for (let cp = a; cp <= b; cp++) classOverrides.set(cp, k === "S" ? C_IGNORABLE : k === "C" ? C_CASED : C_OTHER);
  }
}

/** The class Python gives a code point for the Final_Sigma rule. */
function sigmaClass(cp: number): number {
  const override = classOverrides!.get(cp);
  if (override !== undefined) return override;
  let k = classCache.get(cp);
  if (k === undefined) {
    // The engine's own answer, read off its lowercasing: after "AΣ", a case-ignorable character is
    // skipped (so "AΣx" + "B" keeps σ but "AΣx" ends in ς), a cased one keeps σ.
    const c = String.fromCodePoint(cp);
    const end = `A\u03a3${c}`.toLowerCase()[1];
    const mid = `A\u03a3${c}B`.toLowerCase()[1];
    k = end === "\u03c2" && mid === "\u03c3" ? C_IGNORABLE : end === "\u03c3" ? C_CASED : C_OTHER;
    classCache.set(cp, k);
  }
  return k;
}

/** Python's handle_capital_sigma: σ or ς for the capital sigma at `i` of `cps`. */
function sigmaAt(cps: number[], i: number): string {
  let j = i - 1;
  let k = C_OTHER;
  while (j >= 0 && (k = sigmaClass(cps[j]!)) === C_IGNORABLE) j--;
  let final = j >= 0 && k === C_CASED;
  if (final) {
    j = i + 1;
    while (j < cps.length && (k = sigmaClass(cps[j]!)) === C_IGNORABLE) j++;
    final = j === cps.length || k !== C_CASED;
  }
  return final ? "\u03c2" : "\u03c3";
}

/** Python's algorithm code point by code point (the path for text the fast path cannot take). */
export function slowLower(text: string): string {
  if (lowerDiff === undefined) init();
  const cps = Array.from(text, (c) => c.codePointAt(0)!);
  let out = "";
  for (let i = 0; i < cps.length; i++) {
    const cp = cps[i]!;
    if (cp === SIGMA) out += sigmaAt(cps, i);
    else out += mapped!.get(cp) ?? String.fromCodePoint(cp).toLowerCase();
  }
  return out;
}

/**
 * Python 3.11's `str.lower()`: full Unicode lowercase mappings with Python's Unicode 14.0 tables
 * (`"İ"` becomes `"i̇"`, `"ΟΔΟΣ"` becomes `"οδος"`), so the result does not depend on the
 * JavaScript engine's newer tables. Fast path: the engine's `toLowerCase()`, taken whenever the text
 * holds no code point on which the two disagree.
 */
export function pyLower(text: string): string {
  if (lowerDiff === undefined) init();
  if (!lowerDiff!.test(text) && !(text.includes("\u03a3") && classDiff!.test(text))) return text.toLowerCase();
  return slowLower(text);
}
