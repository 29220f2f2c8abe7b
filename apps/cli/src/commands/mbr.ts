/**
 * `gramscore mbr`: Minimum Bayes Risk selection over JSONL records `{ "id", "candidates": [...] }`
 * (optional `"references"` and `"weights"`), streamed: one output line per record with the chosen
 * candidate and its expected utility under one metric.
 */
import { Option, type Command } from "commander";
import { ErrorCode, GramscoreError, describeValue, isGramscoreError } from "@gramscore/core";
import { mbr, type MbrMethod } from "@gramscore/mbr";
import { usageError, withLocation } from "../shared/errors.js";
import { withOutput } from "../output/write.js";
import { SCOPED_HELP, bind, collectList, type CommandModule, type Context } from "./kit.js";
import { readLines } from "../input/lines.js";
import { singleMetric } from "./pairwise.js";

interface MbrFlags {
  metrics?: string[];
  input?: string;
  output?: string;
  method?: MbrMethod;
  field?: string;
  excludeSelf?: boolean;
  utilities?: boolean;
}

function malformed(message: string): GramscoreError {
  return new GramscoreError(ErrorCode.MALFORMED_INPUT, message);
}

/** Reads one record: `{ id?, candidates: string[], references?: string[], weights?: number[] }`. */
function parseRecord(line: string): { id: unknown; candidates: string[]; references?: string[]; weights?: number[] } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    throw malformed(`it is not JSON (${(error as Error).message}). Each line must be one record {"id": ..., "candidates": ["...", ...]}.`);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw malformed(`expected a record {"id": ..., "candidates": ["...", ...]}, but got ${describeValue(value)}.`);
  }
  const r = value as Record<string, unknown>;
  const strings = (key: string): string[] | undefined => {
    const v = r[key];
    if (v === undefined) return undefined;
    if (!Array.isArray(v) || !v.every((s) => typeof s === "string")) throw malformed(`"${key}" must be an array of strings, but got ${describeValue(v)}.`);
    return v as string[];
  };
  const candidates = strings("candidates");
  if (candidates === undefined) throw malformed('the record has no "candidates" (an array of strings).');
  const weights = r.weights;
  if (weights !== undefined && (!Array.isArray(weights) || !weights.every((w) => typeof w === "number"))) {
    throw malformed(`"weights" must be an array of numbers (one per reference), but got ${describeValue(weights)}.`);
  }
  return { id: r.id ?? null, candidates, references: strings("references"), weights: weights as number[] | undefined };
}

/**
 * A record's own data that `mbr()` refuses (its `"weights"`) is bad input (exit 1), not a bad flag:
 * the library reports it as `INVALID_OPTION`, which the command line counts as usage (exit 2).
 */
function recordError(error: unknown): unknown {
  if (!isGramscoreError(error) || error.code !== ErrorCode.INVALID_OPTION || error.details?.option !== "weights") return error;
  return new GramscoreError(
    ErrorCode.MALFORMED_INPUT,
    `the record's "weights" cannot be used: ${error.message} Give one finite non-negative number per pseudo-reference ("references", or the candidates without them).`,
    { cause: error, details: { option: "weights" } },
  );
}

/** A record whose utilities include NaN: reported after the output is written (as `score` reports a NaN corpus number). */
interface NanRecord {
  id: unknown;
  where: string;
  candidate: number;
}

async function action(ctx: Context, flags: MbrFlags, cmd: Command) {
  const method = flags.method ?? "pairwise";
  if (flags.excludeSelf === true && method === "aggregate") {
    throw usageError(
      "--exclude-self works with --method pairwise only: reference aggregation scores each candidate once against the averaged statistics of all " +
        "pseudo-references, so its own part cannot be left out. Drop --exclude-self, or use --method pairwise.",
    );
  }
  const m = await singleMetric(ctx, flags, cmd, "mbr");
  const input = flags.input ?? "-";
  if (input === "-" && ctx.io.stdin.isTTY === true) {
    throw new GramscoreError(ErrorCode.USAGE, 'No input: give JSONL records with --input FILE (or pipe them in), one {"id", "candidates": [...]} per line.');
  }
  const source = input === "-" ? "stdin" : input;
  const nans: NanRecord[] = [];
  await withOutput(ctx.io, flags.output, [input], async (out) => {
    let lineNo = 0;
    // JSONL, read as score reads it: strict UTF-8 (the reader's errors name the line), a byte order
    // mark at the start skipped.
    for await (const line of readLines(ctx.io, input, { keepWhitespace: true, skipBom: true })) {
      lineNo++;
      if (line.trim() === "") continue;
      try {
        const record = parseRecord(line);
        const result = mbr(m.metric, record.candidates, {
          references: record.references,
          weights: record.weights,
          method,
          excludeSelf: flags.excludeSelf === true,
          field: flags.field,
        });
        const nan = result.utilities.findIndex((u) => Number.isNaN(u));
        if (nan >= 0) nans.push({ id: record.id, where: `${source} line ${lineNo}`, candidate: nan });
        const row: Record<string, unknown> = { id: record.id, index: result.index, candidate: result.candidate, utility: result.utility };
        if (flags.utilities === true) row.utilities = Array.from(result.utilities);
        await out.write(`${JSON.stringify(row)}\n`);
      } catch (error) {
        throw withLocation(recordError(error), `${source} line ${lineNo}`);
      }
    }
  });
  if (nans.length > 0) {
    const first = nans[0]!;
    const more = nans.length > 1 ? ` (and in ${nans.length - 1} more record${nans.length === 2 ? "" : "s"})` : "";
    ctx.io.stderr.write(
      `gramscore: error: the metric ${m.name}${m.plugin === "" ? "" : ` (plugin ${m.plugin})`} gave NaN as the expected utility of candidate ${first.candidate} ` +
        `of record ${JSON.stringify(first.id)} (${first.where})${more}: that number is not a score (written as null), and the choice ignores it. ` +
        "Fix the metric (or the data it cannot handle), or choose another metric with -m.\n",
    );
    ctx.exitCode = 1;
  }
}

/** The `mbr` command. */
export const command: CommandModule = {
  pluginFlags: "metrics",
  define(program, ctx) {
    return program
      .command("mbr")
      .summary("choose the candidate with the highest expected utility (MBR)")
      .description(
        'Minimum Bayes Risk selection: reads JSONL records {"id", "candidates": [...]} (optional "references", the pseudo-references, ' +
          'default the candidates, and "weights", one per reference) and writes one line per record: ' +
          '{"id", "index", "candidate", "utility"}. --method aggregate scores against the averaged n-gram statistics ' +
          "(reference aggregation, Vamvas & Sennrich 2024; chrF and BLEU), a different quantity from the pairwise mean.",
      )
      .option("-m, --metrics <name>", "the metric (one): chrf, chrf++, bleu, rouge", collectList)
      .option("-i, --input <file>", "JSONL records ('-' or none: stdin; .gz is read compressed)")
      .option("-o, --output <file>", "write to this file instead of stdout")
      .addOption(new Option("--method <method>", "pairwise mean (default) or reference aggregation").choices(["pairwise", "aggregate"]))
      .option("--field <name>", "which number of a result is the utility (e.g. rougeL.f; default the main score)")
      .option("--exclude-self", "leave out each candidate's score against itself (when the candidates are the references)")
      .option("--utilities", "also write the expected utility of every candidate")
      .addHelpText("after", `${SCOPED_HELP}\n\nExample:\n  $ gramscore mbr -m chrf --input candidates.jsonl`)
      .action(bind(ctx, action));
  },
};
