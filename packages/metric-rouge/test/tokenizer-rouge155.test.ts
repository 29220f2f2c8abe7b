import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatFixed, GramscoreError, parseWordList } from "@gramscore/core";
import { createRouge155Tokenizer, rouge155Tokenize, type Rouge155TokenizerOptions } from "@gramscore/metric-rouge";
import { buildWordNetExceptions, rouge155PorterStem } from "@gramscore/stemmer-porter";
import { SKIP_MESSAGE, hasShared, readCases, readDataset, readJsonl, readText, rouge155WordNetFiles } from "../../../tooling/conformance/data.js";

const wordnet = (): Map<string, string> => buildWordNetExceptions(rouge155WordNetFiles());

describe("rouge155 tokenization rules (readText + createNGram of ROUGE-1.5.5.pl)", () => {
  it("ASCII-only lowercase; '-' is split off and dropped; everything but [A-Za-z0-9] separates", () => {
    expect(rouge155Tokenize("Hello-World, it's 2023!")).toEqual(["hello", "world", "it", "s", "2023"]);
    expect(rouge155Tokenize("--- - state-of-the-art")).toEqual(["state", "of", "the", "art"]);
    expect(rouge155Tokenize("$5 and $ 10")).toEqual(["5", "and", "10"]);
    expect(rouge155Tokenize("A_B\tC\r\nD")).toEqual(["a", "b", "c", "d"]);
  });

  it("non-ASCII characters are breaks (the Perl script works on bytes), including İ and the Kelvin sign", () => {
    expect(rouge155Tokenize("Über naïve café")).toEqual(["ber", "na", "ve", "caf"]);
    expect(rouge155Tokenize("İstanbul \u212Aelvin")).toEqual(["stanbul", "elvin"]);
    expect(rouge155Tokenize("東京 😀 שלום")).toEqual([]);
  });

  it("-m stems tokens longer than 3 characters: exception table first (its base is not stemmed again), else its Porter", () => {
    const exc = new Map([
      ["mice", "mouse"],
      ["went", "go"],
      ["goes", "go"],
      ["better", "good"],
    ]);
    const t = createRouge155Tokenizer({ useStemmer: true, exceptions: exc });
    expect(t.tokenize("The mice went running to the better houses")).toEqual(["the", "mouse", "go", "run", "to", "the", "good", "hous"]);
    expect(t.tokenize("A mouse goes running to the good house")).toEqual(["a", "mous", "go", "run", "to", "the", "good", "hous"]);
    // 3 characters or fewer: no lookup, no stemming.
    expect(createRouge155Tokenizer({ useStemmer: true, exceptions: new Map([["was", "be"]]) }).tokenize("was")).toEqual(["was"]);
  });

  it("-s drops stopwords before stemming, compared with the lowercased raw token", () => {
    const t = createRouge155Tokenizer({ useStemmer: true, stopwords: ["run", "the"] });
    expect(t.tokenize("The RUN runs")).toEqual(["run"]); // "runs" is not a stopword; its stem "run" stays
    expect(createRouge155Tokenizer({ stopwords: ["it's", "s"] }).tokenize("It's")).toEqual(["it"]); // "it's" can never match
  });

  it("signatures name stemming, the exception table and the stopword list", () => {
    expect(createRouge155Tokenizer().signature).toBe("rouge155");
    expect(createRouge155Tokenizer({ useStemmer: true }).signature).toBe("rouge155+stem[porter]");
    expect(createRouge155Tokenizer({ useStemmer: true, exceptions: new Map() }).signature).toBe("rouge155+stem[porter]");
    const sig = createRouge155Tokenizer({ useStemmer: true, exceptions: "mice mouse\n", stopwords: ["a", "the"] }).signature;
    expect(sig).toMatch(/^rouge155\+stem\[porter\+wordnet:1#[0-9a-f]{8}\]\+stop\[2#[0-9a-f]{8}\]$/);
    const other = createRouge155Tokenizer({ useStemmer: true, exceptions: "mice mice\n", stopwords: ["the", "a"] }).signature;
    expect(other.split("+stop")[1]).toBe(sig.split("+stop")[1]); // same set, any order
    expect(other.split("+stop")[0]).not.toBe(sig.split("+stop")[0]); // different table
  });

  it("bad options raise GramscoreError", () => {
    expect(() => createRouge155Tokenizer({ exceptions: new Map([["a", "b"]]) })).toThrowError(expect.objectContaining({ code: "INVALID_OPTION" }));
    expect(() => createRouge155Tokenizer({ useStemmer: true, exceptions: 42 } as unknown as Rouge155TokenizerOptions)).toThrow(GramscoreError);
    expect(() => createRouge155Tokenizer({ useStemmer: true, exceptions: { nouns: "" } } as unknown as Rouge155TokenizerOptions)).toThrow(/exceptions/);
    expect(() => createRouge155Tokenizer({ useStemmer: true, exceptions: new Map([["a", 1]]) } as never)).toThrow(GramscoreError);
    expect(() => createRouge155Tokenizer({ m: true } as never)).toThrow(/no option "m"/);
    expect(() => createRouge155Tokenizer().tokenize(null as unknown as string)).toThrowError(expect.objectContaining({ code: "INVALID_TYPE" }));
  });
});

/**
 * readText + createNGram of ROUGE-1.5.5.pl transliterated step by step on UTF-8 bytes (the naive
 * reference): tr/A-Z/a-z/, s/-/ - /g, s/[^A-Za-z0-9-]/ /g, trim, squeeze, split, stopwords, first-char
 * filter, MorphStem on tokens longer than 3.
 */
function naiveRouge155(text: string, stop: Set<string>, morph: ((t: string) => string) | undefined): string[] {
  let s = "";
  for (const byte of new TextEncoder().encode(text)) s += String.fromCharCode(byte);
  s = s.replace(/[A-Z]/g, (c) => c.toLowerCase());
  s = s.replace(/-/g, " - ");
  s = s.replace(/[^A-Za-z0-9-]/g, " ");
  s = s.replace(/^\s+/, "").replace(/\s+$/, "").replace(/\s+/g, " ");
  const out: string[] = [];
  for (const t of s.split(/\s+/)) {
    if (t === "" || stop.has(t)) continue;
    if (!/^[a-z0-9$]/.test(t)) continue;
    out.push(morph && t.length > 3 ? morph(t) : t);
  }
  return out;
}

describe("rouge155 equals the Perl steps transliterated on bytes (property)", () => {
  it("with and without -m, -s and an exception table", () => {
    const exc = new Map([
      ["mice", "mouse"],
      ["went", "go"],
      ["running", "run"],
    ]);
    const stop = new Set(["the", "a", "ran", "mice"]);
    const chars = fc.constantFrom(..."aAbBzZ09 -$_.,'\t\n\r\u00e9\u00dc\u0130\u212A\u6771\u05d0sSiIeEdDgGyY");
    const word = fc.constantFrom("the", "The", "mice", "went", "running", "agreement", "generously", "dying", "skies", "ran", "A");
    const text = fc.array(fc.oneof(chars, word), { maxLength: 30 }).map((parts) => parts.join(""));
    fc.assert(
      fc.property(text, fc.boolean(), fc.boolean(), fc.boolean(), (t, m, s, e) => {
        const tok = createRouge155Tokenizer({ useStemmer: m, ...(m && e ? { exceptions: exc } : {}), ...(s ? { stopwords: stop } : {}) });
        const morph = m ? (w: string) => (e ? exc.get(w) : undefined) ?? rouge155PorterStem(w) : undefined;
        expect(tok.tokenize(t)).toEqual(naiveRouge155(t, s ? stop : new Set(), morph));
      }),
      { numRuns: 1000 },
    );
  });
});

/** One side's n-gram counts and total, as createNGram builds them. */
function grams(tokens: string[], n: 1 | 2): { g: Map<string, number>; cn: number } {
  const g = new Map<string, number>();
  let cn = 0;
  for (let i = 0; i + n <= tokens.length; i++) {
    const k = n === 1 ? tokens[i]! : `${tokens[i]} ${tokens[i + 1]}`;
    g.set(k, (g.get(k) ?? 0) + 1);
    cn++;
  }
  return { g, cn };
}

const r5 = (x: number): number => Number(formatFixed(x, 5));

/** ROUGE-N R and P of ROUGE-1.5.5 (computeNGramScore with ngramScore), the oracle tying tokens to its output. */
function rougeN(peer: string[], models: string[][], n: 1 | 2, mode: "A" | "B"): { R: number; P: number } {
  const p = grams(peer, n);
  let hit = 0;
  let count = 0;
  let countP = 0;
  let best = -1;
  for (const model of models) {
    const m = grams(model, n);
    let h = 0;
    for (const [k, c] of m.g) h += Math.min(c, p.g.get(k) ?? 0);
    if (mode === "A") {
      hit += h;
      count += m.cn;
      countP += p.cn;
    } else {
      const score = m.cn !== 0 ? r5(h / m.cn) : 0;
      if (score > best) {
        best = score;
        hit = h;
        count = m.cn;
        countP = p.cn;
      }
    }
  }
  return { R: count !== 0 ? r5(hit / count) : 0, P: countP !== 0 ? r5(hit / countP) : 0 };
}

const datasetCache = new Map<string, ReturnType<typeof readDataset>>();
function loadDataset(name: string): ReturnType<typeof readDataset> {
  if (!datasetCache.has(name)) datasetCache.set(name, readDataset(name));
  return datasetCache.get(name)!;
}

let wordnetTable: Map<string, string> | undefined;
function cachedWordnet(): Map<string, string> {
  return (wordnetTable ??= wordnet());
}

describe.skipIf(!hasShared)("rouge155: ROUGE-1 and ROUGE-2 from these tokens equal ROUGE-1.5.5 on every scored line", () => {
  if (!hasShared) console.log(SKIP_MESSAGE);
  const configs: [string, "A" | "B", { exc: boolean; stop: boolean }][] = [
    ["rouge155-fA", "A", { exc: true, stop: false }],
    ["rouge155-fB", "B", { exc: true, stop: false }],
    ["rouge155-fA-stop", "A", { exc: true, stop: true }],
    ["rouge155-fA-noexc", "A", { exc: false, stop: false }],
  ];
  for (const dataset of ["sum_summeval", "sum_cnndm_ptrgen_public"]) {
    it.each(configs)(`${dataset} %s`, (config, mode, { exc, stop }) => {
      const tok = createRouge155Tokenizer({
        useStemmer: true,
        ...(exc ? { exceptions: cachedWordnet() } : {}),
        ...(stop ? { stopwords: parseWordList(readText("data/rouge155/smart_common_words.txt")) } : {}),
      });
      const data = loadDataset(dataset);
      const expected = readJsonl<Record<string, any> | null>(`expected/${dataset}/${config}.segments.jsonl.gz`);
      const wrong: string[] = [];
      let compared = 0;
      data.forEach((rec, i) => {
        const row = expected[i];
        if (!row) return;
        const rows = row.error ? row.partial : row;
        if (!rows?.["ROUGE-2"]) return;
        const peer = tok.tokenize(rec.hyp);
        const models = rec.refs.map((r) => tok.tokenize(r));
        for (const n of [1, 2] as const) {
          const got = rougeN(peer, models, n, mode);
          const exp = rows[`ROUGE-${n}`];
          if (got.R !== exp.R || got.P !== exp.P) wrong.push(`line ${i} ROUGE-${n}: expected ${JSON.stringify(exp)}, got ${JSON.stringify(got)}`);
        }
        compared++;
      });
      console.log(`${dataset} ${config}: ROUGE-1/2 R and P compared on ${compared} lines, ${wrong.length} differ`);
      expect(wrong.slice(0, 10)).toEqual([]);
      expect(compared).toBeGreaterThan(1500);
    });
  }

  it("the hand-written cases: ROUGE-1/2 R and P of every rouge155 config", () => {
    const exc = cachedWordnet();
    const smart = parseWordList(readText("data/rouge155/smart_common_words.txt"));
    let compared = 0;
    for (const c of readCases()) {
      for (const [config, e] of Object.entries(c.expected)) {
        if (!config.startsWith("rouge155")) continue;
        const argv: string = e.argv;
        const tok = createRouge155Tokenizer({
          useStemmer: argv.includes("-m"),
          ...(e.data === "exc" ? { exceptions: exc } : {}),
          ...(/ -s\b/.test(` ${argv}`) ? { stopwords: smart } : {}),
        });
        const mode = argv.includes("-f B") ? "B" : "A";
        c.segments.forEach((seg, i) => {
          const row = e.segments[i];
          const rows = row.error ? row.partial : row;
          if (!rows?.["ROUGE-2"]) return;
          const peer = tok.tokenize(seg.hyp);
          const models = seg.refs.map((r) => tok.tokenize(r));
          for (const n of [1, 2] as const) {
            const got = rougeN(peer, models, n, mode);
            expect(got, `${c.id} ${config} ROUGE-${n}`).toEqual({ R: rows[`ROUGE-${n}`].R, P: rows[`ROUGE-${n}`].P });
          }
          compared++;
        });
      }
    }
    console.log(`rouge155 cases.jsonl: ROUGE-1/2 compared on ${compared} segment runs`);
    expect(compared).toBeGreaterThan(100);
  });
});
