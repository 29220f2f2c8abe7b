/**
 * A promptfoo `javascript` assertion, added in one line of `promptfooconfig.yaml` through promptfoo's
 * `package:` form:
 *
 * ```yaml
 * - { type: javascript, value: "package:@gramscore/scorers:gramscoreAssertion", config: { metric: chrf, threshold: 0.5 } }
 * ```
 */
import { ErrorCode, GramscoreError, describeValue } from "@gramscore/core";
import { score } from "./adapters.js";
import type { Scale } from "./metrics.js";

/** The assertion's `config` in promptfooconfig.yaml. */
export interface PromptfooAssertionConfig {
  /** The metric's name (`chrf`, `bleu`, `rouge`, `meteor`, ...). Required. */
  metric: string;
  /**
   * The score the output needs: at least this for metrics where higher is better, at most this for
   * error rates (TER, WER). In `scale`. Without it the assertion passes and only records the score.
   */
  threshold?: number;
  /** The metric's options, as the metric package names them (`{ tokenize: intl }`). */
  options?: Record<string, unknown>;
  /** The result's number to use (`rougeL.f`); see `ScorerOptions.key`. */
  key?: string;
  /** `unit` (default: 0–1, as promptfoo's scores) or `metric` (BLEU and chrF on 0–100). */
  scale?: Scale;
  /** The test variable holding the reference (a string or a list of strings); default `expected`. */
  referenceVar?: string;
  /** The reference itself, instead of a variable. */
  reference?: string | string[];
  /** The test variable holding the source of metrics that need one (SARI: the sentence simplified); default `input`. */
  sourceVar?: string;
  /** The source itself, instead of a variable. */
  source?: string;
}

/** What promptfoo passes an assertion besides the output (only `vars` and `config` are read). */
export interface PromptfooContext {
  readonly vars?: Readonly<Record<string, unknown>>;
  readonly config?: Readonly<Record<string, unknown>>;
}

/** promptfoo's `GradingResult`: `{ pass, score, reason }`, with the signature in `reason`. */
export interface PromptfooGradingResult {
  readonly pass: boolean;
  readonly score: number;
  readonly reason: string;
  readonly namedScores: Readonly<Record<string, number>>;
}

function configOf(context: PromptfooContext | undefined): PromptfooAssertionConfig {
  const config = (context?.config ?? {}) as Partial<PromptfooAssertionConfig>;
  if (typeof config.metric !== "string") {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `The gramscore promptfoo assertion needs config.metric (for example config: { metric: chrf, threshold: 0.5 }), but config is ${describeValue(context?.config)}.`,
      { details: { option: "metric" } },
    );
  }
  if (config.threshold !== undefined && (typeof config.threshold !== "number" || !Number.isFinite(config.threshold))) {
    throw new GramscoreError(ErrorCode.INVALID_OPTION, `config.threshold must be a number, but got ${describeValue(config.threshold)}.`, {
      details: { option: "threshold" },
    });
  }
  return config as PromptfooAssertionConfig;
}

/**
 * The assertion: scores promptfoo's output against the test's reference (`vars.expected` unless
 * `config.referenceVar` or `config.reference` says otherwise) at sentence level and returns `{ pass,
 * score, reason }`; `pass` compares the score with `config.threshold` (at least, or at most for error
 * rates). SARI's source is `vars.input` (`config.sourceVar`, `config.source`). A missing reference or
 * source, a bad option, or a metric with no sentence-level score (distinct-n, Self-BLEU, CIDEr-D)
 * throws a `GramscoreError`, which promptfoo reports as a failed assertion with its message.
 */
export async function gramscoreAssertion(output: unknown, context?: PromptfooContext): Promise<PromptfooGradingResult> {
  const config = configOf(context);
  const reference = config.reference ?? context?.vars?.[config.referenceVar ?? "expected"];
  const source = config.source ?? context?.vars?.[config.sourceVar ?? "input"];
  const d = await score(config.metric, output, reference, { options: config.options, key: config.key, scale: config.scale ?? "unit", source: source as string | undefined });
  const t = config.threshold;
  const pass = t === undefined ? true : d.higherIsBetter ? d.score >= t : d.score <= t;
  const label = `${d.metric}${d.key === "score" ? "" : ` ${d.key}`}`;
  const verdict = t === undefined ? "no threshold" : `${d.higherIsBetter ? ">=" : "<="} ${t}: ${pass ? "pass" : "fail"}`;
  return {
    pass,
    score: d.score,
    reason: `${label} ${d.score} (${verdict}; ${d.signature})`,
    namedScores: { [label]: d.score },
  };
}

