import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GramscoreError } from "@gramscore/core";
import { createRougeTokenizer, rougeTokenize } from "@gramscore/metric-rouge";
import { porterStem } from "@gramscore/stemmer-porter";
import {
  MT_DATASETS,
  SKIP_MESSAGE,
  SUM_DATASETS,
  hasShared,
  readCases,
  readDataset,
  readJsonl,
  readTokens,
  tokenFileNames,
} from "../../../tooling/conformance/data.js";

const plain = createRougeTokenizer();
const stemmed = createRougeTokenizer({ useStemmer: true });

/**
 * rouge-score's tokenize() transliterated line by line, with JavaScript's toLowerCase() in place of
 * Python's lower(): the naive reference the fast tokenizer is compared with.
 */
function naiveRouge(text: string, stem: boolean): string[] {
  const replaced = text.toLowerCase().replace(/[^a-z0-9]+/g, " ");
  let tokens = replaced.split(/\s+/);
  if (stem) tokens = tokens.map((t) => (t.length > 3 ? porterStem(t) : t));
  return tokens.filter((t) => /^[a-z0-9]+$/.test(t));
}

describe.skipIf(!hasShared)("rouge: rouge-score 0.1.2 token lists of the conformance data", () => {
  if (!hasShared) console.log(SKIP_MESSAGE);
  const files = hasShared ? tokenFileNames() : [];

  it.each(files)("%s: rouge and rouge_stem are identical on every line", (file) => {
    const rows = readTokens(file);
    let compared = 0;
    for (const row of rows) {
      expect(plain.tokenize(row.text), `${file} line ${row.line} ${row.field}`).toEqual(row.rouge);
      expect(stemmed.tokenize(row.text), `${file} line ${row.line} ${row.field} (stem)`).toEqual(row.rouge_stem);
      compared++;
    }
    console.log(`rouge tokens ${file}: ${compared} strings, rouge and rouge_stem identical`);
    expect(compared).toBeGreaterThan(0);
  });

  it("the hand-written cases: every rouge / rouge_stem token list", () => {
    let compared = 0;
    for (const c of readCases()) {
      const tokens = c.expected.tokens as { hyp: Record<string, unknown>; refs: Record<string, unknown>[] }[] | undefined;
      if (!tokens) continue;
      c.segments.forEach((seg, i) => {
        const exp = tokens[i]!;
        const pairs: [string, Record<string, unknown>][] = [[seg.hyp, exp.hyp], ...seg.refs.map((r, j) => [r, exp.refs[j]!] as [string, Record<string, unknown>])];
        for (const [text, e] of pairs) {
          expect(plain.tokenize(text), `${c.id}: ${JSON.stringify(text).slice(0, 60)}`).toEqual(e.rouge);
          expect(stemmed.tokenize(text), `${c.id} (stem)`).toEqual(e.rouge_stem);
          compared++;
        }
      });
    }
    console.log(`rouge tokens cases.jsonl: ${compared} strings identical`);
    expect(compared).toBeGreaterThan(100);
  });

  it("on every string of every data file, the tokens equal the naive Python transliteration (toLowerCase vs lower() changes nothing)", () => {
    const strings = new Set<string>();
    for (const name of [...MT_DATASETS, ...SUM_DATASETS, "robust_public"]) {
      for (const r of loadDataset(name)) {
        strings.add(r.hyp);
        for (const ref of r.refs) strings.add(ref);
      }
    }
    let differ = 0;
    for (const s of strings) {
      const fast = plain.tokenize(s);
      const naive = naiveRouge(s, false);
      if (fast.length !== naive.length || fast.some((t, i) => t !== naive[i])) differ++;
    }
    console.log(`rouge vs naive transliteration: ${strings.size} distinct strings of all data files, ${differ} differ`);
    expect(differ).toBe(0);
  });
});

interface Prf {
  precision: number;
  recall: number;
  fmeasure: number;
}

function counts(tokens: string[], n: 1 | 2): Map<string, number> {
  const m = new Map<string, number>();
  for (let i = 0; i + n <= tokens.length; i++) {
    const g = n === 1 ? tokens[i]! : `${tokens[i]} ${tokens[i + 1]}`;
    m.set(g, (m.get(g) ?? 0) + 1);
  }
  return m;
}

/** rouge-score's _score_ngrams, written out (the oracle that ties tokens to the published scores). */
function scoreNgrams(target: string[], prediction: string[], n: 1 | 2): Prf {
  const t = counts(target, n);
  const p = counts(prediction, n);
  let overlap = 0;
  for (const [g, c] of t) overlap += Math.min(c, p.get(g) ?? 0);
  let tc = 0;
  for (const c of t.values()) tc += c;
  let pc = 0;
  for (const c of p.values()) pc += c;
  const precision = overlap / Math.max(pc, 1);
  const recall = overlap / Math.max(tc, 1);
  return { precision, recall, fmeasure: precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0 };
}

const datasetCache = new Map<string, ReturnType<typeof readDataset>>();
function loadDataset(name: string): ReturnType<typeof readDataset> {
  if (!datasetCache.has(name)) datasetCache.set(name, readDataset(name));
  return datasetCache.get(name)!;
}

describe.skipIf(!hasShared)("rouge: ROUGE-1 and ROUGE-2 from these tokens equal rouge-score on every scored line", () => {
  const datasets = ["sum_summeval", "sum_cnndm_ptrgen_public", "mt_wmt22_generaltest2022_en-de"];
  const configs: [string, boolean][] = [
    ["rouge", false],
    ["rouge-stem", true],
  ];
  for (const dataset of datasets) {
    it.each(configs)(`${dataset} %s`, (config, stem) => {
      const tok = stem ? stemmed : plain;
      const data = loadDataset(dataset);
      const expected = readJsonl<Record<string, Prf> | null>(`expected/${dataset}/${config}.segments.jsonl.gz`);
      expect(expected.length).toBe(data.length);
      let compared = 0;
      const wrong: string[] = [];
      data.forEach((rec, i) => {
        const exp = expected[i];
        if (!exp) return;
        const hyp = tok.tokenize(rec.hyp);
        const refs = rec.refs.map((r) => tok.tokenize(r));
        for (const [type, n] of [
          ["rouge1", 1],
          ["rouge2", 2],
        ] as const) {
          // score_multi: per type the reference with the largest F (first wins ties).
          let best: Prf | undefined;
          for (const ref of refs) {
            const s = scoreNgrams(ref, hyp, n);
            if (!best || s.fmeasure > best.fmeasure) best = s;
          }
          const e = exp[type]!;
          if (best!.precision !== e.precision || best!.recall !== e.recall || best!.fmeasure !== e.fmeasure) {
            wrong.push(`line ${i} ${type}: expected ${JSON.stringify(e)}, got ${JSON.stringify(best)}`);
          }
        }
        compared++;
      });
      console.log(`${dataset} ${config}: ROUGE-1/2 P, R, F compared (===) on ${compared} lines, ${wrong.length} differ`);
      expect(wrong.slice(0, 10)).toEqual([]);
      expect(compared).toBe(data.length);
    });
  }
});

describe("rouge tokenizer rules", () => {
  it("lowercases, keeps [a-z0-9] runs, drops everything else", () => {
    expect(rougeTokenize("Hello, World! It's 2023-05-01.")).toEqual(["hello", "world", "it", "s", "2023", "05", "01"]);
    expect(rougeTokenize("Über große Straße")).toEqual(["ber", "gro", "e", "stra", "e"]);
    expect(rougeTokenize("東京 タワー")).toEqual([]);
    expect(rougeTokenize("")).toEqual([]);
    expect(rougeTokenize(" \t\n ")).toEqual([]);
  });

  it("U+0130 lowercases to i + combining dot (a break after the i); U+212A KELVIN SIGN to k", () => {
    expect(rougeTokenize("İstanbul")).toEqual(["i", "stanbul"]);
    expect(rougeTokenize("Kİİx")).toEqual(["ki", "i", "x"]);
    expect(rougeTokenize("\u212Aelvin 300\u212A")).toEqual(["kelvin", "300k"]);
    expect(rougeTokenize("ıi")).toEqual(["i"]); // dotless ı is not ASCII and stays out
  });

  it("stems only tokens longer than 3 characters, with NLTK_EXTENSIONS", () => {
    expect(stemmed.tokenize("The dogs were running, dying skies")).toEqual(["the", "dog", "were", "run", "die", "sky"]);
    expect(stemmed.tokenize("Was has its")).toEqual(["was", "has", "its"]); // 3 letters: not stemmed
  });

  it("equals the naive transliteration of rouge-score on arbitrary text (property)", () => {
    const chars = fc.constantFrom(..."aAzZ09 -_.,'\t\n\u00e9\u00dc\u0130\u212A\u0131\u00df\u6771\u05d0sSiIeEdDgGyY");
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 40 }), fc.boolean(), (cs, stem) => {
        const text = cs.join("");
        const tok = stem ? stemmed : plain;
        expect(tok.tokenize(text)).toEqual(naiveRouge(text, stem));
      }),
      { numRuns: 500 },
    );
  });

  it("signatures and options", () => {
    expect(plain.signature).toBe("rouge");
    expect(stemmed.signature).toBe("rouge+stem");
    expect(plain.name).toBe("rouge");
    const stop = createRougeTokenizer({ useStemmer: true, stopwords: ["the", "running"] });
    expect(stop.signature).toMatch(/^rouge\+stem\+stop\[2#[0-9a-f]{8}\]$/);
    // Stopwords are compared before stemming: "running" goes, "runs" is stemmed to "run" and stays.
    expect(stop.tokenize("The dog running runs")).toEqual(["dog", "run"]);
  });

  it("bad input and options raise GramscoreError with a code", () => {
    expect(() => plain.tokenize(5 as unknown as string)).toThrow(GramscoreError);
    expect(() => plain.tokenize("a\uD800b")).toThrowError(expect.objectContaining({ code: "LONE_SURROGATE" }));
    expect(() => createRougeTokenizer({ useStemmer: "yes" as unknown as boolean })).toThrowError(expect.objectContaining({ code: "INVALID_OPTION" }));
    expect(() => createRougeTokenizer({ use_stemmer: true } as never)).toThrow(/no option "use_stemmer"/);
    expect(() => createRougeTokenizer({ stopwords: [1] as unknown as string[] })).toThrowError(expect.objectContaining({ code: "INVALID_OPTION" }));
  });
});
