import fc from "fast-check";
import type { ChrfOptions } from "@gramscore/metric-chrf";

/**
 * Characters that exercise every rule: ASCII letters and punctuation, Python whitespace that
 * JavaScript's \s lacks (U+001C, U+0085) and \s characters Python keeps (U+FEFF), NBSP, ideographic
 * space, astral characters (emoji, mathematical bold, CJK Extension B), combining marks, CJK,
 * Hebrew, capitals with special lowercasing (İ, Σ).
 */
const ALPHABET = [
  ..."aabbcdeettn",
  ..."AB",
  ...".,;!?()'\"-",
  " ",
  " ",
  "\t",
  "\n",
  "\u001c",
  "\u0085",
  "\u00a0",
  "\u3000",
  "\ufeff",
  "😀",
  "𝐀",
  "\u{2000b}",
  "e\u0301",
  "é",
  "中",
  "文",
  "ש",
  "İ",
  "Σ",
];

/** A string of up to `max` characters from {@link ALPHABET}. */
export function text(max = 40): fc.Arbitrary<string> {
  return fc.array(fc.constantFrom(...ALPHABET), { maxLength: max }).map((parts) => parts.join(""));
}

/** Text drawn from a small alphabet, so that n-grams repeat and match often. */
export function repetitive(max = 40): fc.Arbitrary<string> {
  return fc.array(fc.constantFrom("a", "b", " ", "ab", "😀", "."), { maxLength: max }).map((parts) => parts.join(""));
}

/** A hypothesis with 1–4 references. */
export function segment(): fc.Arbitrary<{ hyp: string; refs: string[] }> {
  const t = fc.oneof(text(), repetitive());
  return fc.record({ hyp: t, refs: fc.array(t, { minLength: 1, maxLength: 4 }) });
}

/** chrF options, including unusual orders; beta is exact when squared. */
export function options(): fc.Arbitrary<Required<Omit<ChrfOptions, "nrefs" | "referenceCacheBytes">>> {
  return fc
    .record({
      charOrder: fc.integer({ min: 0, max: 8 }),
      wordOrder: fc.integer({ min: 0, max: 3 }),
      beta: fc.constantFrom(0, 0.5, 1, 2, 3),
      lowercase: fc.boolean(),
      whitespace: fc.boolean(),
      epsSmoothing: fc.boolean(),
    })
    .filter((o) => o.charOrder + o.wordOrder > 0);
}
