import { DASH, DIGIT, DOT_COMMA, NONE, OTHER, SPLIT, SURROGATE, WS, rejectText } from "./classes.js";
import { growSpans } from "./spans.js";
import type { TokenSpans } from "./spans.js";

/**
 * One pass over `t[from, to)` that yields exactly the tokens of sacrebleu's regexp post-tokenizer
 * (`tokenizer_re.py`), which 13a and zh run after their own preprocessing:
 *
 * 1. `([\{-\~\[-\` -\&\(-\+\:-\@\/])` → ` \1 `
 * 2. `([^0-9])([\.,])` → `\1 \2 `
 * 3. `([\.,])([^0-9])` → ` \1 \2`
 * 4. `([0-9])(-)` → `\1 \2 `
 * 5. `' '.join(line.split())`
 *
 * The rules only insert spaces, so the result is fixed by which gaps between characters receive one.
 * Worked out on the regex semantics (left to right, non-overlapping, each rule on the previous rule's
 * output):
 *
 * - rule 1 breaks both sides of its punctuation (class PUNCT); zh / cjk do the same for their
 *   characters (class SPLIT), which they surround with spaces before the rules run;
 * - rule 2 matches a `.`/`,` at j (call it M2(j)) when a character precedes it, that character is not a
 *   digit, and it was not itself consumed as the `.`/`,` of the previous rule-2 match:
 *   `M2(j) = j has a predecessor && t[j-1] is not a digit && !(t[j-1] is '.'/',' && M2(j-1))`.
 *   (Spaces inserted by rule 1, or by zh / cjk, sit only next to PUNCT or SPLIT characters, which
 *   are neither digits nor `.`/`,`, so they change none of these tests.) A match breaks both sides of the `.`/`,`;
 * - rule 3 then breaks both sides of a `.`/`,` that a character follows in rule 2's output which is
 *   not a digit: that is, when M2(j) (rule 2 put a space after it), or when t[j+1] exists and is not a
 *   digit. Its consumed second character never blocks a later match: two adjacent `.`/`,` always have
 *   a rule-2 space between them;
 * - rule 4 breaks both sides of a `-` right after a digit (no earlier rule puts a space between a
 *   digit and `-`, and a consumed `-` or digit cannot start another match);
 * - whitespace ends tokens.
 *
 * `padded` models 13a's `f" {line} "`: a virtual space before `from` and after `to`. Without it (zh,
 * cjk), the first character has no predecessor and the last no successor.
 *
 * Token boundaries are appended to `spans` (offsets into `t`). `table` classifies UTF-16 code units
 * (see classes.ts); `astralSplit` says which astral code points are SPLIT (null: none). `text` and
 * `name` are for the error raised on an unpaired surrogate.
 */
export function scanMteval(
  t: string,
  from: number,
  to: number,
  padded: boolean,
  table: Uint8Array,
  astralSplit: ((cp: number) => boolean) | null,
  spans: TokenSpans,
  text: string,
  name: string,
): void {
  let start = -1; // start of the current token, -1 between tokens
  let prev = padded ? WS : NONE; // class of the previous character
  let prevM2 = false; // M2 of the previous character (when it is '.' or ',')
  let breakNext = false; // the gap after the current character breaks
  let n = spans.count;
  let starts = spans.starts;
  let ends = spans.ends;
  for (let i = from; i < to; i++) {
    let cls = table[t.charCodeAt(i)]!;
    let width = 1;
    if (cls === SURROGATE) {
      const hi = t.charCodeAt(i);
      const lo = i + 1 < to ? t.charCodeAt(i + 1) : 0;
      if (hi > 0xdbff || lo < 0xdc00 || lo > 0xdfff) rejectText(text, name);
      cls = astralSplit !== null && astralSplit(((hi - 0xd800) << 10) + (lo - 0xdc00) + 0x10000) ? SPLIT : OTHER;
      width = 2;
    }
    if (cls === OTHER || cls === DIGIT) {
      // A run of letters and digits: only its first gap can break, and only its last class matters.
      if (start < 0) start = i;
      else if (breakNext) {
        if (n === starts.length) {
          growSpans(spans);
          starts = spans.starts;
          ends = spans.ends;
        }
        starts[n] = start;
        ends[n++] = i;
        start = i;
      }
      breakNext = false;
      let j = i + width;
      while (j < to) {
        const k = table[t.charCodeAt(j)]!;
        if (k !== OTHER && k !== DIGIT) break;
        cls = k;
        j++;
      }
      prev = cls;
      prevM2 = false;
      i = j - 1;
      continue;
    }
    if (cls === WS) {
      if (start >= 0) {
        if (n === starts.length) {
          growSpans(spans);
          starts = spans.starts;
          ends = spans.ends;
        }
        starts[n] = start;
        ends[n++] = i;
        start = -1;
      }
      prev = WS;
      prevM2 = false;
      breakNext = false;
      continue;
    }
    let brk = breakNext;
    breakNext = false;
    let m2 = false;
    if (cls >= DOT_COMMA) {
      if (cls === DOT_COMMA) {
        m2 = prev !== DIGIT && prev !== NONE && !(prev === DOT_COMMA && prevM2);
        if (m2) {
          brk = breakNext = true;
        } else {
          let nextNonDigit = padded;
          if (i + 1 < to) {
            const c = t.charCodeAt(i + 1);
            nextNonDigit = c < 0x30 || c > 0x39;
          }
          if (nextNonDigit) brk = breakNext = true;
        }
      } else if (cls === DASH) {
        if (prev === DIGIT) brk = breakNext = true;
      } else {
        // PUNCT or SPLIT
        brk = breakNext = true;
      }
    }
    if (start < 0) start = i;
    else if (brk) {
      if (n === starts.length) {
        growSpans(spans);
        starts = spans.starts;
        ends = spans.ends;
      }
      starts[n] = start;
      ends[n++] = i;
      start = i;
    }
    prev = cls;
    prevM2 = m2;
    i += width - 1;
  }
  if (start >= 0) {
    if (n === starts.length) {
      growSpans(spans);
      starts = spans.starts;
      ends = spans.ends;
    }
    starts[n] = start;
    ends[n++] = to;
  }
  spans.count = n;
}
