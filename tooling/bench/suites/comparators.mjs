// gramscore beside the npm packages people use for the same scores today, on the same input:
// js-rouge 3.2.3 (ROUGE-1/2/L F) against gramscore's ROUGE in rouge-score mode on CNN/DailyMail, and
// bleu-score 1.0.4 (sentence BLEU) against gramscore's sentence BLEU (sacrebleu's sentence_bleu) on
// WMT17 en-de. Both packages compute other numbers than the references do (their own tokenizers, no
// smoothing, js-rouge's summary-level LCS), so only speed is compared; how far their numbers are from
// the reference's is printed once when the suite loads.
import { sentenceBleu } from "@gramscore/metric-bleu";
import { createRouge } from "@gramscore/metric-rouge";
import { bleu as bleuScore } from "bleu-score";
import * as jsRouge from "js-rouge";
import { bytesOf, dataset } from "../inputs.mjs";

/** js-rouge's ROUGE-1, ROUGE-2 and (summary-level) ROUGE-L F of one pair; NaN where it throws. */
function jsRougeF(hyp, ref) {
  try {
    return [jsRouge.n(hyp, ref, { n: 1 }), jsRouge.n(hyp, ref, { n: 2 }), jsRouge.l(hyp, ref)];
  } catch {
    return [Number.NaN, Number.NaN, Number.NaN];
  }
}

function describeGap(label, pairs) {
  const usable = pairs.filter(([a, b]) => Number.isFinite(a) && Number.isFinite(b));
  const gaps = usable.map(([a, b]) => Math.abs(a - b));
  const mean = gaps.reduce((s, x) => s + x, 0) / Math.max(1, gaps.length);
  const off = gaps.filter((g) => g > 1e-9).length;
  console.log(
    `comparators: ${label}: differs from the reference's score on ${off} of ${usable.length} segments ` +
      `(mean |difference| ${mean.toFixed(4)}, largest ${Math.max(0, ...gaps).toFixed(4)})` +
      (usable.length < pairs.length ? `; throws on ${pairs.length - usable.length}` : ""),
  );
}

export default async function suite() {
  // js-rouge and bleu-score are slow enough that a slice suffices; both sides score the same slice.
  const cnndm = dataset("sum_cnndm_ptrgen_public").slice(0, 500);
  const wmt = dataset("mt_wmt17_newstest2017_en-de").slice(0, 3004);
  const cnndmInput = "sum_cnndm_ptrgen_public (first 500, 1 ref)";
  const wmtInput = "mt_wmt17_newstest2017_en-de (first system, 3004 segments)";
  const rougeTypes = ["rouge1", "rouge2", "rougeLsum"];

  // How far the packages are from the references (gramscore reproduces rouge-score and sacrebleu).
  const reference = createRouge({ rougeTypes });
  const rougePairs = [];
  for (const r of cnndm) {
    const ours = reference.scoreSegment(r.hyp, r.refs);
    const theirs = jsRougeF(r.hyp, r.refs[0]);
    rougeTypes.forEach((t, k) => rougePairs.push([theirs[k], ours[t].fmeasure]));
  }
  describeGap("js-rouge ROUGE-1/2/L F vs rouge-score ROUGE-1/2/Lsum F", rougePairs);
  describeGap(
    "bleu-score vs sacrebleu sentence BLEU",
    wmt.map((r) => [bleuScore(r.refs[0], r.hyp, 4), sentenceBleu(r.hyp, r.refs).score / 100]),
  );

  let sink = 0;
  return [
    {
      name: "compare ROUGE-1/2/L F, CNN/DM: js-rouge 3.2.3",
      input: cnndmInput,
      items: cnndm.length,
      bytes: bytesOf(cnndm),
      fn: () => {
        for (const r of cnndm) for (const f of jsRougeF(r.hyp, r.refs[0])) sink += f;
      },
    },
    {
      // A fresh metric per run: a one-pass cost, word caches empty at the start.
      name: "compare ROUGE-1/2/L F, CNN/DM: gramscore (rouge-score)",
      input: cnndmInput,
      items: cnndm.length,
      bytes: bytesOf(cnndm),
      fn: () => {
        const metric = createRouge({ rougeTypes });
        for (const r of cnndm) {
          const s = metric.scoreSegment(r.hyp, r.refs);
          sink += s.rouge1.fmeasure + s.rouge2.fmeasure + s.rougeLsum.fmeasure;
        }
      },
    },
    {
      name: "compare sentence BLEU, WMT17: bleu-score 1.0.4",
      input: wmtInput,
      items: wmt.length,
      bytes: bytesOf(wmt),
      fn: () => {
        for (const r of wmt) sink += bleuScore(r.refs[0], r.hyp, 4);
      },
    },
    {
      // A fresh options object per run: a fresh metric, its reference cache empty at the start.
      name: "compare sentence BLEU, WMT17: gramscore (sacrebleu)",
      input: wmtInput,
      items: wmt.length,
      bytes: bytesOf(wmt),
      fn: () => {
        const options = { tokenize: "13a" };
        for (const r of wmt) sink += sentenceBleu(r.hyp, r.refs, options).score;
      },
    },
  ];
}
