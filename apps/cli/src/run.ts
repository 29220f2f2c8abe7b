import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { isGramscoreError } from "@gramscore/core";
import type { MetricDescriptor, TokenizerDescriptor } from "@gramscore/core";
import type { Registry } from "@gramscore/registry";
import { emptyConfig, loadConfig, type CliConfig } from "./config.js";
import { FORMATS, MAX_JOBS, MAX_WIDTH } from "./constants.js";
import { EXIT, describeForDebug, exitCodeOf } from "./errors.js";
import { processIO, useColor, type CliIO } from "./io.js";
import { prescan, splitList, type Prescan } from "./prescan.js";
import { WorkerPool } from "./parallel.js";
import { createCliRegistry } from "./setup.js";
import { addSpecOptions, type OptionBinding } from "./spec-options.js";
import { VERSION } from "./version.js";

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

type Actions = typeof import("./actions.js");
let actionsModule: Promise<Actions> | undefined;
/** The command implementations, imported on first use so that start-up stays small. */
function actions(): Promise<Actions> {
  actionsModule ??= import("./actions.js");
  return actionsModule;
}

function parseWidth(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isInteger(n) || n > MAX_WIDTH) {
    throw new InvalidArgumentError(`-w takes a whole number of decimal places from 0 to ${MAX_WIDTH}.`);
  }
  return n;
}

function parsePositive(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n < 1) throw new InvalidArgumentError("takes a line number (1 or more).");
  return n;
}

function parseJobs(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n < 1 || n > MAX_JOBS) {
    throw new InvalidArgumentError(`--jobs takes a whole number of worker threads from 1 to ${MAX_JOBS}.`);
  }
  return n;
}

function collectList(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), ...splitList(value)];
}

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

function formatOption(choices: readonly string[] = FORMATS): Option {
  return new Option("-f, --format <format>", "output format (default: table on a terminal, json otherwise; or $GRAMSCORE_FORMAT)").choices(choices);
}

function inputOptions(cmd: Command): Command {
  return cmd
    .argument("[refs...]", "reference files, one per reference stream (leave out to read JSONL records)")
    .option("-r, --refs <files...>", "reference files (the same as giving them as arguments)")
    .option("-m, --metrics <names>", "metrics to compute, comma-separated (repeatable)", collectList)
    .option(
      "-i, --input <files...>",
      "hypothesis files, one per system ('-' is stdin; default stdin). Without reference files: JSONL record files",
    )
    .option("--keep-whitespace", "keep trailing whitespace of text lines (stripped by default, as sacrebleu does)")
    .option("-j, --jobs <n>", "worker threads that score the input (default 1: this thread)", parseJobs);
}

const EXAMPLES = `
Examples:
  $ gramscore demo
  $ gramscore score -m bleu,chrf ref.txt < hyp.txt
  $ gramscore score -m bleu refA.txt refB.txt -i system1.txt system2.txt -f markdown
  $ gramscore score -m rouge --use-stemmer --input summaries.jsonl --segments -f jsonl
  $ gramscore explain -m bleu --hyp "the cat sat" --ref "the cat is sitting"
  $ gramscore tokenize -t 13a < text.txt
  $ gramscore stats -m bleu ref.txt -i part1.txt -o part1.jsonl && gramscore merge part*.jsonl
  $ gramscore --plugin ./my-tokenizer.mjs list`;

async function metricDescriptors(registry: Registry, names: readonly string[], all: boolean): Promise<MetricDescriptor[]> {
  if (all) {
    await registry.loadAll();
    return registry.list("metric").map((e) => e.descriptor);
  }
  const out: MetricDescriptor[] = [];
  for (const name of names) {
    const d = await registry.ensure("metric", name);
    if (!out.includes(d)) out.push(d);
  }
  return out;
}

/** Builds the parser; metric (or tokenizer) flags come from the descriptors named on the command line. */
async function buildProgram(
  io: CliIO,
  registry: Registry,
  config: CliConfig,
  pre: Prescan,
  warmPool: Promise<WorkerPool> | undefined,
): Promise<{ program: Command; context: Context }> {
  const context: Context = { io, registry, config, pre, metricBindings: [], tokenizerBindings: [], exitCode: 0, warned: new Set(), warmPool };
  const width = (): number => io.stdout.columns ?? 100;
  const program = new Command("gramscore")
    .description("Score generated text with BLEU, ROUGE, chrF and plugin metrics, exactly as sacrebleu and rouge-score do.")
    .version(VERSION, "-V, --version")
    .option("--plugin <name|path>", "load a plugin package or module (repeatable)", collect)
    .option("--config <file>", "read settings from this file (default: ./gramscore.config.json or package.json \"gramscore\")")
    .option("--no-config", "ignore config files")
    .option("--no-color", "no colours (also NO_COLOR=1)")
    .option("--debug", "print stack traces of errors")
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
      getOutHelpWidth: width,
      getErrHelpWidth: width,
      outputError: (s, write) => write(s.replace(/^error: /, "gramscore: error: ")),
    })
    .addHelpText("after", EXAMPLES);
  const run = (name: keyof Actions) =>
    async (...args: unknown[]) => {
      const mod = await actions();
      await (mod[name] as (ctx: Context, ...rest: unknown[]) => Promise<void>)(context, ...args);
    };

  const score = inputOptions(program.command("score").summary("score hypotheses against references").description(
    "Score hypotheses against references with one or more metrics in one pass. References come one file per " +
      "reference stream (as in sacrebleu) with hypotheses from stdin or -i (one file per system), or as JSONL " +
      'records {"hyp": "...", "refs": ["..."], "system": "..."} from --input files or stdin.',
  ))
    .option("--segments", "also score every segment")
    .addOption(formatOption())
    .option("-w, --width <n>", "decimal places (default 4)", parseWidth)
    .option("-o, --output <file>", "write the result to a file instead of stdout")
    .option("--no-progress", "no progress bar")
    .action(run("scoreAction"));

  const stats = inputOptions(program.command("stats").summary("write the sufficient statistics of a shard").description(
    "Compute the sufficient statistics of a shard of the data and write them as JSON lines (one per system and " +
      "metric, core's serialized statistics with the system and options); `gramscore merge` combines shards.",
  ))
    .option("-o, --output <file>", "write the statistics to a file instead of stdout")
    .option("--no-progress", "no progress bar")
    .action(run("statsAction"));

  program
    .command("merge")
    .summary("merge shard statistics into the final scores")
    .description("Merge statistics written by `gramscore stats` (any number of files, any order) into corpus scores.")
    .argument("<shards...>", "files written by gramscore stats ('-' is stdin)")
    .addOption(formatOption())
    .option("-w, --width <n>", "decimal places (default 4)", parseWidth)
    .option("-o, --output <file>", "write the result to a file instead of stdout")
    .action(run("mergeAction"));

  const explain = program
    .command("explain")
    .summary("show why one segment scores what it does")
    .description(
      "Explain one segment with each metric's explain(): give it inline (--hyp, --ref) or pick it from the input " +
        "with --line (1-based; --system picks the system when there are several).",
    )
    .argument("[refs...]", "reference files, one per reference stream (leave out to read JSONL records)")
    .option("-m, --metrics <names>", "metrics to explain, comma-separated (repeatable)", collectList)
    .option("-i, --input <files...>", "hypothesis files or JSONL record files, as for score")
    .option("--hyp <text>", "the hypothesis, inline")
    .option("--ref <text>", "a reference, inline (repeatable)", collect)
    .option("--line <n>", "segment number in the input (1-based)", parsePositive)
    .option("--system <name>", "system to take the segment from")
    .option("--keep-whitespace", "keep trailing whitespace of text lines")
    .addOption(new Option("-f, --format <format>", "output format").choices(["text", "json"]))
    .action(run("explainAction"));

  const tokenize = program
    .command("tokenize")
    .summary("print the tokens of each input line")
    .argument("[files...]", "text files (default stdin)")
    .requiredOption("-t, --tokenizer <name>", "tokenizer name (see gramscore list)")
    .addOption(new Option("-f, --format <format>", "text: tokens separated by spaces; json: one JSON array per line").choices(["text", "json"]))
    .option("--keep-whitespace", "keep trailing whitespace of lines")
    .action(run("tokenizeAction"));

  program
    .command("list")
    .summary("list the installed and loaded tokenizers and metrics")
    .addOption(new Option("-f, --format <format>", "output format").choices(["text", "json"]))
    .action(run("listAction"));

  program
    .command("demo")
    .summary("score built-in sample data with every installed metric")
    .addOption(formatOption())
    .option("-w, --width <n>", "decimal places (default 4)", parseWidth)
    .action(run("demoAction"));

  const scoped = "Every metric option also exists as --<metric>-<flag>, which applies to that metric only.";
  for (const cmd of [score, stats, explain]) cmd.addHelpText("after", `\n${scoped}`);

  // Flags of the metrics (or the tokenizer) named on the command line, from their OptionSpec lists.
  const target = pre.command === "score" ? score : pre.command === "stats" ? stats : pre.command === "explain" ? explain : undefined;
  if (target !== undefined) {
    const names = pre.metrics.length > 0 ? pre.metrics : (config.metrics ?? []);
    const descriptors = await metricDescriptors(registry, names, names.length === 0 && pre.help);
    context.metricBindings.push(
      ...addSpecOptions(target, descriptors.map((d) => ({ name: d.name, specs: d.options ?? [] })), "metric"),
    );
  } else if (pre.command === "tokenize" && pre.tokenizer !== undefined) {
    const d: TokenizerDescriptor = await registry.ensure("tokenizer", pre.tokenizer);
    context.tokenizerBindings.push(...addSpecOptions(tokenize, [{ name: d.name, specs: d.options ?? [] }], "tokenizer"));
  }
  return { program, context };
}

function printError(io: CliIO, error: unknown, debug: boolean): void {
  const color = useColor(io.stderr, io.env);
  const red = (s: string) => (color ? `\u001b[31m${s}\u001b[39m` : s);
  if (isGramscoreError(error)) {
    io.stderr.write(`${red("gramscore: error:")} ${error.message}\n`);
  } else {
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(`${red("gramscore: unexpected error:")} ${message}\n`);
    if (!debug) io.stderr.write("Run again with --debug to see the stack trace.\n");
  }
  if (debug) io.stderr.write(`${describeForDebug(error)}\n`);
}

/** `io` completed from the process; stdin is touched only when a command reads it. */
function withDefaults(io: Partial<CliIO>): CliIO {
  const base = processIO();
  return {
    get stdin() {
      return io.stdin ?? process.stdin;
    },
    stdout: io.stdout ?? base.stdout,
    stderr: io.stderr ?? base.stderr,
    cwd: io.cwd ?? base.cwd,
    env: io.env ?? base.env,
    ...(io.progressDelayMs === undefined ? {} : { progressDelayMs: io.progressDelayMs }),
  };
}

/**
 * Runs the gramscore command line with `argv` (the arguments after the program name) and returns
 * the exit code: 0 on success, 1 for bad input or data, 2 for usage errors. Errors are printed as
 * one message on stderr (with stack traces under `--debug`); nothing calls `process.exit`.
 */
export async function run(argv: readonly string[], io: Partial<CliIO> = {}): Promise<number> {
  const fullIO = withDefaults(io);
  const pre = prescan(argv);
  let warmPool: Promise<WorkerPool> | undefined;
  let context: Context | undefined;
  try {
    const config = pre.noConfig ? emptyConfig() : loadConfig(fullIO.cwd, pre.config, false);
    const plugins = [...config.plugins, ...pre.plugins];
    if ((pre.command === "score" || pre.command === "stats") && !pre.help && pre.jobs !== undefined && pre.jobs > 1 && pre.jobs <= MAX_JOBS) {
      // --jobs: the workers load plugins and metric packages while this thread sets up the rest.
      const preload = pre.metrics.length > 0 ? pre.metrics : (config.metrics ?? []);
      warmPool = WorkerPool.start(pre.jobs, { cwd: fullIO.cwd, plugins, preload });
      warmPool.catch(() => {});
    }
    const { registry } = await createCliRegistry({ cwd: fullIO.cwd, plugins });
    const built = await buildProgram(fullIO, registry, config, pre, warmPool);
    context = built.context;
    try {
      await built.program.parseAsync([...argv], { from: "user" });
    } catch (error) {
      if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.OK : EXIT.USAGE;
      throw error;
    }
    return context.exitCode;
  } catch (error) {
    printError(fullIO, error, pre.debug);
    return exitCodeOf(error);
  } finally {
    // Workers started ahead but not used (an error, --help, a usage problem): stop them.
    const unused = context === undefined ? warmPool : context.warmPool;
    if (unused !== undefined) await (await unused.catch(() => undefined))?.close();
  }
}
