/**
 * What the Python normalizers ask of Unicode, answered from tables generated from Python 3.11's
 * `unicodedata` (Unicode 14.0) and the `regex` module (Unicode 15.0) rather than from the JavaScript
 * engine, whose Unicode version differs (Node 20: 17.0): general categories, the `re` module's `\w`
 * and `\d`, NFKC/NFKD as Python computes them, and `regex`'s `\X` (extended grapheme clusters).
 */
import { PYTHON_WHITESPACE_CLASS } from "@gramscore/core";

import { CHAR_CLASSES, GCB_VALUES, GRAPHEME_CLASSES } from "./unicode-tables.js";

/**
 * `re.sub(r"\\s+", " ", text)` of Python: every run of Python whitespace becomes one space. Runs that
 * already are one space are left alone (the pattern skips them), which saves building most of the
 * replacements.
 */
export function collapseWhitespace(text: string): string {
  return text.replace(COLLAPSE, " ");
}

const COLLAPSE = new RegExp(`[${PYTHON_WHITESPACE_CLASS}]{2,}|[${PYTHON_WHITESPACE_CLASS.replace(" ", "")}]`, "g");

/** Code points are classed by a table decoded on first use: direct below U+10000, runs above. */
interface Table {
  readonly bmp: Uint8Array;
  readonly starts: Uint32Array;
  readonly values: Uint8Array;
}

function decode(encoded: string): Table {
  const starts: number[] = [];
  const values: number[] = [];
  const bmp = new Uint8Array(0x10000);
  let cp = 0;
  let length = 0;
  for (let i = 0; i < encoded.length; i++) {
    const c = encoded.charCodeAt(i);
    if (c >= 65 && c <= 90) {
      const value = c - 65;
      starts.push(cp);
      values.push(value);
      const end = cp + length;
      if (cp < 0x10000) bmp.fill(value, cp, Math.min(end, 0x10000));
      cp = end;
      length = 0;
    } else {
      length = length * 36 + (c <= 57 ? c - 48 : c - 87);
    }
  }
  return { bmp, starts: Uint32Array.from(starts), values: Uint8Array.from(values) };
}

function lookup(table: Table, cp: number): number {
  if (cp < 0x10000) return table.bmp[cp]!;
  const { starts, values } = table;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (starts[mid]! <= cp) lo = mid;
    else hi = mid - 1;
  }
  return values[lo]!;
}

let chars: Table | undefined;
let graphemes: Table | undefined;

/** Kinds of code point for the symbol removers (`unicodedata.category` of Python 3.11). */
export const KIND_UNASSIGNED = 0;
/** Category Mn (a diacritic the diacritic remover drops). */
export const KIND_MN = 1;
/** Another M category, or S or P (replaced by a space). */
export const KIND_MARK_SYMBOL_PUNCT = 2;
/** Anything else (kept). */
export const KIND_OTHER = 3;

/** The class of a code point: `kind * 4 + word * 2 + decimal` (see the generated table). */
export function charClass(cp: number): number {
  chars ??= decode(CHAR_CLASSES);
  return lookup(chars, cp);
}

/** The kind of a code point (`KIND_*`). */
export function kindOf(cp: number): number {
  return charClass(cp) >> 2;
}

/** The value of a decimal digit (`str.isdecimal()`): digits come in runs 0 to 9, so it is the offset in its run modulo 10. */
export function digitValue(cp: number): number {
  if (cp >= 48 && cp <= 57) return cp - 48;
  chars ??= decode(CHAR_CLASSES);
  let start = cp;
  while (start > 0 && (lookup(chars, start - 1) & 1) === 1) start--;
  return (cp - start) % 10;
}

function rangesWhere(test: (value: number) => boolean): string {
  chars ??= decode(CHAR_CLASSES);
  const { starts, values } = chars;
  const parts: string[] = [];
  for (let i = 0; i < starts.length; i++) {
    if (!test(values[i]!)) continue;
    const a = starts[i]!;
    let j = i;
    while (j + 1 < starts.length && test(values[j + 1]!)) j++;
    const b = (j + 1 < starts.length ? starts[j + 1]! : 0x110000) - 1;
    parts.push(a === b ? `\\u{${a.toString(16)}}` : `\\u{${a.toString(16)}}-\\u{${b.toString(16)}}`);
    i = j;
  }
  return parts.join("");
}

let wordClass: string | undefined;
let digitClass: string | undefined;

/** The body of a character class (for a `u` regex) matching Python's `\w` (`str.isalnum()` or `_`). */
export function pyWordClass(): string {
  return (wordClass ??= rangesWhere((v) => (v & 2) === 2));
}

/** The body of a character class (for a `u` regex) matching Python's `\d` (`str.isdecimal()`). */
export function pyDigitClass(): string {
  return (digitClass ??= rangesWhere((v) => (v & 1) === 1));
}

/**
 * Translates the few Python `re` escapes the normalizers use into a `u` regex source: `\\w` (Python's
 * word characters: `str.isalnum()` or `_`), `\\d` (Python's decimal digits), `\\s` (Python's whitespace)
 * and `\\b` (a word boundary over Python's `\\w`). A `\\b` that opens the pattern before a letter, or
 * closes it after one, becomes the one-sided test it is there, with the letter first, so that the
 * engine looks for the letter before it tests the (large) class: `\\bwon't\\b` is
 * `w(?<!\\ww)on't(?!\\w)`. With `ascii`, the classes are what they hold within ASCII (`[0-9A-Za-z_]`,
 * `[0-9]`, the ASCII whitespace): the same matches on text whose only characters outside ASCII are
 * neither word characters, digits nor whitespace.
 */
export function pyRegex(source: string, flags = "gu", ascii = false): RegExp {
  let s = source;
  const lead = /^\\b([a-z0-9])/.exec(s);
  if (lead !== null) s = `${lead[1]!}(?<!\\w${lead[1]!})${s.slice(3)}`;
  if (/[a-z0-9)]\\b$/.test(s)) s = `${s.slice(0, -2)}(?!\\w)`;
  const w = ascii ? "0-9A-Za-z_" : pyWordClass();
  const translated = s.replace(/\\([bdsw])/g, (_, c: string) => {
    if (c === "w") return `[${w}]`;
    if (c === "d") return ascii ? "[0-9]" : `[${pyDigitClass()}]`;
    if (c === "s") return ascii ? "[\\t\\n\\v\\f\\r\\x1c-\\x1f ]" : `[${PYTHON_WHITESPACE_CLASS}]`;
    return `(?:(?<=[${w}])(?![${w}])|(?<![${w}])(?=[${w}]))`;
  });
  return new RegExp(translated, flags);
}

/**
 * `unicodedata.normalize(form, text)` of Python 3.11 (Unicode 14.0). The engine's normalization agrees
 * with it on every code point assigned in Unicode 14.0 (Unicode's normalization stability policy); a code
 * point assigned later is, for Python, a starter without decomposition that nothing composes across, so
 * the text is normalized piece by piece between such code points, which stay as they are.
 */
export function pyNormalize(text: string, form: "NFKC" | "NFKD"): string {
  let out = "";
  let start = 0;
  let i = 0;
  while (i < text.length) {
    const cp = text.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    // Surrogates are category Cs, not Cn; lone ones pass through normalize unchanged either way.
    if (cp >= 0x80 && charClass(cp) >> 2 === KIND_UNASSIGNED && !(cp >= 0xd800 && cp <= 0xdfff)) {
      out += text.slice(start, i).normalize(form) + text.slice(i, i + width);
      start = i + width;
    }
    i += width;
  }
  return start === 0 ? text.normalize(form) : out + text.slice(start).normalize(form);
}

const GCB = Object.fromEntries(GCB_VALUES.map((name, i) => [name, i])) as Record<(typeof GCB_VALUES)[number], number>;
const EXT_PICT = 16;

/**
 * The extended grapheme clusters of `text` as the `regex` module's `\X` finds them (Unicode 15.0's
 * rules GB1 to GB999 of UAX #29, with its Grapheme_Cluster_Break and Extended_Pictographic values; no
 * GB9c, which came in Unicode 15.1).
 */
export function graphemeClusters(text: string): string[] {
  graphemes ??= decode(GRAPHEME_CLASSES);
  const table = graphemes;
  const out: string[] = [];
  let start = 0;
  let prev = -1;
  let riCount = 0; // regional indicators in a row ending at prev
  let pictState = 0; // 1: ExtPict Extend*; 2: ExtPict Extend* ZWJ
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    const value = lookup(table, cp);
    const cls = value & 15;
    const pict = (value & EXT_PICT) !== 0;
    if (prev >= 0 && breaksBetween(prev, cls, pict, riCount, pictState)) {
      out.push(text.slice(start, i));
      start = i;
    }
    riCount = cls === GCB.Regional_Indicator ? riCount + 1 : 0;
    if (pict) pictState = 1;
    else if (pictState === 1 && cls === GCB.Extend) pictState = 1;
    else if (pictState === 1 && cls === GCB.ZWJ) pictState = 2;
    else pictState = 0;
    prev = cls;
    i += width;
  }
  if (start < text.length) out.push(text.slice(start));
  return out;
}

function breaksBetween(a: number, b: number, bPict: boolean, riCount: number, pictState: number): boolean {
  if (a === GCB.CR && b === GCB.LF) return false; // GB3
  if (a === GCB.Control || a === GCB.CR || a === GCB.LF) return true; // GB4
  if (b === GCB.Control || b === GCB.CR || b === GCB.LF) return true; // GB5
  if (a === GCB.L && (b === GCB.L || b === GCB.V || b === GCB.LV || b === GCB.LVT)) return false; // GB6
  if ((a === GCB.LV || a === GCB.V) && (b === GCB.V || b === GCB.T)) return false; // GB7
  if ((a === GCB.LVT || a === GCB.T) && b === GCB.T) return false; // GB8
  if (b === GCB.Extend || b === GCB.ZWJ) return false; // GB9
  if (b === GCB.SpacingMark) return false; // GB9a
  if (a === GCB.Prepend) return false; // GB9b
  if (pictState === 2 && a === GCB.ZWJ && bPict) return false; // GB11
  if (a === GCB.Regional_Indicator && b === GCB.Regional_Indicator) return riCount % 2 === 0; // GB12, GB13
  return true; // GB999
}
