// Diversity alone: what a browser app that imports only distinct-n and Self-BLEU bundles. The texts of
// a case are its hypotheses (references are not used).
import { createDistinct, createDistinctMean, createSacrebleuSelfBleu, createSelfBleu } from "@gramscore/metric-diversity";
import { runAll } from "./harness.mjs";

export function run(input) {
  const corpus = (m) => (hyps) => m.score(m.corpusStats(hyps.map((hyp) => ({ hyp, refs: [] }))), "corpus");
  const distinct2 = createDistinct({ n: 2 });
  const distinct1 = createDistinct({ n: 1 });
  const mean2 = createDistinctMean({ n: 2 });
  const texygen = createSelfBleu();
  const texygen4 = createSelfBleu({ gram: 4 });
  const sacre = createSacrebleuSelfBleu();
  const sacreCorpus = createSacrebleuSelfBleu({ level: "corpus", smoothMethod: "none" });
  return runAll(
    input,
    {
      distinct: corpus(distinct2),
      "distinct-1": corpus(distinct1),
      "distinct-mean": corpus(mean2),
      "self-bleu": (hyps) => texygen.compute(hyps),
      "self-bleu-4": (hyps) => texygen4.compute(hyps),
      "self-bleu-sacrebleu": (hyps) => sacre.compute(hyps),
      "self-bleu-sacrebleu-corpus": (hyps) => sacreCorpus.compute(hyps),
    },
    {
      sentence: (hyp) => distinct2.explain(hyp).score,
      "sentence-mean": (hyp) => mean2.score(mean2.stats(hyp, []), "segment"),
    },
  );
}
