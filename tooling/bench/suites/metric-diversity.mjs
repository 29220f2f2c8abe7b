// @gramscore/metric-diversity: Self-BLEU and distinct-n on pointer-generator CNN/DailyMail summaries
// (sum_cnndm_ptrgen_public, system pointer-gen). The 500-text cases are the references' input
// (references.mjs "texygen-self-bleu-500", "sacrebleu-self-bleu-500"; Texygen's own sample size);
// the 10,000-text case shows the linear-time engine on a set whose all-pairs reference would take
// about 400 times the 500-text time.
import { createDistinct, createSacrebleuSelfBleu, createSelfBleu } from "@gramscore/metric-diversity";
import { SKIP_MESSAGE, dataset, hasShared } from "../inputs.mjs";

export default async function () {
  if (!hasShared) {
    console.log(SKIP_MESSAGE);
    return [];
  }
  const records = dataset("sum_cnndm_ptrgen_public");
  const all = records.map((r) => r.hyp.replace(/[\r\n]/g, " "));
  const first500 = records.filter((r) => r.system === "pointer-gen").slice(0, 500).map((r) => r.hyp.replace(/[\r\n]/g, " "));
  const tenK = all.slice(0, 10_000);
  const bytesOf = (xs) => xs.reduce((n, t) => n + Buffer.byteLength(t), 0);
  const texygen = createSelfBleu({ gram: 3 });
  const sacre = createSacrebleuSelfBleu();
  const distinct = createDistinct({ n: 2 });
  let sink = 0;
  return [
    {
      name: "self-bleu (Texygen, gram 3): 500 texts, each against the other 499",
      input: "cnndm-pointer-gen-500",
      items: first500.length,
      bytes: bytesOf(first500),
      versus: "texygen-self-bleu-500",
      times: 20,
      fn: () => {
        sink += texygen.compute(first500).score;
      },
    },
    {
      name: "self-bleu-sacrebleu (sentence, exp): 500 texts, each against the other 499",
      input: "cnndm-pointer-gen-500",
      items: first500.length,
      bytes: bytesOf(first500),
      versus: "sacrebleu-self-bleu-500",
      times: 20,
      fn: () => {
        sink += sacre.compute(first500).score;
      },
    },
    {
      name: "self-bleu (Texygen, gram 3): 10,000 texts, each against the other 9,999",
      input: "cnndm-ptrgen-10k",
      items: tenK.length,
      bytes: bytesOf(tenK),
      samples: 3,
      // 10,000 texts in at most 5 CPU seconds.
      target: 2_000,
      cpuTarget: true,
      fn: () => {
        sink += texygen.compute(tenK).score;
      },
    },
    {
      name: "distinct-2 (corpus): 10,000 texts",
      input: "cnndm-ptrgen-10k",
      items: tenK.length,
      bytes: bytesOf(tenK),
      fn: () => {
        sink += distinct.score(distinct.corpusStats(tenK.map((hyp) => ({ hyp, refs: [] }))), "corpus").score;
      },
    },
  ];
}
