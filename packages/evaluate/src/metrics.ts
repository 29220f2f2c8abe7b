import { evaluate } from "@gramscore/core";
import type { Segment } from "@gramscore/core";
import { createBleu, createHfBleu } from "@gramscore/metric-bleu";
import type { SmoothMethod, TokenizeOption } from "@gramscore/metric-bleu";
import { createChrf } from "@gramscore/metric-chrf";
import { createGoogleBleu } from "@gramscore/metric-gleu";
import { createRouge } from "@gramscore/metric-rouge";
import type { RougeOptions } from "@gramscore/metric-rouge";
import { createTer } from "@gramscore/metric-ter";
import { createWerMetric } from "@gramscore/metric-wer";
import { defineModule } from "./module.js";
import type { EvaluationModule, RougeOutput } from "./types.js";

/** HF `rouge`'s default types. */
export const DEFAULT_ROUGE_TYPES: readonly string[] = ["rouge1", "rouge2", "rougeL", "rougeLsum"];

/** HF `bleu`: TF-NMT's `compute_bleu` on evaluate's 13a tokens (shortest reference length, 0–1 scale). */
export function bleuModule(): EvaluationModule<"bleu"> {
  return defineModule({
    name: "bleu",
    description: "BLEU as HF evaluate's bleu (TF-NMT compute_bleu on 13a tokens, shortest reference length, 0-1 scale)",
    references: "any",
    args: [
      { name: "tokenizer", default: "13a", type: { kind: "tokenizer" } },
      { name: "max_order", default: 4, type: { kind: "integer", min: 1 } },
      { name: "smooth", default: false, type: { kind: "boolean" } },
    ],
    run(segments, o) {
      const metric = createHfBleu({ maxOrder: o.max_order as number, smooth: o.smooth as boolean, tokenize: o.tokenizer as TokenizeOption });
      const r = evaluate(metric, segments).corpus;
      return {
        bleu: r.bleu,
        precisions: r.precisions,
        brevity_penalty: r.brevityPenalty,
        length_ratio: r.lengthRatio,
        translation_length: r.translationLength,
        reference_length: r.referenceLength,
      };
    },
  });
}

/** HF `sacrebleu`: sacrebleu 2.6.0's `corpus_bleu`. */
export function sacrebleuModule(): EvaluationModule<"sacrebleu"> {
  return defineModule({
    name: "sacrebleu",
    description: "BLEU identical to sacrebleu 2.6.0's corpus_bleu (0-100 scale), as HF evaluate's sacrebleu returns it",
    references: "same-count",
    args: [
      { name: "smooth_method", default: "exp", type: { kind: "choice", values: ["exp", "floor", "add-k", "none"] } },
      { name: "smooth_value", default: null, type: { kind: "number-or-null", min: 0 } },
      { name: "force", default: false, type: { kind: "boolean" } },
      { name: "lowercase", default: false, type: { kind: "boolean" } },
      { name: "tokenize", default: null, type: { kind: "string" } },
      { name: "use_effective_order", default: false, type: { kind: "boolean" } },
    ],
    run(segments, o) {
      const metric = createBleu({
        tokenize: (o.tokenize as string | null) ?? "13a",
        smoothMethod: o.smooth_method as SmoothMethod,
        smoothValue: o.smooth_value as number | null,
        lowercase: o.lowercase as boolean,
        effectiveOrder: o.use_effective_order as boolean,
      });
      const r = evaluate(metric, segments).corpus;
      return { score: r.score, counts: r.counts, totals: r.totals, precisions: r.precisions, bp: r.bp, sys_len: r.sysLen, ref_len: r.refLen };
    },
  });
}

/** HF `google_bleu`: NLTK's `corpus_gleu` on evaluate's 13a tokens. */
export function googleBleuModule(): EvaluationModule<"google_bleu"> {
  return defineModule({
    name: "google_bleu",
    description: "Google BLEU (GLEU) identical to NLTK 3.8's corpus_gleu on 13a tokens, as HF evaluate's google_bleu",
    references: "any",
    args: [
      { name: "tokenizer", default: "13a", type: { kind: "tokenizer" } },
      { name: "min_len", default: 1, type: { kind: "integer", min: 1 } },
      { name: "max_len", default: 4, type: { kind: "integer", min: 1 } },
    ],
    run(segments, o) {
      const metric = createGoogleBleu({ tokenize: o.tokenizer as TokenizeOption, minNgramOrder: o.min_len as number, maxNgramOrder: o.max_len as number });
      return { google_bleu: evaluate(metric, segments).corpus.score };
    },
  });
}

/**
 * HF `rouge`: rouge-score 0.1.2's F-measures. With `use_aggregator` the mean over the predictions (HF
 * reports an unseeded bootstrap's median, which varies from run to run; see the README).
 */
export function rougeModule(): EvaluationModule<"rouge"> {
  return defineModule({
    name: "rouge",
    description: "ROUGE F-measures identical to rouge-score 0.1.2 (score / score_multi); aggregated as the mean over predictions",
    references: "any",
    args: [
      { name: "rouge_types", default: DEFAULT_ROUGE_TYPES, type: { kind: "string-list" } },
      { name: "use_aggregator", default: true, type: { kind: "boolean" } },
      { name: "use_stemmer", default: false, type: { kind: "boolean" } },
      { name: "tokenizer", default: null, type: { kind: "tokenizer" } },
    ],
    run(segments, o) {
      // A type listed twice is one key of HF's dictionary.
      const types = [...new Set(o.rouge_types as string[])];
      const options: RougeOptions = { rougeTypes: types };
      // rouge-score ignores use_stemmer when a tokenizer is given.
      if (o.tokenizer !== null) options.tokenize = o.tokenizer as RougeOptions["tokenize"];
      else options.stemmer = o.use_stemmer === true ? "porter" : "none";
      const metric = createRouge(options);
      const out: RougeOutput = {};
      if (o.use_aggregator) {
        const corpus = evaluate(metric, segments).corpus;
        for (const t of types) out[t] = corpus[t]!.fmeasure;
        return out;
      }
      const lists = types.map(() => new Array<number>(segments.length));
      segments.forEach((s: Segment, i) => {
        const r = metric.score(metric.stats(s.hyp, s.refs), "segment");
        types.forEach((t, k) => {
          lists[k]![i] = r[t]!.fmeasure;
        });
      });
      types.forEach((t, k) => {
        out[t] = lists[k]!;
      });
      return out;
    },
  });
}

/** HF `chrf`: sacrebleu 2.6.0's `CHRF.corpus_score`. */
export function chrfModule(): EvaluationModule<"chrf"> {
  return defineModule({
    name: "chrf",
    description: "chrF / chrF++ identical to sacrebleu 2.6.0's CHRF corpus_score, as HF evaluate's chrf",
    references: "same-count",
    args: [
      { name: "char_order", default: 6, type: { kind: "integer", min: 0 } },
      { name: "word_order", default: 0, type: { kind: "integer", min: 0 } },
      { name: "beta", default: 2, type: { kind: "number", min: 0 } },
      { name: "lowercase", default: false, type: { kind: "boolean" } },
      { name: "whitespace", default: false, type: { kind: "boolean" } },
      { name: "eps_smoothing", default: false, type: { kind: "boolean" } },
    ],
    run(segments, o) {
      const metric = createChrf({
        charOrder: o.char_order as number,
        wordOrder: o.word_order as number,
        beta: o.beta as number,
        lowercase: o.lowercase as boolean,
        whitespace: o.whitespace as boolean,
        epsSmoothing: o.eps_smoothing as boolean,
      });
      const r = evaluate(metric, segments).corpus;
      return { score: r.score, char_order: metric.options.charOrder, word_order: metric.options.wordOrder, beta: metric.options.beta };
    },
  });
}

/** HF `ter`: sacrebleu 2.6.0's `TER.corpus_score`. */
export function terModule(): EvaluationModule<"ter"> {
  return defineModule({
    name: "ter",
    description: "TER identical to sacrebleu 2.6.0's TER corpus_score (tercom), as HF evaluate's ter",
    references: "same-count",
    args: [
      { name: "normalized", default: false, type: { kind: "boolean" } },
      { name: "ignore_punct", default: false, type: { kind: "boolean" } },
      { name: "support_zh_ja_chars", default: false, type: { kind: "boolean" } },
      { name: "case_sensitive", default: false, type: { kind: "boolean" } },
    ],
    run(segments, o) {
      const metric = createTer({
        normalized: o.normalized as boolean,
        noPunct: o.ignore_punct as boolean,
        asianSupport: o.support_zh_ja_chars as boolean,
        lowercase: !(o.case_sensitive as boolean),
      });
      const r = evaluate(metric, segments).corpus;
      return { score: r.score, num_edits: r.numEdits, ref_length: r.refLength };
    },
  });
}

/** HF `wer` / `cer`: jiwer 3.1.0's word or character error rate over all predictions. */
export function errorRateModule<N extends "wer" | "cer">(name: N): EvaluationModule<N> {
  const unit = name === "wer" ? "word" : "character";
  return defineModule<"wer" | "cer">({
    name,
    description: `${unit} error rate identical to jiwer 3.1.0 (Σ substitutions + deletions + insertions / Σ reference ${unit}s), as HF evaluate's ${name}`,
    references: "string",
    args: [{ name: "concatenate_texts", default: false, type: { kind: "boolean" } }],
    run(segments) {
      // jiwer 3 aligns each pair on its own either way, so concatenate_texts changes no number.
      return evaluate(createWerMetric(name), segments).corpus.score;
    },
  }) as EvaluationModule<N>;
}
