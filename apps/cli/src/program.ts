import { Command, CommanderError } from "commander";
import { isGramscoreError } from "@gramscore/core";
import type { MetricDescriptor, TokenizerDescriptor } from "@gramscore/core";
import type { Registry } from "@gramscore/registry";
import { emptyConfig, loadConfig, type CliConfig } from "./shared/config.js";
import { COMMANDS } from "./commands/index.js";
import { collect, type CommandModule, type Context } from "./commands/kit.js";
import { availableParallelism } from "node:os";
import { resolve as resolvePath } from "node:path";
import { MAX_JOBS, jobsMinBytes, usefulJobs } from "./shared/constants.js";
import { EXIT, describeForDebug, exitCodeOf, isClosedStdout } from "./shared/errors.js";
import { processIO, useColor, type CliIO } from "./shared/io.js";
import { inputBytes } from "./input/size.js";
import { writeStdout } from "./output/write.js";
import { prescan, type Prescan } from "./commands/args/prescan.js";
import { startProfile } from "./shared/profile.js";
import { WorkerPool } from "./run/parallel.js";
import { createCliRegistry, standInError } from "./run/setup.js";
import { addSpecOptions } from "./commands/args/spec-options.js";
import { VERSION } from "./shared/version.js";

export type { Context } from "./commands/kit.js";

const EXAMPLES = `
Examples:
  $ gramscore demo
  $ gramscore score -m bleu,chrf ref.txt < hyp.txt
  $ gramscore score -m bleu refA.txt refB.txt -i system1.txt system2.txt -f markdown
  $ gramscore score -m rouge --stemmer porter --input summaries.jsonl --segments -f jsonl
  $ gramscore explain -m bleu --hyp "the cat sat" --ref "the cat is sitting"
  $ gramscore tokenize -t 13a < text.txt
  $ gramscore stats -m bleu ref1.txt -i part1.txt --system mt -o part1.jsonl && gramscore merge part*.jsonl
  $ gramscore --plugin ./my-tokenizer.mjs list`;

async function metricDescriptors(registry: Registry, names: readonly string[], all: boolean, help: boolean): Promise<MetricDescriptor[]> {
  if (all) {
    await registry.loadAll();
    return registry.list("metric").map((e) => e.descriptor);
  }
  const out: MetricDescriptor[] = [];
  for (const name of names) {
    const d = await registry.ensure("metric", name);
    // A metric whose package is not installed says so before its flags would be refused as unknown.
    const missing = help ? undefined : standInError(d);
    if (missing !== undefined) throw missing;
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
): Promise<{ program: Command; context: Context; help: { text: string } }> {
  const context: Context = { io, registry, config, pre, metricBindings: [], tokenizerBindings: [], exitCode: 0, warned: new Set(), warmPool };
  // commander writes help and the version synchronously; they are gathered and written once parsing
  // ends, through writeStdout, so that a failed write is an error (exit 1) and not a silent exit 0.
  const help = { text: "" };
  const width = (): number => io.stdout.columns ?? 100;
  const program = new Command("gramscore")
    .description("Score generated text with BLEU, ROUGE, chrF and plugin metrics, exactly as sacrebleu and rouge-score do.")
    .version(VERSION, "-V, --version")
    .option("--plugin <name|path>", "load a plugin package or module (repeatable)", collect)
    .option("--config <file>", "read settings from this file (default: ./gramscore.config.json or package.json \"gramscore\")")
    .option("--no-config", "ignore config files")
    .option("--spm-model <path>", "SentencePiece model of the flores101, flores200 and spBLEU-1K tokenizers (default: sacrebleu's file in $SACREBLEU/models/ or ~/.sacrebleu/models/)")
    .option("--no-color", "no colours (also NO_COLOR=1)")
    .option("--debug", "print stack traces of errors")
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureOutput({
      writeOut: (s) => {
        help.text += s;
      },
      writeErr: (s) => io.stderr.write(s),
      getOutHelpWidth: width,
      getErrHelpWidth: width,
      outputError: (s, write) => write(metricFlagHint(s.replace(/^error: /, "gramscore: error: "), pre, config)),
    })
    .addHelpText("after", EXAMPLES);
  // Only the command being run is imported; the others are listed by name and summary.
  let target: { command: Command; module: CommandModule } | undefined;
  for (const entry of COMMANDS) {
    if (entry.name === pre.command) {
      const module = await entry.load();
      target = { command: module.define(program, context), module };
    } else {
      program.command(entry.name).summary(entry.summary).allowUnknownOption().allowExcessArguments().action(async () => {
        throw new Error(`the ${entry.name} command was not loaded (the arguments were read differently before parsing)`);
      });
    }
  }

  // Flags of the metrics (or the tokenizer) named on the command line, from their OptionSpec lists.
  if (target?.module.pluginFlags === "metrics") {
    const names = pre.metrics.length > 0 ? pre.metrics : (config.metrics ?? []);
    const descriptors = await metricDescriptors(registry, names, names.length === 0 && pre.help, pre.help);
    context.metricBindings.push(
      ...addSpecOptions(target.command, descriptors.map((d) => ({ name: d.name, specs: d.options ?? [] })), "metric"),
    );
  } else if (target?.module.pluginFlags === "tokenizer" && pre.tokenizer !== undefined) {
    const d: TokenizerDescriptor = await registry.ensure("tokenizer", pre.tokenizer);
    context.tokenizerBindings.push(...addSpecOptions(target.command, [{ name: d.name, specs: d.options ?? [] }], "tokenizer"));
  }
  return { program, context, help };
}

/**
 * An unknown `--<name>-<flag>` is usually the option of a metric that is not among those chosen
 * with -m (`--chrf-beta` with `-m bleu`): say so.
 */
/** Flags that were renamed when every metric took one name per option (the new spelling). */
const RENAMED_FLAGS: Readonly<Record<string, string>> = {
  "ter-case-sensitive": "--no-ter-lowercase",
  "case-sensitive": "--no-lowercase",
  "use-stemmer": "--stemmer porter",
  "rouge-use-stemmer": "--rouge-stemmer porter",
  "rouge-tokenizer": "--rouge-tokenize",
  "rouge-rouge-tokenizer": "--rouge-tokenize",
  "nist-n": "--nist-max-ngram-order",
  "gleu-min-len": "--gleu-min-ngram-order",
  "gleu-max-len": "--gleu-max-ngram-order",
  "min-len": "--min-ngram-order",
  "max-len": "--max-ngram-order",
  // --confidence is sacrebleu's confidence interval (score, report, merge); ROUGE's bootstrap level
  // has a name of its own.
  confidence: "--bootstrap-confidence (ROUGE's bootstrap level; --confidence is sacrebleu's confidence interval of score, report and merge)",
  "rouge-confidence": "--rouge-bootstrap-confidence",
  "rouge155-confidence": "--rouge155-bootstrap-confidence",
};

function metricFlagHint(message: string, pre: Prescan, config: CliConfig): string {
  const renamed = /unknown option '--([a-z0-9-]+)'/.exec(message);
  const to = renamed === null ? undefined : RENAMED_FLAGS[renamed[1]!];
  if (to !== undefined) {
    return `${message.trimEnd()}\nThe flag is now ${to} (one name per option in every metric); \`gramscore sacrebleu\` takes sacrebleu's own flags.\n`;
  }
  // commander's own "(Did you mean --x?)" answers a typo: no guess about metrics on top of it.
  if (/Did you mean/.test(message)) return message;
  const m = /unknown option '--([a-z0-9]+(?:-[a-z0-9]+)*?)-([a-z0-9-]+)'/.exec(message);
  if (m === null || !["score", "stats", "explain"].includes(pre.command ?? "")) return message;
  const chosen = pre.metrics.length > 0 ? pre.metrics : (config.metrics ?? []);
  const metric = m[1]!;
  if (chosen.includes(metric)) return message;
  const list = [...chosen, metric].join(",");
  return `${message.trimEnd()}\nIf ${metric} is a metric: its options (--${metric}-${m[2]}) exist only when it is among the metrics chosen with -m${chosen.length > 0 ? ` (now ${chosen.join(",")})` : ""}; add it: -m ${list}.\n`;
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
 * Whether the files named on the command line are too small for `--jobs` to pay (see
 * JOBS_MIN_BYTES): then no worker is started ahead. Any argument naming a file counts (an
 * overestimate at worst); stdin (`-`) or no file at all means the input size is not known.
 */
function smallInput(argv: readonly string[], io: CliIO): boolean {
  const files = argv.filter((a) => a === "-" || !a.startsWith("-"));
  if (!files.some((a) => a === "-" || /\.(txt|jsonl|ndjson|gz)$/i.test(a) || a.includes("/"))) return false;
  const size = inputBytes(files, io.cwd);
  return size !== undefined && size < jobsMinBytes(io.env);
}

/**
 * Runs the gramscore command line with `argv` (the arguments after the program name) and returns
 * the exit code: 0 on success, 1 for bad input or data, 2 for usage errors. Errors are printed as
 * one message on stderr (with stack traces under `--debug`); nothing calls `process.exit`.
 */
export async function run(argv: readonly string[], io: Partial<CliIO> = {}): Promise<number> {
  const fullIO = withDefaults(io);
  const profile = startProfile(fullIO.env);
  const pre = prescan(argv);
  if (pre.spmModel !== undefined) pre.spmModel = resolvePath(fullIO.cwd, pre.spmModel);
  const spm = pre.spmModel === undefined ? {} : { spmModel: pre.spmModel };
  let warmPool: Promise<WorkerPool> | undefined;
  let context: Context | undefined;
  try {
    if (pre.command === "sacrebleu") {
      // sacrebleu's arguments follow argparse's rules (-lc, -tok, nargs lists), not commander's:
      // everything after the command word goes to its own parser.
      const { runSacrebleu } = await import("./commands/sacrebleu.js");
      return await runSacrebleu(argv.slice(argv.indexOf("sacrebleu") + 1), fullIO);
    }
    const config = pre.noConfig ? emptyConfig() : loadConfig(fullIO.cwd, pre.config, false);
    const plugins = [...config.plugins, ...pre.plugins];
    if (
      (pre.command === "score" || pre.command === "stats") &&
      !pre.help &&
      pre.jobs !== undefined &&
      pre.jobs > 1 &&
      pre.jobs <= MAX_JOBS &&
      !smallInput(argv, fullIO)
    ) {
      // --jobs: the workers load plugins and metric packages while this thread sets up the rest.
      const preload = pre.metrics.length > 0 ? pre.metrics : (config.metrics ?? []);
      warmPool = WorkerPool.start(usefulJobs(pre.jobs, availableParallelism()), { cwd: fullIO.cwd, plugins, preload, ...spm });
      warmPool.catch(() => {});
    }
    const { registry } = await createCliRegistry({ cwd: fullIO.cwd, plugins, ...spm });
    const built = await buildProgram(fullIO, registry, config, pre, warmPool);
    context = built.context;
    try {
      await built.program.parseAsync([...argv], { from: "user" });
    } catch (error) {
      if (error instanceof CommanderError) {
        if (built.help.text !== "") await writeStdout(fullIO.stdout, built.help.text);
        return error.exitCode === 0 ? EXIT.OK : EXIT.USAGE;
      }
      throw error;
    }
    if (built.help.text !== "") await writeStdout(fullIO.stdout, built.help.text);
    return context.exitCode;
  } catch (error) {
    // `gramscore ... | head -1`: the reader has what it wanted; end quietly, as Unix tools do.
    if (isClosedStdout(error)) return EXIT.OK;
    printError(fullIO, error, pre.debug);
    return exitCodeOf(error);
  } finally {
    // Workers started ahead but not used (an error, --help, a usage problem): stop them.
    const unused = context === undefined ? warmPool : context.warmPool;
    if (unused !== undefined) await (await unused.catch(() => undefined))?.close();
    if (profile !== undefined) {
      profile.lap("output");
      fullIO.stderr.write(`${profile.lines().join("\n")}\n`);
    }
  }
}
