import { pySplit } from "@gramscore/core";
import { createSacrebleuTokenizer } from "@gramscore/tokenizer-sacrebleu";
import type { SacrebleuTokenizerName } from "@gramscore/tokenizer-sacrebleu";
import { describe, expect, it } from "vitest";
import { SKIP_MESSAGE, hasShared, readCases, readTokens, tokenFileNames, type TokenRecord } from "../../../tooling/conformance/data.js";
import { ref13a, refChar, refIntl, refZh } from "./reference.js";

if (!hasShared) console.log(SKIP_MESSAGE);

const NAMES = ["13a", "intl", "zh", "char"] as const satisfies readonly SacrebleuTokenizerName[];
const REFERENCE: Record<(typeof NAMES)[number], (s: string) => string> = { "13a": ref13a, intl: refIntl, zh: refZh, char: refChar };

let loaded: Map<string, TokenRecord[]> | undefined;

/** Every token file, read once: file name -> records. */
function tokenFiles(): Map<string, TokenRecord[]> {
  if (!loaded) {
    loaded = new Map();
    for (const f of tokenFileNames()) loaded.set(f, readTokens(f));
  }
  return loaded;
}

describe.skipIf(!hasShared)("sacrebleu 2.6.0's recorded tokenizer outputs (tokens/*.tokens.jsonl.gz)", () => {
  const files = hasShared ? [...tokenFiles().keys()] : [];

  it("finds the token files", () => {
    expect(files.length).toBeGreaterThanOrEqual(7);
  });

  for (const name of NAMES) {
    it(`${name}: normalize() and tokenize() equal sacrebleu on every line`, () => {
      const tok = createSacrebleuTokenizer(name);
      let compared = 0;
      const mismatches: string[] = [];
      for (const file of files) {
        for (const rec of tokenFiles().get(file)!) {
          const expected = rec[name];
          compared++;
          if (tok.normalize(rec.text) !== expected) mismatches.push(`${file} line ${rec.line} ${rec.field}: ${JSON.stringify(rec.text)}`);
          // BLEU counts n-grams over the whitespace split of that string.
          expect(tok.tokenize(rec.text)).toEqual(pySplit(expected));
        }
      }
      console.log(`${name}: ${compared} lines compared with sacrebleu 2.6.0, ${mismatches.length} differ`);
      expect(mismatches.slice(0, 5)).toEqual([]);
      expect(compared).toBeGreaterThan(9000);
    });

    it(`${name}: the regex reference pipeline agrees with the recorded outputs too`, () => {
      let compared = 0;
      for (const file of files) {
        for (const rec of tokenFiles().get(file)!) {
          expect(REFERENCE[name](rec.text), `${file} line ${rec.line}`).toBe(rec[name]);
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(9000);
    });
  }
});

describe.skipIf(!hasShared)("hand-written cases (cases/cases.jsonl, expected.tokens)", () => {
  it("13a, intl, zh and char reproduce every case", () => {
    const tokenizers = NAMES.map((n) => createSacrebleuTokenizer(n));
    let strings = 0;
    let cases = 0;
    for (const c of hasShared ? readCases() : []) {
      const expected = c.expected.tokens as { hyp: Record<string, unknown>; refs: Record<string, unknown>[] }[] | undefined;
      if (!expected) continue;
      cases++;
      c.segments.forEach((seg, i) => {
        const pairs: [string, Record<string, unknown>][] = [[seg.hyp, expected[i]!.hyp]];
        seg.refs.forEach((ref, j) => pairs.push([ref, expected[i]!.refs[j]!]));
        for (const [text, want] of pairs) {
          strings++;
          for (const tok of tokenizers) {
            expect(tok.normalize(text), `${c.id}: ${tok.name} of ${JSON.stringify(text)}`).toBe(want[tok.name]);
            expect(tok.tokenize(text)).toEqual(pySplit(want[tok.name] as string));
          }
        }
      });
    }
    console.log(`cases: ${cases} cases, ${strings} strings compared for 13a, intl, zh, char`);
    expect(cases).toBeGreaterThan(50);
  });
});
