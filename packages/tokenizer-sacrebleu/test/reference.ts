/**
 * Reference implementations for the tests: sacrebleu 2.6.0's tokenizers written the way sacrebleu
 * writes them (a chain of regex substitutions and string operations, read from sacrebleu's
 * `tokenizers/*.py`), to check the one-pass scanners against.
 */
import { pySplit, pyStrip } from "@gramscore/core";
import { INTL_RUNS } from "../src/intl-tables.js";

/** `tokenizer_re.py`: the regexp post-tokenizer that 13a and zh share. */
export function refRegexp(line: string): string {
  line = line.replace(/([\x7B-\x7E\x5B-\x60\x20-\x26\x28-\x2B\x3A-\x40\x2F])/gu, " $1 ");
  line = line.replace(/([^0-9])([.,])/gu, "$1 $2 ");
  line = line.replace(/([.,])([^0-9])/gu, " $1 $2");
  line = line.replace(/([0-9])(-)/gu, "$1 $2 ");
  return pySplit(line).join(" ");
}

/** `tokenizer_13a.py`. */
export function ref13a(line: string): string {
  line = line.replaceAll("<skipped>", "");
  line = line.replaceAll("-\n", "");
  line = line.replaceAll("\n", " ");
  if (line.includes("&")) {
    line = line.replaceAll("&quot;", '"');
    line = line.replaceAll("&amp;", "&");
    line = line.replaceAll("&lt;", "<");
    line = line.replaceAll("&gt;", ">");
  }
  return refRegexp(` ${line} `);
}

/** Compares two strings by code points, as Python compares `str` values. */
function pyCompare(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(j)!;
    if (x !== y) return x - y;
    i += x > 0xffff ? 2 : 1;
    j += y > 0xffff ? 2 : 1;
  }
  return (a.length - i) - (b.length - j);
}

/**
 * `_UCODE_RANGES` of `tokenizer_zh.py` as Python parses the literals: `'\u20000'` is `'\u2000'`
 * followed by `'0'` in Python, and in JavaScript too.
 */
const ZH_LITERALS: [string, string][] = [
  ["\u3400", "\u4db5"],
  ["\u4e00", "\u9fa5"],
  ["\u9fa6", "\u9fbb"],
  ["\uf900", "\ufa2d"],
  ["\ufa30", "\ufa6a"],
  ["\ufa70", "\ufad9"],
  ["\u20000", "\u2a6d6"],
  ["\u2f800", "\u2fa1d"],
  ["\uff00", "\uffef"],
  ["\u2e80", "\u2eff"],
  ["\u3000", "\u303f"],
  ["\u31c0", "\u31ef"],
  ["\u2f00", "\u2fdf"],
  ["\u2ff0", "\u2fff"],
  ["\u3100", "\u312f"],
  ["\u31a0", "\u31bf"],
  ["\ufe10", "\ufe1f"],
  ["\ufe30", "\ufe4f"],
  ["\u2600", "\u26ff"],
  ["\u2700", "\u27bf"],
  ["\u3200", "\u32ff"],
  ["\u3300", "\u33ff"],
];

/** `TokenizerZh._is_chinese_char`: `start <= uchar <= end` on Python strings. */
export function refIsChineseChar(ch: string): boolean {
  for (const [start, end] of ZH_LITERALS) if (pyCompare(start, ch) <= 0 && pyCompare(ch, end) <= 0) return true;
  return false;
}

const chineseMemo = new Map<string, boolean>();

function isChineseMemo(ch: string): boolean {
  let r = chineseMemo.get(ch);
  if (r === undefined) {
    r = refIsChineseChar(ch);
    chineseMemo.set(ch, r);
  }
  return r;
}

/** `tokenizer_zh.py`, with the character test replaceable (the fixed cjk variant uses another). */
export function refZh(line: string, isChinese: (ch: string) => boolean = isChineseMemo): string {
  line = pyStrip(line);
  let chars = "";
  for (const ch of line) chars += isChinese(ch) ? ` ${ch} ` : ch;
  return refRegexp(chars);
}

/** `tokenizer_char.py`: `" ".join(line)` over code points. */
export function refChar(line: string): string {
  return Array.from(line).join(" ");
}

/** A regex character class (for the `u` flag) from the generated intl runs of one class letter. */
function intlClass(letter: "p" | "s" | "n"): string {
  let prevEnd = -1;
  const parts: string[] = [];
  for (const entry of INTL_RUNS.split(",")) {
    const m = /^([0-9a-z]+)([psn])([0-9a-z]+)$/.exec(entry)!;
    const start = prevEnd + 1 + parseInt(m[1]!, 36);
    const end = start + parseInt(m[3]!, 36);
    if (m[2] === letter) parts.push(`\\u{${start.toString(16)}}-\\u{${end.toString(16)}}`);
    prevEnd = end;
  }
  return parts.join("");
}

let intlRegexes: RegExp[] | undefined;

/**
 * `tokenizer_intl.py` with the generated tables standing in for the `regex` module's `\p{P}`,
 * `\p{S}`, `\p{N}` (Unicode 15.0).
 */
export function refIntl(line: string): string {
  if (!intlRegexes) {
    const P = intlClass("p");
    const S = intlClass("s");
    const N = intlClass("n");
    intlRegexes = [
      new RegExp(`([^${N}])([${P}])`, "gu"),
      new RegExp(`([${P}])([^${N}])`, "gu"),
      new RegExp(`([${S}])`, "gu"),
    ];
  }
  const [a, b, c] = intlRegexes as [RegExp, RegExp, RegExp];
  line = line.replace(a, "$1 $2 ");
  line = line.replace(b, " $1 $2");
  line = line.replace(c, " $1 ");
  return pySplit(line).join(" ");
}

/** `tokenizer_intl.py` with the JavaScript engine's own `\p{P}`, `\p{S}`, `\p{N}`. */
export function refIntlEngine(line: string): string {
  line = line.replace(/(\P{N})(\p{P})/gu, "$1 $2 ");
  line = line.replace(/(\p{P})(\P{N})/gu, " $1 $2");
  line = line.replace(/(\p{S})/gu, " $1 ");
  return pySplit(line).join(" ");
}
