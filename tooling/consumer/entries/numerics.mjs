// The engine-sensitive paths every metric stands on, for the runtime matrix: core's correctly rounded
// exp / log / pow and glibc's exp (BLEU, ROUGE-W), Python's number formatting (formatFixed) and fsum,
// Python's lowercasing (pyLower) and whitespace splitting, and the Unicode classes of the intl and 13a
// tokenizers, over every code point and over the input's texts. Every result is a string, so two
// engines agree exactly when the strings are equal.
import { exp, formatFixed, fsum, glibcExp, log, pow, pySplit } from "@gramscore/core";
import { tokenize13a, tokenizeIntl } from "@gramscore/tokenizer-sacrebleu";
import { pyLower } from "@gramscore/tokenizer-whitespace";
import { attempt } from "./harness.mjs";

/** A fixed stream of doubles (xorshift32), so every engine sees the same arguments. */
function doubles(count, seed, scale) {
  const out = [];
  let s = seed >>> 0;
  for (let i = 0; i < count; i++) {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    out.push(((s / 4294967296) * 2 - 1) * scale);
  }
  return out;
}

/** Every code point but the surrogates, in blocks of 256 joined by spaces (so tokenizers see each alone). */
function codePointBlocks() {
  const blocks = [];
  for (let start = 0; start < 0x110000; start += 256) {
    let text = "";
    for (let cp = start; cp < start + 256; cp++) if (cp < 0xd800 || cp > 0xdfff) text += `${String.fromCodePoint(cp)} `;
    blocks.push(text);
  }
  return blocks;
}

export function run(input) {
  const small = doubles(20000, 12345, 30);
  const wide = doubles(5000, 777, 700);
  const probabilities = doubles(5000, 4242, 1).map((x) => Math.abs(x) + 1e-12);
  const texts = [...input.cases.flatMap((c) => c.segments), ...input.segments].flatMap((s) => [s.hyp, ...s.refs]);
  const blocks = codePointBlocks();
  return {
    exp: [...small, ...wide].flatMap((x) => attempt(() => exp(x))),
    glibcExp: [...small, ...wide].flatMap((x) => attempt(() => glibcExp(x))),
    log: probabilities.concat(wide.map(Math.abs)).flatMap((x) => attempt(() => log(x))),
    pow: probabilities.flatMap((x, i) => attempt(() => pow(x, small[i] / 10))),
    formatFixed: wide.flatMap((x, i) => [formatFixed(x, i % 9), formatFixed(x / 1e6, 4)]),
    fsum: [String(fsum(small)), String(fsum(wide)), String(fsum(probabilities))],
    pyLowerCodePoints: blocks.map((b) => pyLower(b)),
    pySplitCodePoints: blocks.map((b) => pySplit(b).length).map(String),
    intlCodePoints: blocks.map((b) => tokenizeIntl(b).join(" ")),
    thirteenACodePoints: blocks.map((b) => tokenize13a(b).join(" ")),
    pyLowerTexts: texts.map((t) => pyLower(t)),
    intlTexts: texts.map((t) => tokenizeIntl(t).join(" ")),
  };
}
