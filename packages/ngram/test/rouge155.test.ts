// Real-data check of weightedLcs / unionWeightedLcsIndices / unionLcsIndices / countSkipBigrams
// against ROUGE-1.5.5.pl's printed ROUGE-L, ROUGE-W-1.2, ROUGE-S4 and ROUGE-SU4 (-f A, -m, α 0.5).
// The script's text cleaning, its own Porter stemmer variant (tokens longer than 3 characters) and
// its WordNet exception lookup are redone here in a few lines, so that the package's LCS /
// skip-bigram code is what the comparison exercises.
import { formatFixed } from "@gramscore/core";
import { describe, expect, it } from "vitest";
import {
  NgramTable,
  Vocabulary,
  clipLcsHits,
  clipWeightedLcsHits,
  countNgrams,
  countSkipBigrams,
  overlap,
  pow,
  unigramCounts,
  unionLcsIndices,
  unionWeightedLcsIndices,
} from "@gramscore/ngram";
import { SKIP_MESSAGE, hasShared, readDataset, readJsonl, readText } from "../../../tooling/conformance/data.js";

if (!hasShared) console.log(SKIP_MESSAGE);

type Row = Record<string, { R: number; P: number; F: number }>;

/** sprintf("%7.5f") read back as a number. */
const r5 = (x: number) => Number(formatFixed(x, 5));

/** R, P, F the way computeLCSScore & co. print them (F from the rounded R and P, α = 0.5). */
function rpf(hit: number, count: number, countP: number, inverse?: (x: number) => number): { R: number; P: number; F: number } {
  const f = inverse ?? ((x: number) => x);
  const R = count !== 0 ? r5(f(hit / count)) : 0;
  const P = countP !== 0 ? r5(f(hit / countP)) : 0;
  const F = 0.5 * P + 0.5 * R > 0 ? r5((P * R) / (0.5 * P + 0.5 * R)) : 0;
  return { R, P, F };
}

// The Porter stemmer variant ROUGE-1.5.5.pl carries (`sub stem`): the 1980 rules, except that its
// step 4 tries "-al …" , then "-ment", then "-ent" or "-(s|t)ion" one after another, so several
// suffixes can go ("congressional" -> "congress").
const c = "[^aeiou]";
const v = "[aeiouy]";
const C = `${c}[^aeiouy]*`;
const V = `${v}[aeiou]*`;
const MGR0 = new RegExp(`^(${C})?${V}${C}`);
const MEQ1 = new RegExp(`^(${C})?${V}${C}(${V})?$`);
const MGR1 = new RegExp(`^(${C})?${V}${C}${V}${C}`);
const HAS_V = new RegExp(`^(${C})?${v}`);
const CVC = new RegExp(`^${C}${v}[^aeiouwxy]$`);
const STEP2: Record<string, string> = { ational: "ate", tional: "tion", enci: "ence", anci: "ance", izer: "ize", bli: "ble", alli: "al", entli: "ent", eli: "e", ousli: "ous", ization: "ize", ation: "ate", ator: "ate", alism: "al", iveness: "ive", fulness: "ful", ousness: "ous", aliti: "al", iviti: "ive", biliti: "ble", logi: "log" };
const STEP3: Record<string, string> = { icate: "ic", ative: "", alize: "al", iciti: "ic", ical: "ic", ful: "", ness: "" };
const STEP2_RE = new RegExp(`(${Object.keys(STEP2).join("|")})$`);
const STEP3_RE = new RegExp(`(${Object.keys(STEP3).join("|")})$`);

function perlPorter(word: string): string {
  if (word.length < 3) return word;
  let w = word;
  const y = w[0] === "y";
  if (y) w = "Y" + w.slice(1);
  let m: RegExpExecArray | null;
  if ((m = /(ss|i)es$/.exec(w))) w = w.slice(0, m.index) + m[1];
  else if ((m = /([^s])s$/.exec(w))) w = w.slice(0, m.index) + m[1];
  if ((m = /eed$/.exec(w))) {
    if (MGR0.test(w.slice(0, m.index))) w = w.slice(0, -1);
  } else if ((m = /(ed|ing)$/.exec(w))) {
    const stem = w.slice(0, m.index);
    if (HAS_V.test(stem)) {
      w = stem;
      if (/(at|bl|iz)$/.test(w)) w += "e";
      else if (/([^aeiouylsz])\1$/.test(w)) w = w.slice(0, -1);
      else if (CVC.test(w)) w += "e";
    }
  }
  if ((m = /y$/.exec(w))) {
    const stem = w.slice(0, m.index);
    if (HAS_V.test(stem)) w = stem + "i";
  }
  if ((m = STEP2_RE.exec(w))) {
    const stem = w.slice(0, m.index);
    if (MGR0.test(stem)) w = stem + STEP2[m[1]!];
  }
  if ((m = STEP3_RE.exec(w))) {
    const stem = w.slice(0, m.index);
    if (MGR0.test(stem)) w = stem + STEP3[m[1]!];
  }
  if ((m = /(al|ance|ence|er|ic|able|ible|ant|ement|ou|ism|ate|iti|ous|ive|ize)$/.exec(w))) {
    const stem = w.slice(0, m.index);
    if (MGR1.test(stem)) w = stem;
  }
  if ((m = /ment$/.exec(w))) {
    const stem = w.slice(0, m.index);
    if (MGR1.test(stem)) w = stem;
  }
  if ((m = /ent$/.exec(w))) {
    const stem = w.slice(0, m.index);
    if (MGR1.test(stem)) w = stem;
  } else if ((m = /(s|t)(ion)$/.exec(w))) {
    const stem = w.slice(0, m.index) + m[1];
    if (MGR1.test(stem)) w = stem;
  }
  if ((m = /e$/.exec(w))) {
    const stem = w.slice(0, m.index);
    if (MGR1.test(stem) || (MEQ1.test(stem) && !CVC.test(stem))) w = stem;
  }
  if (/ll$/.test(w) && MGR1.test(w)) w = w.slice(0, -1);
  if (y) w = "y" + w.slice(1);
  return w;
}

function loadExceptions(): Map<string, string> {
  const m = new Map<string, string>();
  for (const pos of ["noun", "adv", "verb", "adj"]) {
    for (const line of readText(`data/rouge155/wordnet-2.0-${pos}.exc`).split("\n")) {
      const w = line.trim().split(/\s+/);
      if (w.length >= 2) m.set(w[0]!, w[1]!);
    }
  }
  return m;
}

describe.skipIf(!hasShared)("ROUGE-1.5.5 ROUGE-L / W-1.2 / S4 / SU4 (-f A -m)", () => {
  // rouge155-fA (WordNet exceptions, then the Porter variant); rouge155-fA-noexc gives the same
  // result here with an empty exception table and costs the same time, so only one runs.
  for (const [config, useExc] of [["rouge155-fA", true]] as const) {
    it(`reproduces ${config} on sum_cnndm_ptrgen_public and sum_summeval`, () => {
      const exc = useExc ? loadExceptions() : new Map<string, string>();
      let compared = 0;
      const mismatches: string[] = [];
      for (const dataset of ["sum_cnndm_ptrgen_public", "sum_summeval"]) {
        const data = readDataset(dataset);
        const expected = readJsonl<Row | null>(`expected/${dataset}/${config}.segments.jsonl.gz`);
        const vocab = new Vocabulary();
        const stem = (t: string) => {
          if (t.length <= 3) return t;
          const e = exc.get(t);
          if (e !== undefined) return e;
          return perlPorter(t);
        };
        /** readText_LCS + tokenizeText_LCS: one token list per non-blank line. */
        const sentences = (text: string) =>
          text
            .split("\n")
            .filter((s) => s.length > 0)
            .map((s) =>
              vocab.ids(
                s
                  .replace(/[A-Z]/g, (c) => c.toLowerCase())
                  .replace(/-/g, " - ")
                  .replace(/[^A-Za-z0-9-]/g, " ")
                  .split(/\s+/)
                  .filter((t) => /^[a-z0-9$]/.test(t))
                  .map(stem),
              ),
            );
        for (let line = 0; line < data.length; line++) {
          const exp = expected[line];
          if (exp == null) continue;
          const rec = data[line]!;
          const peer = sentences(rec.hyp);
          const peerAll = Int32Array.from(peer.flatMap((s) => Array.from(s)));
          const models = rec.refs.map(sentences);
          const got: Row = {};
          // ROUGE-L and ROUGE-W: pooled over models (-f A).
          let lHit = 0;
          let lCount = 0;
          let lCountP = 0;
          let wHit = 0;
          let wCount = 0;
          let wCountP = 0;
          for (const model of models) {
            // ROUGE-L (lcs): union LCS marks per model sentence, clipped with unigram counters.
            let modelCnt = unigramCounts(model);
            let peerCnt = unigramCounts(peer);
            let hit = 0;
            for (const s of model) hit += clipLcsHits(s, unionLcsIndices(s, peer), modelCnt, peerCnt);
            lHit += hit;
            lCount += model.reduce((n, s) => n + s.length, 0);
            lCountP += peerAll.length;
            // ROUGE-W (wlcs): weighted marks, run hits f(L), base Σ f(len), then f() again when pooled.
            modelCnt = unigramCounts(model);
            peerCnt = unigramCounts(peer);
            let wh = 0;
            let base = 0;
            for (const s of model) {
              base += pow(s.length, 1.2);
              wh = clipWeightedLcsHits(s, unionWeightedLcsIndices(s, peer, 1.2), modelCnt, peerCnt, 1.2, wh);
            }
            wHit += wh;
            wCount += pow(base, 1.2);
            wCountP += pow(peerAll.length, 1.2);
          }
          got["ROUGE-L"] = rpf(lHit, lCount, lCountP);
          got["ROUGE-W-1.2"] = rpf(wHit, wCount, wCountP, (x) => pow(x, 1 / 1.2));
          // ROUGE-S4 / SU4 over the whole text (createSkipBigram), pooled over models.
          for (const [name, unigrams] of [
            ["ROUGE-S4", false],
            ["ROUGE-SU4", true],
          ] as const) {
            let hit = 0;
            let count = 0;
            let countP = 0;
            for (const model of models) {
              const table = new NgramTable();
              const p = countSkipBigrams(table, peerAll, 4, { unigrams });
              const m = countSkipBigrams(table, Int32Array.from(model.flatMap((s) => Array.from(s))), 4, { unigrams });
              const ov = overlap(m, p);
              hit += ov[0]! + ov[1]!;
              count += m.totals[0]! + m.totals[1]!;
              countP += p.totals[0]! + p.totals[1]!;
            }
            got[name] = rpf(hit, count, countP);
          }
          // ROUGE-1 as a check of the tokenization and stemming above.
          {
            let hit = 0;
            let count = 0;
            let countP = 0;
            for (const model of models) {
              const table = new NgramTable();
              const p = countNgrams(table, peerAll, 1);
              const m = countNgrams(table, Int32Array.from(model.flatMap((s) => Array.from(s))), 1);
              hit += overlap(m, p)[0]!;
              count += m.totals[0]!;
              countP += p.totals[0]!;
            }
            got["ROUGE-1"] = rpf(hit, count, countP);
          }
          for (const k of Object.keys(got)) {
            if (JSON.stringify(got[k]) !== JSON.stringify(exp[k])) {
              mismatches.push(`${dataset}:${line} ${k} got ${JSON.stringify(got[k])} expected ${JSON.stringify(exp[k])}`);
            }
          }
          compared++;
        }
      }
      console.log(`${config}: ${compared} segments compared, ${mismatches.length} mismatches`);
      expect(mismatches.slice(0, 20)).toEqual([]);
    });
  }
});
