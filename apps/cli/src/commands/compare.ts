/**
 * `gramscore compare BASELINE CANDIDATE`: a regression gate for CI. Both systems are scored with the
 * metrics of -m, each metric's difference is tested with the paired bootstrap (or approximate
 * randomization) of `score --paired-bs` (the same p-values for the same seed), and the command exits
 * with 1 when the candidate is significantly worse on any metric. It prints a table, and writes what
 * CI systems read: Markdown (also appended to $GITHUB_STEP_SUMMARY when set), GitHub annotations and
 * JUnit XML.
 */
import { type Command, InvalidArgumentError, Option } from "commander";
import { DEFAULT_P_VALUE, DEFAULT_THRESHOLD, formatGateAnnotations, formatGateJUnit, formatGateMarkdown, formatGateTable } from "@gramscore/significance";
import { usageError } from "../shared/errors.js";
import { appendText } from "../output/summary.js";
import { checkOutputPath, writeFileAtomic, writeOutput } from "../output/write.js";
import { compareFiles } from "../run/compare.js";
import { SIGNIFICANCE_DEFAULTS, significancePlan } from "../run/significance.js";
import { metricNames, prepareMetrics, warnUnavailable } from "./common.js";
import { SCOPED_HELP, bind, collectList, parseWidth, type CommandModule, type Context } from "./kit.js";

/** Decimals of the table and reports unless -w says otherwise. */
const COMPARE_WIDTH = 2;

interface CompareFlags {
  refs?: string[];
  metrics?: string[];
  pairedBs?: boolean;
  pairedAr?: boolean;
  pairedBsN?: number;
  pairedArN?: number;
  seed?: string;
  pValue?: number;
  threshold?: (number | [string, number])[];
  markdown?: string;
  junit?: string;
  annotations?: boolean;
  format?: "table" | "json";
  width?: number;
  keepWhitespace?: boolean;
  progress?: boolean;
}

function samples(flag: string): (value: string) => number {
  return (value: string) => {
    const n = Number(value);
    if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < 1) throw new InvalidArgumentError(`${flag} takes a whole number of resamples or trials (1 or more).`);
    return n;
  };
}

/** `--p-value`: a level above 0 and at most 1. */
export function parseLevel(value: string): number {
  const n = Number(value);
  if (value.trim() === "" || !(n > 0 && n <= 1)) throw new InvalidArgumentError(`takes a significance level above 0 and at most 1, e.g. 0.05 or 0.01 (got ${JSON.stringify(value)}).`);
  return n;
}

/** `--threshold`: `0.5` for every metric, or `bleu=1,chrf=0.5` per metric (repeatable). */
export function parseThreshold(value: string, previous: (number | [string, number])[] | undefined): (number | [string, number])[] {
  const out = [...(previous ?? [])];
  const points = (text: string, what: string): number => {
    const n = Number(text);
    if (text.trim() === "" || !Number.isFinite(n) || n < 0) {
      throw new InvalidArgumentError(`${what} must be a number of points of the metric's scale, 0 or more, e.g. 0.5 or bleu=1,chrf=0.5 (got ${JSON.stringify(text)}).`);
    }
    return n;
  };
  for (const part of value.split(",")) {
    const at = part.indexOf("=");
    if (at < 0) out.push(points(part, "the threshold"));
    else out.push([part.slice(0, at).trim(), points(part.slice(at + 1), `the threshold of ${part.slice(0, at).trim()}`)]);
  }
  return out;
}

function thresholdOf(given: (number | [string, number])[] | undefined): number | Record<string, number> {
  if (given === undefined || given.length === 0) return DEFAULT_THRESHOLD;
  const all = given.filter((g): g is number => typeof g === "number");
  const per = given.filter((g): g is [string, number] => typeof g !== "number");
  if (all.length > 0 && (all.length > 1 || per.length > 0)) {
    throw usageError("--threshold takes either one number for every metric (--threshold 0.5) or one per metric (--threshold bleu=1,chrf=0.5), not both.");
  }
  return all.length === 1 ? all[0]! : Object.fromEntries(per);
}

async function action(ctx: Context, baseline: string, candidate: string, flags: CompareFlags, cmd: Command) {
  const plan = significancePlan(
    {
      pairedBs: flags.pairedBs === true || flags.pairedAr !== true,
      ...(flags.pairedAr === true ? { pairedAr: true } : {}),
      ...(flags.pairedBsN === undefined ? {} : { pairedBsN: flags.pairedBsN }),
      ...(flags.pairedArN === undefined ? {} : { pairedArN: flags.pairedArN }),
      ...(flags.seed === undefined ? {} : { seed: flags.seed }),
    },
    ctx.io.env,
  );
  if (plan === undefined || plan.kind !== "paired") throw usageError("compare runs a paired test: --paired-bs (default) or --paired-ar.");
  const threshold = thresholdOf(flags.threshold);
  const refs = flags.refs ?? [];
  const inputs = [baseline, candidate, ...refs];
  if (baseline === candidate) throw usageError(`The baseline and the candidate are the same file (${baseline}); give two systems' outputs.`);
  if (flags.markdown !== undefined && flags.markdown === flags.junit) throw usageError("--markdown and --junit name the same file; give each its own.");
  checkOutputPath(ctx.io, flags.markdown, inputs, "--markdown");
  checkOutputPath(ctx.io, flags.junit, inputs, "--junit");
  const metrics = await prepareMetrics(ctx, await metricNames(ctx, flags.metrics, "compare"), cmd);
  warnUnavailable(ctx, cmd);
  const result = await compareFiles(
    ctx,
    metrics,
    {
      baseline,
      candidate,
      refs,
      ...(flags.keepWhitespace === true ? { keepWhitespace: true } : {}),
      ...(flags.progress === false ? { progress: false } : {}),
    },
    { paired: plan, pValue: flags.pValue ?? DEFAULT_P_VALUE, threshold },
  );
  const width = { width: flags.width ?? COMPARE_WIDTH };
  let out = flags.format === "json" ? JSON.stringify(result, null, 2) + "\n" : formatGateTable(result, width);
  if (flags.annotations === true) out += formatGateAnnotations(result, width);
  await writeOutput(ctx.io, out, undefined);
  const markdown = formatGateMarkdown(result, width);
  if (flags.markdown !== undefined) await writeFileAtomic(ctx.io, flags.markdown, markdown);
  if (flags.junit !== undefined) await writeFileAtomic(ctx.io, flags.junit, formatGateJUnit(result, width));
  const summary = ctx.io.env.GITHUB_STEP_SUMMARY;
  if (summary !== undefined && summary !== "") appendText(ctx.io, summary, markdown);
  if (!result.pass) ctx.exitCode = 1;
}

/** The `compare` command. */
export const command: CommandModule = {
  pluginFlags: "metrics",
  define(program, ctx) {
    const d = SIGNIFICANCE_DEFAULTS;
    return program
      .command("compare")
      .summary("a regression gate: is the candidate significantly worse than the baseline?")
      .description(
        "Compare a candidate system with a baseline on every metric of -m with a paired significance test, and exit with 1 when the " +
          "candidate is significantly worse on any of them (0 otherwise, 2 for usage errors). A metric regresses when the candidate is " +
          "worse than the baseline by more than --threshold points (lower is worse for scores, higher for error rates such as TER) and " +
          "the test's p-value is below --p-value. BASELINE and CANDIDATE are hypothesis files with reference files (-r), or, without -r, " +
          'JSONL files of one system each ({"hyp": "...", "refs": ["..."]} per line, as score reads). The segments must pair up: the same ' +
          "source (\"src\") or, without one, the same references at every line. The p-values are those of score --paired-bs (or --paired-ar) " +
          "on the same two systems with the same seed.",
      )
      .argument("<baseline>", "the baseline's hypotheses (text, with -r) or records (JSONL)")
      .argument("<candidate>", "the candidate's, as the baseline's")
      .option("-r, --refs <files...>", "reference files, one per reference stream (leave out to read JSONL records)")
      .option("-m, --metrics <names>", "metrics to compare, comma-separated (repeatable)", collectList)
      .option("--paired-bs", `paired bootstrap resampling test (the default; sacrebleu's --paired-bs)`)
      .option("--paired-bs-n <n>", `resamples of --paired-bs (default ${d.bs}, sacrebleu 2.6.0's)`, samples("--paired-bs-n"))
      .option("--paired-ar", "paired approximate randomization test instead (sacrebleu's --paired-ar)")
      .option("--paired-ar-n <n>", `trials of --paired-ar (default ${d.ar}, sacrebleu 2.6.0's)`, samples("--paired-ar-n"))
      .option("--seed <n|none>", "seed of the resampling (default: $SACREBLEU_SEED, else 12345; none: unseeded)")
      .option("--p-value <p>", `significance level: a difference counts when its p-value is below it (default ${DEFAULT_P_VALUE})`, parseLevel)
      .option(
        "--threshold <points>",
        `points by which the candidate must be worse to fail, one number or metric=points,... (repeatable; default ${DEFAULT_THRESHOLD})`,
        parseThreshold,
      )
      .option("--markdown <file>", "also write a Markdown summary to this file (atomically)")
      .option("--junit <file>", "also write a JUnit XML report to this file (atomically): one test case per metric, a failure per regression")
      .option("--annotations", "also print GitHub Actions annotations (::error for a regression, ::notice otherwise) after the table")
      .addOption(new Option("-f, --format <format>", "output format (default table)").choices(["table", "json"]))
      .option("-w, --width <n>", `decimal places of scores and deltas (default ${COMPARE_WIDTH})`, parseWidth)
      .option("--keep-whitespace", "keep trailing whitespace of text lines (stripped by default, as sacrebleu does)")
      .option("--no-progress", "no progress bar")
      .addHelpText(
        "after",
        SCOPED_HELP +
          "\n\nIn GitHub Actions, the Markdown summary is also appended to the file $GITHUB_STEP_SUMMARY names (when set), so it shows on " +
          "the run's summary page; --annotations marks each metric on the run, --junit feeds test-report tools.\n" +
          "Example: gramscore compare base.txt cand.txt -r ref.txt -m bleu,chrf --junit gate.xml --annotations",
      )
      .action(bind(ctx, action));
  },
};
