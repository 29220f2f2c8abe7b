/**
 * What `gramscore sacrebleu` runs: sacrebleu's BLEU, chrF and TER created from its arguments (with its
 * tokenizer defaults and warnings), and each system scored segment by segment.
 */
import { ErrorCode, GramscoreError } from "@gramscore/core";
import type { Metric } from "@gramscore/core";
import { createBleu } from "@gramscore/metric-bleu";
import { createChrf } from "@gramscore/metric-chrf";
import { createTer } from "@gramscore/metric-ter";
import { rowsOf } from "@gramscore/significance";
import { loadJaMecab } from "./setup.js";

/** The arguments of sacrebleu's command line that choose and configure the metrics. */
export interface MetricArgs {
  readonly metrics: readonly string[];
  readonly langpair: string | undefined;
  readonly tokenize: string | undefined;
  readonly smoothMethod: string;
  readonly smoothValue: number | undefined;
  readonly lowercase: boolean;
  readonly chrfCharOrder: number;
  readonly chrfWordOrder: number;
  readonly chrfBeta: number;
  readonly chrfWhitespace: boolean;
  readonly chrfLowercase: boolean;
  readonly chrfEpsSmoothing: boolean;
  readonly terCaseSensitive: boolean;
  readonly terAsianSupport: boolean;
  readonly terNoPunct: boolean;
  readonly terNormalized: boolean;
}

/** sacrebleu's log (INFO, WARNING, ERROR lines on stderr). */
export interface Logger {
  info(message: string): void;
  warning(message: string): void;
  error(message: string): void;
}

/** A GramscoreError `USAGE` for what gramscore sacrebleu does not do. */
export function refuse(message: string): GramscoreError {
  return new GramscoreError(ErrorCode.USAGE, message);
}

export interface BuiltMetric {
  /** sacrebleu's key: BLEU, CHRF, TER. */
  key: string;
  metric: Metric<any, any>;
  /** The score's name: BLEU, chrF2, chrF2++, TER. */
  name: string;
}

/**
 * The metrics of `-m` (BLEU, chrF, TER) created with sacrebleu's arguments, in sacrebleu's order.
 * `ja-mecab` comes from @gramscore/tokenizer-ja-mecab when it is installed (a MISSING_DEPENDENCY error
 * naming the install command otherwise).
 */
export async function buildMetrics(a: MetricArgs, log: Logger): Promise<BuiltMetric[]> {
  const keys: string[] = [];
  for (const m of a.metrics) if (!keys.includes(m.toUpperCase())) keys.push(m.toUpperCase());
  let trgLang = "";
  if (a.langpair !== undefined) trgLang = a.langpair.split("-")[1] ?? "";
  const built: BuiltMetric[] = [];
  for (const key of keys) {
    let metric: Metric<any, any>;
    if (key === "BLEU") {
      let tokenize = a.tokenize;
      if (tokenize === undefined) {
        tokenize = ({ zh: "zh", ja: "ja-mecab", ko: "ko-mecab" } as Record<string, string>)[trgLang] ?? "13a";
      } else {
        if (trgLang === "zh" && tokenize !== "zh") log.warning("Consider using the 'zh' or 'spm' tokenizer for Chinese.");
        if (trgLang === "ja" && tokenize !== "ja-mecab") log.warning("Consider using the 'ja-mecab' or 'spm' tokenizer for Japanese.");
        if (trgLang === "ko" && tokenize !== "ko-mecab") log.warning("Consider using the 'ko-mecab' or 'spm' tokenizer for Korean.");
      }
      if (tokenize === "ko-mecab") {
        throw refuse(
          "BLEU's tokenizer ko-mecab (MeCab with mecab-ko-dic) is not available in gramscore: it has no Korean MeCab dictionary. " +
            "Score Korean with sacrebleu's ko-mecab, or with `gramscore score -m bleu --tokenize flores200` (spBLEU) for a tokenizer gramscore has.",
        );
      }
      if (!["13a", "intl", "zh", "char", "none", "ja-mecab"].includes(tokenize)) {
        throw refuse(`BLEU's tokenizer ${tokenize} is not available in gramscore sacrebleu (it has 13a, intl, zh, char, ja-mecab and none).`);
      }
      const needsValue = a.smoothMethod === "floor" || a.smoothMethod === "add-k";
      metric = createBleu({
        tokenize: tokenize === "ja-mecab" ? await loadJaMecab() : (tokenize as "13a"),
        smoothMethod: a.smoothMethod as "exp",
        ...(needsValue && a.smoothValue !== undefined ? { smoothValue: a.smoothValue } : {}),
        lowercase: a.lowercase,
      });
    } else if (key === "CHRF") {
      metric = createChrf({
        charOrder: a.chrfCharOrder,
        wordOrder: a.chrfWordOrder,
        beta: a.chrfBeta,
        lowercase: a.chrfLowercase,
        whitespace: a.chrfWhitespace,
        epsSmoothing: a.chrfEpsSmoothing,
      });
    } else {
      metric = createTer({ normalized: a.terNormalized, noPunct: a.terNoPunct, asianSupport: a.terAsianSupport, lowercase: !a.terCaseSensitive });
    }
    built.push({ key, metric, name: rowsOf(metric).name });
  }
  return built;
}

/** One system's statistics under one metric. */
export interface Scored {
  stats: unknown[];
  merged: unknown;
}

/** Statistics of one system under one metric, with sacrebleu's warning about tokenized periods. */
export function scoreSystem(m: BuiltMetric, hyps: readonly string[], refs: readonly string[][], force: boolean, log: Logger): Scored {
  const stats: unknown[] = new Array(hyps.length);
  let merged = m.metric.empty();
  let tokenized = 0;
  for (let i = 0; i < hyps.length; i++) {
    const hyp = hyps[i]!;
    if (m.key === "BLEU" && !force && hyp.endsWith(" .")) tokenized++;
    // sacrebleu drops empty references of a segment (tab-separated files may leave fields empty).
    const segRefs = refs.map((r) => r[i]!).filter((r) => r !== "");
    const st = m.metric.stats(hyp, segRefs);
    stats[i] = st;
    merged = m.metric.merge(merged, st);
  }
  if (tokenized >= 100) {
    log.warning("That's 100 lines that end in a tokenized period ('.')");
    log.warning("It looks like you forgot to detokenize your test data, which may hurt your score.");
    log.warning("If you insist your data is detokenized, or don't care, you can suppress this message with the `force` parameter.");
  }
  return { stats, merged };
}

/** BLEU's verbose part, from the library's own one-line format (`BLEU = 51.6 <verbose>`). */
export function verboseOf(m: BuiltMetric, result: unknown): string {
  if (m.key !== "BLEU" || typeof m.metric.format !== "function") return "";
  const line = m.metric.format(result, { width: 1 });
  const match = /^\S+ = \S+ (.*)$/s.exec(line);
  return match === null ? "" : match[1]!;
}

