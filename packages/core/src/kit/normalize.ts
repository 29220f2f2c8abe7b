/**
 * The `normalize` option of a metric: a text transform applied to every hypothesis and reference
 * before the metric sees them (Whisper's normalizers before WER, for instance), named in the signature.
 * One rule and one wrapper, so a metric takes the option by adding {@link normalizeRule} to its rules
 * and returning {@link withNormalizer} of the metric it built.
 */
import { ErrorCode, GramscoreError, describeValue, isGramscoreError } from "../errors.js";
import type { OptionRule } from "./options.js";
import type { Metric, MetricContext, Normalizer, OptionSpec, Segment } from "../types.js";

/** What the `normalize` option takes: a {@link Normalizer}, or a function `text => text` (named `custom`). */
export type NormalizerLike = Normalizer | ((text: string) => string);

/**
 * Wraps a normalizer so that every call is checked: it must return a string (`INVALID_TYPE`
 * otherwise), and an exception that is not a `GramscoreError` becomes `PLUGIN_FAILED`.
 */
function checkedNormalizer(name: string, signature: string, fn: (text: string) => unknown, metric: string): Normalizer {
  const normalize = (text: string): string => {
    let out: unknown;
    try {
      out = fn(text);
    } catch (error) {
      if (isGramscoreError(error)) throw error;
      throw new GramscoreError(
        ErrorCode.PLUGIN_FAILED,
        `The normalizer "${name}" used by ${metric} threw: ${error instanceof Error ? error.message : String(error)}. Fix the normalizer, or choose another.`,
        { cause: error, details: { normalizer: name, metric } },
      );
    }
    if (typeof out !== "string") {
      throw new GramscoreError(ErrorCode.INVALID_TYPE, `The normalizer "${name}" used by ${metric} must return a string, but returned ${describeValue(out)}.`, {
        details: { normalizer: name, metric },
      });
    }
    return out;
  };
  return { name, signature, normalize };
}

/**
 * Reads a metric's `normalize` option: `undefined`, `null` and `"none"` are no normalization
 * (`undefined`); a {@link Normalizer} keeps its `name` and `signature`; a function is named `custom`.
 * Both are checked on every call.
 * A name (`"whisper-en"`) is resolved by a registry first (see {@link namedNormalizer}); here it is refused.
 * @throws GramscoreError `INVALID_OPTION` (`details.option` = `normalize`) for anything else.
 */
export function resolveNormalizeOption(option: unknown, metric: string): Normalizer | undefined {
  if (option === undefined || option === null || option === "none") return undefined;
  if (typeof option === "function") return checkedNormalizer("custom", "custom", option as (text: string) => unknown, metric);
  if (typeof option === "object" && typeof (option as { normalize?: unknown }).normalize === "function") {
    const o = option as Partial<Normalizer> & { normalize(text: string): unknown };
    const name = typeof o.name === "string" && o.name !== "" ? o.name : "custom";
    const signature = typeof o.signature === "string" && o.signature !== "" ? o.signature : name;
    return checkedNormalizer(name, signature, (text) => o.normalize(text), metric);
  }
  throw new GramscoreError(
    ErrorCode.INVALID_OPTION,
    `Option normalize of ${metric} must be a Normalizer ({ name, signature, normalize(text) }, e.g. whisperEnglish from ` +
      `@gramscore/normalizer-whisper), a function (text) => string, or "none", but got ${describeValue(option)}` +
      (typeof option === "string" ? `; a name such as "whisper-en" is resolved only by a registry that has the normalizer's plugin (registry.metric("wer", { normalize: "whisper-en" })).` : "."),
    { details: { option: "normalize" } },
  );
}

/**
 * A metric descriptor's options with a `normalize` name (`"whisper-en"`) replaced by the normalizer
 * `context` has under that name (a registry's), so that the metric's {@link normalizeRule} gets an
 * object. Other options, and options without a name there (or `"none"`), are returned as they are.
 * @throws GramscoreError from `context.normalizer` for an unknown name.
 */
export function namedNormalizer<O>(options: O, context: MetricContext | undefined): O {
  const name = (options as { normalize?: unknown } | null | undefined)?.normalize;
  if (typeof name !== "string" || name === "none" || context?.normalizer === undefined) return options;
  return { ...(options as object), normalize: context.normalizer(name) } as O;
}

/**
 * The `normalize` option for a descriptor's `options` (the CLI's `--normalize NAME`): a normalizer's
 * name, resolved by the registry ({@link namedNormalizer}).
 */
export const normalizeOptionSpec: OptionSpec = {
  key: "normalize",
  flag: "normalize",
  type: "string",
  description: "normalize hypotheses and references first with a registered normalizer (whisper-en, whisper-basic; see gramscore list)",
  default: "none",
};

/** The option rule of `normalize` for a metric's rules ({@link resolveNormalizeOption} reads it). */
export function normalizeRule(metric: string): OptionRule {
  return { key: "normalize", type: "string", read: (value) => resolveNormalizeOption(value, metric) };
}

/**
 * Adds `norm:<signature>` to a signature, before its version field (`version:` or `v:`), or at the end.
 */
export function signatureWithNormalizer(signature: string, normalizer: Normalizer): string {
  const field = `norm:${normalizer.signature}`;
  const parts = signature.split("|");
  const at = parts.findIndex((p) => p.startsWith("version:") || p.startsWith("v:"));
  if (at < 0) return signature === "" ? field : `${signature}|${field}`;
  parts.splice(at, 0, field);
  return parts.join("|");
}

/**
 * The metric applied to normalized text: every hypothesis and reference goes through `normalizer`
 * before `metric` sees it (statistics, corpus statistics, `explain`, pairwise and aggregate scores),
 * and every signature (the metric's and a result's `signature` field) gains `norm:<signature>`.
 * Values that are not strings reach the metric unchanged, so its own checks report them. The metric's
 * other members (its options, typed extras) stay reachable. Without a normalizer, `metric` itself.
 */
export function withNormalizer<M extends Metric<any, any>>(metric: M, normalizer: Normalizer | undefined): M {
  if (normalizer === undefined) return metric;
  const n = (text: unknown): any => (typeof text === "string" ? normalizer.normalize(text) : text);
  const refsOf = (refs: unknown): any => (Array.isArray(refs) ? refs.map(n) : refs);
  const sign = (signature: string): string => signatureWithNormalizer(signature, normalizer);
  const wrapped = Object.create(metric) as Record<string, unknown>;
  const own = (key: string, value: unknown): void => {
    Object.defineProperty(wrapped, key, { value, enumerable: true, configurable: true, writable: false });
  };
  own("stats", (hyp: string, refs: readonly string[]) => metric.stats(n(hyp), refsOf(refs)));
  own("signature", (stats?: unknown) => sign(metric.signature(stats)));
  own("score", (stats: unknown, level: "segment" | "corpus") => {
    const result = metric.score(stats, level) as unknown;
    if (result !== null && typeof result === "object" && typeof (result as { signature?: unknown }).signature === "string") {
      return { ...(result as object), signature: sign((result as { signature: string }).signature) };
    }
    return result;
  });
  if (metric.corpusStats !== undefined) {
    const corpusStats = metric.corpusStats.bind(metric);
    own("corpusStats", (segments: Iterable<Segment>) =>
      corpusStats(
        (function* () {
          for (const seg of segments) {
            yield seg !== null && typeof seg === "object" ? ({ ...seg, hyp: n(seg.hyp), refs: refsOf(seg.refs) } as Segment) : seg;
          }
        })(),
      ),
    );
  }
  if (metric.explain !== undefined) {
    const explain = metric.explain.bind(metric);
    own("explain", (hyp: string, refs: readonly string[]) => explain(n(hyp), refsOf(refs)));
  }
  if (metric.pairwise !== undefined) {
    const pairwise = metric.pairwise.bind(metric);
    own("pairwise", (hyps: readonly string[], refs: readonly string[], options?: unknown) => pairwise(refsOf(hyps), refsOf(refs), options as never));
  }
  if (metric.pairwiseBatch !== undefined) {
    const batch = metric.pairwiseBatch.bind(metric);
    own("pairwiseBatch", (inputs: readonly { hyps: readonly string[]; refs: readonly string[] }[], options?: unknown) =>
      batch(Array.isArray(inputs) ? inputs.map((i) => (i !== null && typeof i === "object" ? { ...i, hyps: refsOf(i.hyps), refs: refsOf(i.refs) } : i)) : inputs, options as never),
    );
  }
  if (metric.aggregateScores !== undefined) {
    const aggregate = metric.aggregateScores.bind(metric);
    own("aggregateScores", (hyps: readonly string[], refs: readonly string[], options?: unknown) => aggregate(refsOf(hyps), refsOf(refs), options as never));
  }
  own("normalizer", normalizer);
  return wrapped as M;
}
