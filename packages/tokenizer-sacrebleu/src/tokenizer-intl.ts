import { isPythonWhitespace } from "@gramscore/core";
import { checkString, rejectText } from "./classes.js";
import { INTL_RUNS } from "./intl-tables.js";
import { createTokenSpans, pushSpan, resetSpans, spansToTokens } from "./spans.js";
import type { TokenSpans } from "./spans.js";

const I_OTHER = 0;
const I_P = 1;
const I_S = 2;
const I_N = 3;
const I_WS = 4;
const I_SURROGATE = 5;
const I_NONE = 6;

/** Classes of the BMP (index: code unit) and the astral runs (sorted, inclusive). */
interface IntlTables {
  bmp: Uint8Array;
  astralStart: Int32Array;
  astralEnd: Int32Array;
  astralClass: Uint8Array;
}

let tables: IntlTables | undefined;

function decodeRuns(): { start: number; end: number; cls: number }[] {
  const runs: { start: number; end: number; cls: number }[] = [];
  let prevEnd = -1;
  for (const entry of INTL_RUNS.split(",")) {
    const m = /^([0-9a-z]+)([psn])([0-9a-z]+)$/.exec(entry)!;
    const start = prevEnd + 1 + parseInt(m[1]!, 36);
    const end = start + parseInt(m[3]!, 36);
    runs.push({ start, end, cls: m[2] === "p" ? I_P : m[2] === "s" ? I_S : I_N });
    prevEnd = end;
  }
  return runs;
}

function getTables(): IntlTables {
  if (tables) return tables;
  const bmp = new Uint8Array(0x10000);
  const astral: { start: number; end: number; cls: number }[] = [];
  for (const run of decodeRuns()) {
    for (let cp = run.start; cp <= Math.min(run.end, 0xffff); cp++) bmp[cp] = run.cls;
    if (run.end > 0xffff) astral.push({ start: Math.max(run.start, 0x10000), end: run.end, cls: run.cls });
  }
  for (let u = 0; u < 0x10000; u++) {
    if (isPythonWhitespace(u)) bmp[u] = I_WS;
    else if (u >= 0xd800 && u <= 0xdfff) bmp[u] = I_SURROGATE;
  }
  tables = {
    bmp,
    astralStart: Int32Array.from(astral, (r) => r.start),
    astralEnd: Int32Array.from(astral, (r) => r.end),
    astralClass: Uint8Array.from(astral, (r) => r.cls),
  };
  return tables;
}

function astralClass(tb: IntlTables, cp: number): number {
  let lo = 0;
  let hi = tb.astralStart.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < tb.astralStart[mid]!) hi = mid - 1;
    else if (cp > tb.astralEnd[mid]!) lo = mid + 1;
    else return tb.astralClass[mid]!;
  }
  return I_OTHER;
}

/**
 * `\p{P}` / `\p{S}` / `\p{N}` membership of a code point as sacrebleu's `intl` tokenizer saw it (the
 * Python `regex` module 2022.10.31, Unicode 15.0), independent of the JavaScript engine's own Unicode
 * tables: `"P"`, `"S"`, `"N"` or `null`.
 */
export function intlCategory(codePoint: number): "P" | "S" | "N" | null {
  const tb = getTables();
  let cls: number;
  if (codePoint >= 0x10000) cls = astralClass(tb, codePoint);
  else {
    cls = tb.bmp[codePoint]!;
    if (cls === I_WS || cls === I_SURROGATE) cls = I_OTHER;
  }
  return cls === I_P ? "P" : cls === I_S ? "S" : cls === I_N ? "N" : null;
}

/** Class of the code point starting at `i` (`t` is known to hold a well-formed pair there when astral). */
function classAt(tb: IntlTables, t: string, i: number): number {
  const u = t.charCodeAt(i);
  const c = tb.bmp[u]!;
  if (c !== I_SURROGATE) return c;
  const lo = t.charCodeAt(i + 1);
  if (u > 0xdbff || !(lo >= 0xdc00 && lo <= 0xdfff)) return I_OTHER; // reported when the scan reaches it
  return astralClass(tb, ((u - 0xd800) << 10) + (lo - 0xdc00) + 0x10000);
}

/**
 * Scans `text` into `spans` (reset first) with the intl rules, in one pass. sacrebleu's rules (`tokenizer_intl.py`):
 *
 * 1. `(\P{N})(\p{P})` → `\1 \2 `
 * 2. `(\p{P})(\P{N})` → ` \1 \2`
 * 3. `(\p{S})` → ` \1 `
 * 4. `' '.join(line.split())`
 *
 * As for 13a's `.`/`,` (see mteval.ts), the rules reduce to: a punctuation character at j is split
 * off both sides when MA(j) or when a character follows it that is not a number, where
 * `MA(j) = j > 0 && t[j-1] is not N && !(t[j-1] is P && MA(j-1))`; a symbol is always split off. There
 * is no padding, so a final `2023.` stays whole.
 */
export function scanIntl(text: string, spans: TokenSpans): TokenSpans {
  checkString(text, "intl");
  resetSpans(spans, text);
  const tb = getTables();
  const bmp = tb.bmp;
  const n = text.length;
  let start = -1;
  let prev = I_NONE;
  let prevMA = false;
  let breakNext = false;
  for (let i = 0; i < n; i++) {
    const u = text.charCodeAt(i);
    let cls = bmp[u]!;
    let width = 1;
    if (cls === I_SURROGATE) {
      const lo = i + 1 < n ? text.charCodeAt(i + 1) : 0;
      if (u > 0xdbff || lo < 0xdc00 || lo > 0xdfff) rejectText(text, "intl");
      cls = astralClass(tb, ((u - 0xd800) << 10) + (lo - 0xdc00) + 0x10000);
      width = 2;
    }
    if (cls === I_WS) {
      if (start >= 0) {
        pushSpan(spans, start, i);
        start = -1;
      }
      prev = I_WS;
      prevMA = false;
      breakNext = false;
      continue;
    }
    let brk = breakNext;
    breakNext = false;
    let ma = false;
    if (cls === I_P) {
      ma = prev !== I_NONE && prev !== I_N && !(prev === I_P && prevMA);
      if (ma || (i + width < n && classAt(tb, text, i + width) !== I_N)) brk = breakNext = true;
    } else if (cls === I_S) {
      brk = breakNext = true;
    }
    if (start < 0) start = i;
    else if (brk) {
      pushSpan(spans, start, i);
      start = i;
    }
    prev = cls;
    prevMA = ma;
    i += width - 1;
  }
  if (start >= 0) pushSpan(spans, start, n);
  return spans;
}

/**
 * The tokens of sacrebleu 2.6.0's `intl` tokenizer (mteval-v14 international tokenization: split off
 * Unicode punctuation unless between numbers, and every symbol).
 * @throws GramscoreError `INVALID_TYPE` for a non-string, `LONE_SURROGATE` for an unpaired surrogate.
 */
export function tokenizeIntl(text: string): string[] {
  return spansToTokens(scanIntl(text, (scratch ??= createTokenSpans())));
}

let scratch: TokenSpans | undefined;

/** The string sacrebleu 2.6.0's `TokenizerV14International()(text)` returns. @throws GramscoreError as {@link tokenizeIntl}. */
export function normalizeIntl(text: string): string {
  return tokenizeIntl(text).join(" ");
}
