/**
 * @gramscore/metric-cider: CIDEr-D identical to pycocoevalcap's `Cider` (n = 1..4, sigma 6, clipped
 * tf-idf, Gaussian length penalty, ×10, document frequencies from the references of the corpus
 * scored), the original CIDEr of vrama91/cider as `cider-original`, and the `coco-ptb` tokenizer
 * (COCO's PTBTokenizer pipeline).
 */
import { defineMetric, definePlugin, defineTokenizer, toSegments } from "@gramscore/core";
import type { MetricContext, MetricDescriptor } from "@gramscore/core";
import { buildCider, ciderOptionSpecs, ciderOriginalOptionSpecs, scoreSegments } from "./metric.js";
import type { CiderMetric, CiderOptions, CiderResult, CiderStats } from "./metric.js";
import { createCocoPtbTokenizer } from "./ptb.js";
import { VERSION } from "./version.js";

export { ciderOptionSpecs, ciderOriginalOptionSpecs, parseCiderStats, resolveCiderOptions } from "./metric.js";
export type { CiderExplanation, CiderMetric, CiderOptions, CiderResult, CiderStats, ResolvedCiderOptions } from "./metric.js";
export { COCO_PUNCTUATIONS, cocoPtbTokenize, createCocoPtbTokenizer, ptbTokens } from "./ptb.js";
export type { CocoPtbTokenizer } from "./ptb.js";
export { VERSION };

declare module "@gramscore/core" {
  interface MetricMap {
    cider: { options: CiderOptions; stats: CiderStats; result: CiderResult };
    "cider-original": { options: Omit<CiderOptions, "sigma">; stats: CiderStats; result: CiderResult };
  }
  interface TokenizerMap {
    "coco-ptb": undefined;
  }
}

type Streams = readonly (readonly (string | null | undefined)[])[];

/**
 * Creates CIDEr-D, pycocoevalcap's `Cider`: a segment is one image, its hypothesis the candidate
 * caption, its references the image's reference captions.
 * @throws GramscoreError `INVALID_OPTION`, `UNKNOWN_TOKENIZER`.
 */
export function createCider(options?: CiderOptions, context?: MetricContext): CiderMetric {
  return buildCider(options, true, context);
}

/**
 * Creates the original CIDEr of vrama91/cider (no clipping, no length penalty; df mode `corpus`).
 * @throws GramscoreError `INVALID_OPTION`, `UNKNOWN_TOKENIZER`.
 */
export function createCiderOriginal(options?: Omit<CiderOptions, "sigma">, context?: MetricContext): CiderMetric {
  return buildCider(options, false, context);
}

/**
 * CIDEr-D of a corpus: `candidates[i]` against its references `references[k][i]` (`null` where an image
 * has fewer). `score` is pycocoevalcap's corpus score, `scores` each image's.
 * ```ts
 * cider(["a dog runs", "a red car"], [["a dog is running", "a car"], ["the dog runs", "a red car parked"]]).score; // 3.204317673412396
 * ```
 * @throws GramscoreError `LENGTH_MISMATCH`, `EMPTY_INPUT`, `INVALID_TYPE`, `INVALID_OPTION`.
 */
export function cider(candidates: readonly string[], references: Streams, options?: CiderOptions): CiderResult {
  const m = createCider(options);
  return scoreSegments(m, toSegments(candidates, references));
}

/** The original CIDEr (vrama91/cider) of a corpus, laid out as {@link cider}. */
export function ciderOriginal(candidates: readonly string[], references: Streams, options?: Omit<CiderOptions, "sigma">): CiderResult {
  const m = createCiderOriginal(options);
  return scoreSegments(m, toSegments(candidates, references));
}

/**
 * CIDEr-D of one image on its own: a one-image corpus, whose every idf is 0, so the score is 0, as
 * pycocoevalcap gives for one image. Per-image scores within a corpus are `cider(...).scores`.
 */
export function sentenceCider(candidate: string, references: readonly string[], options?: CiderOptions): CiderResult {
  const m = createCider(options);
  return m.score(m.stats(candidate, references), "segment");
}

/** The `cider` descriptor: CIDEr-D (pycocoevalcap's `Cider`). */
export const ciderMetric: MetricDescriptor<"cider", CiderOptions | undefined, CiderStats, CiderResult> = /* @__PURE__ */ defineMetric<
  "cider",
  CiderOptions | undefined,
  CiderStats,
  CiderResult
>({
  name: "cider",
  description: "CIDEr-D identical to pycocoevalcap's Cider (n=4, sigma 6, df from the corpus' references, x10), COCO PTB tokenization by default",
  aliases: ["cider-d"],
  options: ciderOptionSpecs,
  create: (options, context) => createCider(options, context),
});

/** The `cider-original` descriptor: the original CIDEr (vrama91/cider). */
export const ciderOriginalMetric: MetricDescriptor<"cider-original", Omit<CiderOptions, "sigma"> | undefined, CiderStats, CiderResult> =
  /* @__PURE__ */ defineMetric<"cider-original", Omit<CiderOptions, "sigma"> | undefined, CiderStats, CiderResult>({
    name: "cider-original",
    description: "The original CIDEr of vrama91/cider (no clipping, no length penalty, df from the corpus' references, x10)",
    options: ciderOriginalOptionSpecs,
    create: (options, context) => createCiderOriginal(options, context),
  });

/** The `coco-ptb` tokenizer descriptor. */
export const cocoPtbTokenizer = /* @__PURE__ */ defineTokenizer<"coco-ptb", undefined>({
  name: "coco-ptb",
  description: "COCO caption evaluation's tokenization: Stanford PTBTokenizer -preserveLines -lowerCase, then pycocoevalcap's punctuation removal",
  options: [],
  create: (options) => createCocoPtbTokenizer(options),
});

/** The plugin of this package: the metrics `cider` and `cider-original`, the tokenizer `coco-ptb`. */
export const plugin = /* @__PURE__ */ definePlugin({
  name: "@gramscore/metric-cider",
  version: VERSION,
  tokenizers: [cocoPtbTokenizer],
  metrics: [ciderMetric, ciderOriginalMetric],
});

export default plugin;
