/**
 * What every command file shares: the context its action receives, the shape of a command module and
 * the option parsers. Kept light: program.ts loads it at start-up, before it knows which command runs.
 */
import { type Command, InvalidArgumentError, Option } from "commander";
import type { Registry } from "@gramscore/registry";
import { FORMATS, MAX_JOBS, MAX_WIDTH } from "../shared/constants.js";
import type { CliIO } from "../shared/io.js";
import type { WorkerPool } from "../run/parallel.js";
import { splitList, type CliConfig } from "../shared/config.js";
import type { Prescan } from "./args/prescan.js";
import type { OptionBinding } from "./args/spec-options.js";

/** What the command actions share. */
export interface Context {
  readonly io: CliIO;
  readonly registry: Registry;
  readonly config: CliConfig;
  readonly pre: Prescan;
  /** Descriptors of the metrics named before parsing (their flags are defined). */
  readonly metricBindings: OptionBinding[];
  /** Bindings of the tokenizer's flags (`tokenize`). */
  readonly tokenizerBindings: OptionBinding[];
  /** Exit code set by an action (0 when unset). */
  exitCode: number;
  /** Unavailable built-ins already warned about. */
  readonly warned: Set<string>;
  /**
   * Worker threads started ahead for `--jobs` (while the rest of the command line is set up); the
   * command that uses them takes them (sets this to undefined), `run` closes them otherwise.
   */
  warmPool: Promise<WorkerPool> | undefined;
}

/**
 * One command of the CLI, in a file of its own under `commands/`. Only the file of the command being
 * run is imported; the others appear in the top-level help by their {@link CommandEntry} summary.
 */
export interface CommandModule {
  /**
   * Which plugin flags the command offers: `metrics` (every option of the metrics named with -m, as
   * `--<flag>` and `--<metric>-<flag>`) or `tokenizer` (the options of the tokenizer named with -t).
   */
  readonly pluginFlags?: "metrics" | "tokenizer";
  /** Declares the command on `program` (arguments, options, help) with its action bound to `ctx`. */
  define(program: Command, ctx: Context): Command;
}

/** A line of the command table: enough for the top-level help without importing the command. */
export interface CommandEntry {
  readonly name: string;
  readonly summary: string;
  load(): Promise<CommandModule>;
}

/** Binds an action to the context (commander passes the arguments, the options and the command). */
export function bind<A extends unknown[]>(ctx: Context, action: (ctx: Context, ...args: A) => Promise<void>): (...args: A) => Promise<void> {
  return (...args: A) => action(ctx, ...args);
}

/** `-w`: decimal places. */
export function parseWidth(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isInteger(n) || n > MAX_WIDTH) {
    throw new InvalidArgumentError(`-w takes a whole number of decimal places from 0 to ${MAX_WIDTH}.`);
  }
  return n;
}

/** A 1-based line number. */
export function parsePositive(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n < 1) throw new InvalidArgumentError("takes a line number (1 or more).");
  return n;
}

/** `--jobs`. */
export function parseJobs(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n < 1 || n > MAX_JOBS) {
    throw new InvalidArgumentError(`--jobs takes a whole number of worker threads from 1 to ${MAX_JOBS}.`);
  }
  return n;
}

/** A repeatable comma-separated list option. */
export function collectList(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), ...splitList(value)];
}

/** A repeatable option. */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** `-f`: the output format. */
export function formatOption(choices: readonly string[] = FORMATS): Option {
  return new Option("-f, --format <format>", "output format (default: table on a terminal, json otherwise; or $GRAMSCORE_FORMAT)").choices(choices);
}

/** The input options of `score` and `stats` (and of every command that reads the same input). */
export function inputOptions(cmd: Command): Command {
  return cmd
    .argument("[refs...]", "reference files, one per reference stream (leave out to read JSONL records)")
    .option("-r, --refs <files...>", "reference files (the same as giving them as arguments)")
    .option("-m, --metrics <names>", "metrics to compute, comma-separated (repeatable)", collectList)
    .option(
      "-i, --input <files...>",
      "hypothesis files, one per system ('-' is stdin; default stdin). Without reference files: JSONL record files",
    )
    .option("--system <names>", "system names, one per -i file, comma-separated or repeated (default: the file names; for JSONL, records without \"system\")", collectList)
    .option("--keep-whitespace", "keep trailing whitespace of text lines (stripped by default, as sacrebleu does)")
    .option(
      "-j, --jobs <n>",
      "worker threads that score the input (default 1: this thread); used only for inputs of 32 MB or more (gzip counted 4x), " +
        "below which starting workers costs more than it saves (GRAMSCORE_JOBS_MIN_BYTES sets the bound)",
      parseJobs,
    );
}

/** The help line about metric-scoped flags, for commands with {@link CommandModule.pluginFlags} `metrics`. */
export const SCOPED_HELP = "\nEvery metric option also exists as --<metric>-<flag>, which applies to that metric only.";
