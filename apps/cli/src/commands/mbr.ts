/**
 * `gramscore mbr`: Minimum Bayes Risk selection over JSONL records `{ "id", "candidates": [...] }`
 * (optional `"references"` and `"weights"`), streamed: one output line per record with the chosen
 * candidate and its expected utility under one metric.
 */
import { Option, type Command } from "commander";
import { ErrorCode, GramscoreError, describeValue } from "@gramscore/core";
import { mbr, type MbrMethod } from "@gramscore/mbr";
import { withLocation } from "../errors.js";
import { withOutput } from "../output.js";
import { SCOPED_HELP, bind, collectList, type CommandModule, type Context } from "./kit.js";
import { readLines } from "../lines.js";
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

async function action(ctx: Context, flags: MbrFlags, cmd: Command) {
  const m = await singleMetric(ctx, flags, cmd, "mbr");
  const input = flags.input ?? "-";
  if (input === "-" && ctx.io.stdin.isTTY === true) {
    throw new GramscoreError(ErrorCode.USAGE, 'No input: give JSONL records with --input FILE (or pipe them in), one {"id", "candidates": [...]} per line.');
  }
  await withOutput(ctx.io, flags.output, [input], async (out) => {
    let lineNo = 0;
    for await (const line of readLines(ctx, input, true)) {
      lineNo++;
      if (line.trim() === "") continue;
      try {
        const record = parseRecord(line);
        const result = mbr(m.metric, record.candidates, {
          references: record.references,
          weights: record.weights,
          method: flags.method ?? "pairwise",
          excludeSelf: flags.excludeSelf === true,
          field: flags.field,
        });
        const row: Record<string, unknown> = { id: record.id, index: result.index, candidate: result.candidate, utility: result.utility };
        if (flags.utilities === true) row.utilities = Array.from(result.utilities);
        await out.write(`${JSON.stringify(row)}\n`);
      } catch (error) {
        throw withLocation(error, `${input === "-" ? "stdin" : input} line ${lineNo}`);
      }
    }
  });
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
