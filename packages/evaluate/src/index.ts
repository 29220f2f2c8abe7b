import { ErrorCode, GramscoreError, describeValue } from "@gramscore/core";
import { bleuModule, chrfModule, errorRateModule, googleBleuModule, rougeModule, sacrebleuModule, terModule } from "./metrics.js";
import { closest } from "./module.js";
import { sariModule } from "./sari.js";
import { characterModule } from "./character.js";
import { squadModule, squadV2Module } from "./squad.js";
import type { EvaluationModule, MetricName, SyncMetricName } from "./types.js";

export type * from "./types.js";
export { VERSION } from "./version.js";
export { DEFAULT_ROUGE_TYPES } from "./metrics.js";

/** Every name `load` and `loadAsync` know: HF evaluate's metric names, in HF's spelling. */
export const METRIC_NAMES: readonly MetricName[] = Object.freeze(["bleu", "sacrebleu", "google_bleu", "rouge", "chrf", "ter", "meteor", "wer", "cer", "squad", "squad_v2", "sari", "character"]);

/** The names HF evaluate's `list_evaluation_modules` would show that gramscore computes. */
export function list(): MetricName[] {
  return [...METRIC_NAMES];
}

/** HF evaluate metrics that are not here, with the reason. */
const NOT_HERE: Readonly<Record<string, string>> = {
  nist_mt:
    "HF's nist_mt tokenizes with NLTK's NISTTokenizer, which gramscore does not reproduce; @gramscore/metric-nist gives NLTK's corpus_nist on the tokens of your choice.",
};

function unknownMetric(name: unknown): GramscoreError {
  if (typeof name !== "string") {
    return new GramscoreError(ErrorCode.INVALID_TYPE, `load(name) takes a metric name such as "bleu", but got ${describeValue(name)}.`);
  }
  const near = closest(name, METRIC_NAMES as string[]);
  const why = NOT_HERE[name];
  return new GramscoreError(
    ErrorCode.UNKNOWN_METRIC,
    `No metric is known by the name ${JSON.stringify(name)}.${why === undefined ? "" : ` ${why}`}${near.length > 0 ? ` Did you mean "${near[0]}"?` : ""} ` +
      `Known names: ${METRIC_NAMES.join(", ")}.`,
    { details: { name, available: [...METRIC_NAMES], suggestions: near } },
  );
}

/**
 * HF evaluate's `evaluate.load(name)`: the module of a metric, whose `compute({ predictions,
 * references, ...options })` takes HF's argument names and returns HF's dictionary. Every name but
 * `meteor`: METEOR needs WordNet (5 MB), so it comes from {@link loadAsync} or the
 * `@gramscore/evaluate/meteor` entry.
 * @throws GramscoreError `UNKNOWN_METRIC` (the message lists the known names), `MISSING_DEPENDENCY` for `meteor`.
 */
export function load<N extends SyncMetricName>(name: N): EvaluationModule<N>;
export function load(name: string): EvaluationModule;
export function load(name: string): EvaluationModule {
  switch (name) {
    case "bleu":
      return bleuModule();
    case "sacrebleu":
      return sacrebleuModule();
    case "google_bleu":
      return googleBleuModule();
    case "rouge":
      return rougeModule();
    case "chrf":
      return chrfModule();
    case "ter":
      return terModule();
    case "wer":
      return errorRateModule("wer");
    case "cer":
      return errorRateModule("cer");
    case "squad":
      return squadModule();
    case "squad_v2":
      return squadV2Module();
    case "sari":
      return sariModule();
    case "character":
      return characterModule();
    case "meteor":
      throw new GramscoreError(
        ErrorCode.MISSING_DEPENDENCY,
        'METEOR needs WordNet (about 5 MB), which load() does not bring in so that the other metrics stay small. Use `await loadAsync("meteor")`, ' +
          'or `import { meteor } from "@gramscore/evaluate/meteor"` for the module itself.',
        { details: { name } },
      );
    default:
      throw unknownMetric(name);
  }
}

/**
 * `load` for every name, `meteor` included: METEOR and WordNet (`@gramscore/wordnet`, the
 * `@gramscore/evaluate/meteor` entry) are imported on first use of `meteor` only.
 * @throws GramscoreError `UNKNOWN_METRIC` (as a rejected promise).
 */
export async function loadAsync<N extends MetricName>(name: N): Promise<EvaluationModule<N>>;
export async function loadAsync(name: string): Promise<EvaluationModule>;
export async function loadAsync(name: string): Promise<EvaluationModule> {
  if (name === "meteor") {
    const { meteor } = await import("./meteor.js");
    return meteor;
  }
  return load(name);
}
