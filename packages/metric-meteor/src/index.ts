/**
 * @gramscore/metric-meteor: METEOR identical to NLTK 3.8's `meteor_score` (exact, Porter-stem and
 * synonym stages in NLTK's greedy order, fragmentation penalty, best over references), with the
 * alignment shown, as a gramscore metric plugin. Synonyms come from a provider such as
 * `@gramscore/wordnet` (WordNet 3.0, what NLTK uses); without one the synonym stage is skipped and no
 * WordNet data is loaded.
 */
import { ErrorCode, GramscoreError, defineMetric, definePlugin, describeValue, evaluate, toSegments, validateSegment } from "@gramscore/core";
import type { MetricDescriptor, Plugin } from "@gramscore/core";
import { createMeteor, makeMeteor } from "./metric.js";
import type { MeteorMetric, MeteorResult, MeteorStats } from "./metric.js";
import { meteorOptionSpecs, resolveMeteorOptions } from "./options.js";
import type { MeteorOptions, SynonymProvider } from "./options.js";
import { VERSION } from "./version.js";

export { createMeteor, parseMeteorStats } from "./metric.js";
export type { MeteorAlignment, MeteorExplanation, MeteorMatch, MeteorMetric, MeteorResult, MeteorStats } from "./metric.js";
export { METEOR_DEFAULTS, meteorOptionSpecs, resolveMeteorOptions } from "./options.js";
export type { MeteorOptions, ResolvedMeteorOptions, SynonymProvider } from "./options.js";
export { MeteorAligner, STAGE_EXACT, STAGE_STEM, STAGE_SYNONYM, meteorFromCounts } from "./align.js";
export { VERSION };

declare module "@gramscore/core" {
  interface MetricMap {
    meteor: { options: MeteorOptions; stats: MeteorStats; result: MeteorResult };
    "meteor-hf": { options: MeteorOptions; stats: MeteorStats; result: MeteorResult };
  }
}

/**
 * Scores a corpus with METEOR in sacrebleu's layout (`hyps[i]` against `refStreams[k][i]` for every
 * stream `k`; `null` / `undefined` entries are skipped): the mean of NLTK's `meteor_score` over the
 * segments, each the best over its references.
 * @throws GramscoreError `LENGTH_MISMATCH` when a stream's length differs from the hypotheses',
 *   `EMPTY_INPUT` for no hypotheses or streams, `INVALID_OPTION`, `INVALID_TYPE`.
 */
export function meteor(hyps: readonly string[], refStreams: readonly (readonly (string | null | undefined)[])[], options?: MeteorOptions): MeteorResult {
  return evaluate(createMeteor(options), toSegments(hyps, refStreams)).corpus;
}

/**
 * NLTK's `meteor_score(references, hypothesis)` of one hypothesis against its references (texts,
 * tokenized with `options.tokenize`, `str.split()` by default).
 * @throws GramscoreError for a non-string hypothesis, no or non-string references, a bad option.
 */
export function sentenceMeteor(hyp: string, refs: readonly string[], options?: MeteorOptions): MeteorResult {
  const metric = createMeteor(options);
  const segment = validateSegment({ hyp, refs }, 0);
  return metric.score(metric.stats(segment.hyp, segment.refs), "segment");
}

/** Options of {@link meteorPlugin}. */
export interface MeteorPluginOptions {
  /**
   * Synonym providers the descriptors' string option `synonyms` can name (`{ wordnet }` from
   * `@gramscore/wordnet` makes `synonyms: "wordnet"` available); `none` is always there.
   */
  providers?: Readonly<Record<string, SynonymProvider>>;
  /** The provider name used when `synonyms` is not given; default `none`. */
  defaultSynonyms?: string;
}

type DescriptorOptions = Omit<MeteorOptions, "synonyms"> & { synonyms?: MeteorOptions["synonyms"] | string };

/**
 * Builds this package's plugin: the `meteor` metric (NLTK, `str.split()` tokens by default) and
 * `meteor-hf` (HF evaluate's `meteor`: the `treebank` tokenizer unless `tokenize` says otherwise),
 * whose `synonyms` option may name one of `providers`. The CLI registers it with WordNet.
 */
export function meteorPlugin(pluginOptions: MeteorPluginOptions = {}): Plugin {
  const providers = pluginOptions.providers ?? {};
  const names = ["none", ...Object.keys(providers).filter((n) => n !== "none")];
  const fallback = pluginOptions.defaultSynonyms ?? "none";
  const pick = (options: DescriptorOptions | undefined): MeteorOptions => {
    const o = { ...(options ?? {}) };
    const syn = o.synonyms === undefined ? fallback : o.synonyms;
    if (typeof syn === "string" && syn !== "none") {
      const p = providers[syn];
      if (p === undefined) {
        throw new GramscoreError(
          ErrorCode.INVALID_OPTION,
          `METEOR option synonyms names no known synonym provider: got ${describeValue(syn)}, known: ${names.join(", ")}. ` +
            'Pass a provider object in code (the wordnet export of the @gramscore/wordnet package), or "none" to skip the synonym stage.',
          { details: { option: "synonyms" } },
        );
      }
      return { ...o, synonyms: p };
    }
    return o as MeteorOptions;
  };
  const specs = [
    ...meteorOptionSpecs,
    { key: "synonyms", flag: "synonyms", type: "string" as const, choices: names, description: "synonym stage: a provider name, or none", default: fallback },
  ];
  const nltk: MetricDescriptor<"meteor", DescriptorOptions | undefined, MeteorStats, MeteorResult> = defineMetric({
    name: "meteor",
    description: "METEOR (NLTK 3.8 meteor_score: exact, stem and synonym matches, fragmentation penalty), mean of segment scores",
    options: specs,
    create: (options, context): MeteorMetric => makeMeteor(resolveMeteorOptions(pick(options)), context, "meteor", "METEOR"),
  });
  const hf: MetricDescriptor<"meteor-hf", DescriptorOptions | undefined, MeteorStats, MeteorResult> = defineMetric({
    name: "meteor-hf",
    description: "METEOR as HF evaluate's meteor computes it (NLTK word_tokenize tokens without Punkt; mean of segment scores)",
    options: specs.map((s) => (s.key === "tokenize" ? { ...s, default: "treebank" } : s)),
    create: (options, context): MeteorMetric =>
      makeMeteor(resolveMeteorOptions({ ...pick(options), tokenize: options?.tokenize ?? "treebank" }), context, "meteor-hf", "METEOR"),
  });
  return definePlugin({ name: "@gramscore/metric-meteor", version: VERSION, tokenizers: [], metrics: [nltk, hf] });
}

/** The plugin of this package without synonym providers (`synonyms: "none"`). */
export const plugin = /* @__PURE__ */ meteorPlugin();

export default plugin;
