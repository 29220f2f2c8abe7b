// @gramscore/ngram: n-gram counting / clipping (BLEU's and chrF's inner loops) and LCS throughput
// (rougeL / rougeLsum / ROUGE-1.5.5's ROUGE-L and ROUGE-W), on pre-interned token ids.
import { pySplit } from "@gramscore/core";
import {
  NgramTable,
  Vocabulary,
  clippedMatches,
  countCharNgrams,
  countNgrams,
  countSkipBigrams,
  lcsIndices,
  lcsLength,
  matchStatistics,
  maxCounts,
  overlap,
  unionLcsIndices,
  unionWeightedLcsIndices,
} from "@gramscore/ngram";
import { bytesOf, dataset } from "../inputs.mjs";

/** rouge-score's tokenizer without stemming (lowercase, non-[a-z0-9] to space, split). */
function rougeTokens(text) {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .split(/\s+/)
    .filter((t) => /^[a-z0-9]+$/.test(t));
}

export default async function () {
  const mt = dataset("mt_wmt17_newstest2017_en-de");
  const mtBytes = bytesOf(mt);
  const vocab = new Vocabulary();
  const segs = mt.map((r) => ({ hyp: vocab.ids(pySplit(r.hyp)), refs: r.refs.map((x) => vocab.ids(pySplit(x))) }));
  const chars = mt.map((r) => ({ hyp: pySplit(r.hyp).join(""), refs: r.refs.map((x) => pySplit(x).join("")) }));

  const sum = dataset("sum_cnndm_ptrgen_public");
  const sumBytes = bytesOf(sum);
  const sv = new Vocabulary();
  const pairs = sum.map((r) => ({ hyp: sv.ids(rougeTokens(r.hyp)), ref: sv.ids(rougeTokens(r.refs[0])) }));
  const sentences = (text) => text.split("\n").filter((s) => s.length > 0).map((s) => sv.ids(rougeTokens(s)));
  const sentPairs = sum.map((r) => ({ hyp: sentences(r.hyp), ref: sentences(r.refs[0]) }));

  const perSegment = new NgramTable();
  const shared = new NgramTable();
  const charTable = new NgramTable();
  const skipTable = new NgramTable();
  let sink = 0;

  const bleuStats = (table, clear) => () => {
    for (const s of segs) {
      if (clear) table.clear();
      const hyp = countNgrams(table, s.hyp, 4);
      const refs = s.refs.map((r) => countNgrams(table, r, 4));
      sink += clippedMatches(hyp, maxCounts(refs))[3];
    }
  };

  return [
    {
      name: "ngram: count+clip 1-4, table per segment",
      input: "mt_wmt17_newstest2017_en-de (hyp+ref ids)",
      items: segs.length,
      bytes: mtBytes,
      fn: bleuStats(perSegment, true),
    },
    {
      name: "ngram: count+clip 1-4, shared table",
      input: "mt_wmt17_newstest2017_en-de (hyp+ref ids)",
      items: segs.length,
      bytes: mtBytes,
      fn: bleuStats(shared, false),
    },
    {
      name: "ngram: baseline string-keyed Map count+clip",
      input: "mt_wmt17_newstest2017_en-de (hyp+ref tokens)",
      items: segs.length,
      bytes: mtBytes,
      fn: (() => {
        const toks = mt.map((r) => ({ hyp: pySplit(r.hyp), refs: r.refs.map((x) => pySplit(x)) }));
        const count = (t, n) => {
          const m = new Map();
          for (let i = 0; i + n <= t.length; i++) {
            const k = t.slice(i, i + n).join(" ");
            m.set(k, (m.get(k) ?? 0) + 1);
          }
          return m;
        };
        return () => {
          for (const s of toks) {
            for (let n = 1; n <= 4; n++) {
              const h = count(s.hyp, n);
              const r = count(s.refs[0], n);
              for (const [k, c] of h) sink += Math.min(c, r.get(k) ?? 0);
            }
          }
        };
      })(),
    },
    {
      name: "ngram: chrF char 1-6 stats, table per segment",
      input: "mt_wmt17_newstest2017_en-de (whitespace removed)",
      items: chars.length,
      bytes: mtBytes,
      fn: () => {
        for (const s of chars) {
          charTable.clear();
          const hyp = countCharNgrams(charTable, s.hyp, 6);
          for (const r of s.refs) sink += matchStatistics(hyp, countCharNgrams(charTable, r, 6))[2];
        }
      },
    },
    {
      name: "lcs: lcsLength (rougeL)",
      input: "sum_cnndm_ptrgen_public (ref vs hyp ids)",
      items: pairs.length,
      bytes: sumBytes,
      fn: () => {
        for (const p of pairs) sink += lcsLength(p.ref, p.hyp);
      },
    },
    {
      name: "lcs: lcsIndices (backtracked)",
      input: "sum_cnndm_ptrgen_public (ref vs hyp ids)",
      items: pairs.length,
      bytes: sumBytes,
      fn: () => {
        for (const p of pairs) sink += lcsIndices(p.ref, p.hyp).length;
      },
    },
    {
      name: "lcs: unionLcsIndices per ref sentence (rougeLsum)",
      input: "sum_cnndm_ptrgen_public (sentence ids)",
      items: sentPairs.length,
      bytes: sumBytes,
      fn: () => {
        for (const p of sentPairs) for (const r of p.ref) sink += unionLcsIndices(r, p.hyp).length;
      },
    },
    {
      name: "lcs: unionWeightedLcsIndices w=1.2 (ROUGE-W)",
      input: "sum_cnndm_ptrgen_public (sentence ids)",
      items: sentPairs.length,
      bytes: sumBytes,
      fn: () => {
        for (const p of sentPairs) for (const r of p.ref) sink += unionWeightedLcsIndices(r, p.hyp, 1.2).length;
      },
    },
    {
      name: "ngram: skip-bigrams d=4 + unigrams (ROUGE-SU4)",
      input: "sum_cnndm_ptrgen_public (ref vs hyp ids)",
      items: pairs.length,
      bytes: sumBytes,
      fn: () => {
        for (const p of pairs) {
          skipTable.clear();
          const a = countSkipBigrams(skipTable, p.ref, 4, { unigrams: true });
          const b = countSkipBigrams(skipTable, p.hyp, 4, { unigrams: true });
          sink += overlap(a, b)[1];
        }
      },
    },
  ];
}
