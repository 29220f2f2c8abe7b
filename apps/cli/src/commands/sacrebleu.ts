/**
 * `gramscore sacrebleu ...` (and the `gramscore-sacrebleu` bin): sacrebleu 2.6.0's command line —
 * its arguments, messages, exit codes and output — computed with gramscore's BLEU, chrF and TER and
 * @gramscore/significance. Only the signatures' version field differs (the library's own).
 * Errors sacrebleu reports itself come as its log lines (`sacreBLEU: …`) with its exit codes; what
 * gramscore cannot do offline (test sets, some tokenizers) is refused with a GramscoreError.
 */
import { ErrorCode, GramscoreError } from "@gramscore/core";
import { DEFAULT_SEED, confidenceInterval, pairedTest } from "@gramscore/significance";
import type { Seed, SystemRows } from "@gramscore/significance";
import type { CliIO } from "../shared/io.js";
import { VERSION } from "../shared/version.js";
import { readSacrebleuLines, readStdinText } from "../input/sacrebleu.js";
import { writeStdout } from "../output/write.js";
import { buildMetrics, refuse, scoreSystem, verboseOf, type Logger } from "../run/sacrebleu.js";
import { rowsFromStats } from "../run/significance.js";
import { ArgError, helpText, parseSacrebleuArgs, usage, type SacrebleuArgs } from "./args/sacrebleu.js";
import { pyRstrip, pyStrRepr } from "../output/sacrebleu/pyformat.js";
import { formatScore, paint, resultsTable, signatureText, singleResultsText, fixed, type PairedCell, type TableColumn } from "../output/sacrebleu/report.js";
import type { CommandModule } from "./kit.js";

/** sacrebleu's early exits with its exit code (the messages are already logged). */
class Exit {
  constructor(readonly code: number) {}
}

function logger(io: CliIO, quiet: boolean): Logger {
  // Python logging: with -q no handler is configured, so INFO is dropped and warnings and errors
  // reach stderr bare (logging's last resort); otherwise every record is `sacreBLEU: <message>`.
  const write = (m: string, level: "info" | "other") => {
    if (quiet && level === "info") return;
    io.stderr.write(`${quiet ? "" : "sacreBLEU: "}${m}\n`);
  };
  return { info: (m) => write(m, "info"), warning: (m) => write(m, "other"), error: (m) => write(m, "other") };
}

function seedFromEnv(env: Record<string, string | undefined>): Seed {
  const v = env.SACREBLEU_SEED;
  if (v === undefined) return DEFAULT_SEED;
  if (v.toLowerCase() === "none") return null;
  if (!/^\s*\+?\d+\s*$/.test(v)) {
    throw new GramscoreError(ErrorCode.USAGE, `SACREBLEU_SEED must be a non-negative whole number or "none", but is ${JSON.stringify(v)}.`);
  }
  const n = Number(v.trim());
  return Number.isSafeInteger(n) ? n : BigInt(v.trim().replace(/^\+/, ""));
}

const OFFLINE =
  "gramscore sacrebleu works offline and has none of sacrebleu's test sets: give the reference files instead " +
  "(e.g. `sacrebleu -t wmt22 -l en-de --echo ref > ref.txt` with Python's sacrebleu once, then `gramscore sacrebleu ref.txt -i hyp.txt`).";

/** Options sacrebleu has that need its test sets or what gramscore does not implement. */
function checkSupported(a: SacrebleuArgs): void {
  if (a.testSet !== undefined) throw refuse(`-t/--test-set ${a.testSet}: ${OFFLINE}`);
  if (a.download !== undefined) throw refuse(`--download: ${OFFLINE}`);
  if (a.list) throw refuse(`--list: ${OFFLINE}`);
  if (a.citation) throw refuse(`--citation: ${OFFLINE}`);
  if (a.echo !== undefined) throw refuse(`--echo: ${OFFLINE}`);
  if (a.origlang !== undefined || a.subset !== undefined) throw refuse(`${a.origlang !== undefined ? "--origlang" : "--subset"} selects segments of a test set: ${OFFLINE}`);
  if (a.detail) throw refuse(`-d/--detail splits a test set by original language: ${OFFLINE}`);
  if (a.sentenceLevel) throw refuse("-sl/--sentence-level is not available in gramscore sacrebleu; use `gramscore score --segments -f jsonl` for every segment's scores.");
  if (!/^utf[-_]?8$|^u8$|^utf$/i.test(a.encoding.trim())) throw refuse(`--encoding ${a.encoding}: gramscore sacrebleu reads UTF-8 only; convert the files first (iconv -f ${a.encoding} -t utf-8).`);
  if (!Number.isInteger(a.width) || a.width < 0 || a.width > 100) throw refuse(`-w/--width takes a whole number of decimal places from 0 to 100, not ${a.width}.`);
}

/**
 * Runs sacrebleu's command line with `argv` (the arguments after `sacrebleu`); returns the exit code.
 * @throws GramscoreError for what gramscore refuses or cannot read (the CLI prints it).
 */
export async function runSacrebleu(argv: readonly string[], io: CliIO, prog = "gramscore sacrebleu"): Promise<number> {
  let a: SacrebleuArgs;
  try {
    a = parseSacrebleuArgs(argv);
  } catch (error) {
    if (!(error instanceof ArgError)) throw error;
    io.stderr.write(`${usage(prog)}${prog}: error: ${error.message}\n`);
    return 2;
  }
  if (a.help) {
    await writeStdout(io.stdout, helpText(prog));
    return 0;
  }
  if (a.version) {
    await writeStdout(io.stdout, `${prog} ${VERSION} (sacrebleu 2.6.0's command line)\n`);
    return 0;
  }
  const envFormat = io.env.SACREBLEU_FORMAT?.toLowerCase();
  if (envFormat !== undefined && ["json", "text", "latex"].includes(envFormat)) a.format = envFormat;
  const noColor = (io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== "") || a.noColor;
  const color = paint(!noColor && io.stdout.isTTY === true);
  const log = logger(io, a.quiet);
  try {
    const out = await compute(a, io, log, color);
    await writeStdout(io.stdout, out);
    return 0;
  } catch (error) {
    if (error instanceof Exit) return error.code;
    throw error;
  }
}

async function compute(a: SacrebleuArgs, io: CliIO, log: Logger, color: ReturnType<typeof paint>): Promise<string> {
  const paired = a.pairedBs || a.pairedAr;
  const fail = (code: number, ...messages: string[]): never => {
    for (const m of messages) log.error(m);
    throw new Exit(code);
  };
  if (a.numRefs !== 1 && (a.testSet !== undefined || a.refs.length > 1)) {
    fail(
      1,
      "The --num-refs argument allows you to provide any number of tab-delimited references in a single file.",
      "You can only use it with externally provided references, however (i.e., not with `-t`),",
      "and you cannot then provide multiple reference files.",
    );
  }
  checkSupported(a);
  if (a.refs.length === 0) {
    fail(
      1,
      "If manual references given, make sure to provide them before the -i/--input argument to avoid confusion.",
      "Otherwise, sacreBLEU needs a predefined test set (-t), which gramscore sacrebleu cannot download: give the reference files.",
    );
  }

  // References.
  const fullRefs: string[][] = Array.from({ length: Math.max(a.refs.length, a.numRefs) }, () => []);
  a.refs.forEach((file, refno) => {
    readSacrebleuLines(io, file).forEach((raw, k) => {
      const line = pyRstrip(raw);
      if (a.numRefs === 1) {
        fullRefs[refno]!.push(line);
        return;
      }
      const parts = line.split("\t");
      const fields = parts.length > a.numRefs ? [...parts.slice(0, a.numRefs - 1), parts.slice(a.numRefs - 1).join("\t")] : parts;
      if (fields.length !== a.numRefs) fail(17, `FATAL: line ${k + 1}: expected ${a.numRefs} fields, but found ${fields.length}.`);
      fields.forEach((f, j) => fullRefs[j]!.push(f));
    });
  });

  // Hypotheses.
  let systems: string[][] = [];
  let names: string[] = [];
  if (a.input === undefined) {
    const text = await readStdinText(io);
    const lines = text.split(/\r\n|\r|\n/);
    const first = lines.length > 0 ? lines[0]! : "";
    const rest = text === "" ? [] : lines.slice(1);
    if (rest.length > 0 && rest[rest.length - 1] === "") rest.pop();
    const fields = pyRstrip(first).split("\t");
    systems = fields.map((f) => [f]);
    names = fields.map((_, i) => `System ${i + 1}`);
    for (const line of rest) {
      const parts = pyRstrip(line).split("\t");
      if (parts.length !== systems.length) fail(17, "FATAL: the number of tab-delimited fields in the input stream differ across lines.");
      parts.forEach((p, k) => systems[k]!.push(pyRstrip(p)));
    }
    if (paired) names = ["Baseline", ...names.slice(1).map((_, i) => `System ${i + 1}`)];
  } else {
    for (const file of a.input) {
      if (names.includes(file)) {
        if (paired && file === names[0]) {
          log.info(`Ignoring ${pyStrRepr(file)} as it was also given as the baseline.`);
          continue;
        }
        fail(1, `${pyStrRepr(file)} already used to name a system.`, "Make sure to have a different basename for each system.");
      }
      systems.push(readSacrebleuLines(io, file).map(pyRstrip));
      names.push(file);
    }
    if (paired && names.length > 0) names[0] = `Baseline: ${names[0]}`;
  }
  const numSys = systems.length;
  if (paired && numSys === 1) fail(1, "Paired tests require multiple input systems given to --input (-i).");
  if (numSys > 1 && a.confidence) fail(1, "Use paired tests (--paired) for multiple systems.");
  for (const system of systems) {
    if (system.length === 0) fail(1, "Test set None contains no sentence");
    if (fullRefs.some((r) => r.length !== system.length)) fail(1, "System and reference streams have different lengths.");
  }

  const metrics = await buildMetrics(a, log);
  const seed = a.confidence || paired ? seedFromEnv(io.env) : DEFAULT_SEED;
  const width = a.width;
  const sorted = [...metrics].sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));

  if (numSys === 1) {
    const results = sorted.map((m) => {
      const { stats, merged } = scoreSystem(m, systems[0]!, fullRefs, a.force, log);
      const result = m.metric.score(merged, "corpus") as { score: number };
      let signature = m.metric.signature(merged);
      let score = result.score;
      let mean: number | undefined;
      let ci: number | undefined;
      if (a.confidence && a.confidenceN > 1) {
        const interval = confidenceInterval(rowsFromStats(m.metric, stats), { samples: a.confidenceN, seed });
        ({ signature, mean, ci, score } = { signature: interval.signature, mean: interval.mean, ci: interval.ci, score: interval.score });
      }
      const sig = signatureText(signature, m.key, a.format !== "json" && a.short);
      return formatScore({ name: m.name, score, signature: sig, verbose: verboseOf(m, result), ...(mean === undefined ? {} : { mean, ci: ci! }) }, width, a.scoreOnly, a.format === "json");
    });
    return singleResultsText(results, a.format, color);
  }

  log.info(`Found ${numSys} systems.`);
  const columns: TableColumn[] = [];
  const signatures: { name: string; signature: string }[] = [];
  if (!paired) {
    const cells = new Map<string, string[]>();
    const sigs = new Map<string, string>();
    systems.forEach((hyps) => {
      for (const m of sorted) {
        const { merged } = scoreSystem(m, hyps, fullRefs, a.force, log);
        const result = m.metric.score(merged, "corpus") as { score: number };
        sigs.set(m.name, signatureText(m.metric.signature(merged), m.key, a.short));
        if (!cells.has(m.name)) cells.set(m.name, []);
        cells.get(m.name)!.push(fixed(result.score, width));
      }
    });
    for (const [name, values] of cells) columns.push({ name, values });
    for (const [name, signature] of sigs) signatures.push({ name, signature });
    return resultsTable(names, columns, signatures, { format: a.format, width, paired: undefined, color });
  }

  // Paired tests: metrics in the order given with -m, the first system is the baseline.
  const test = a.pairedBs ? "bs" : "ar";
  const requested = a.pairedBs ? a.pairedBsN : a.pairedArN;
  const samples = requested > 0 ? requested : test === "bs" ? 1000 : 10000;
  const rows: SystemRows[][] = metrics.map(() => []);
  metrics.forEach((m, k) => {
    log.info(`Pre-computing ${m.key} statistics for ${pyStrRepr(names[0]!)}`);
    rows[k]!.push(rowsFromStats(m.metric, scoreSystem(m, systems[0]!, fullRefs, a.force, log).stats));
  });
  const jobs = a.pairedJobs === 0 ? Math.max(1, Math.min(Math.floor((await import("node:os")).cpus().length / 2), numSys - 1)) : a.pairedJobs;
  if (jobs !== 1) log.info(`Launching ${jobs} parallel workers.`);
  for (let s = 1; s < numSys; s++) {
    metrics.forEach((m, k) => {
      log.info(`Computing ${m.name} for ${pyStrRepr(names[s]!)} and extracting sufficient statistics`);
      rows[k]!.push(rowsFromStats(m.metric, scoreSystem(m, systems[s]!, fullRefs, a.force, log).stats));
      log.info(test === "bs" ? ` > Performing paired bootstrap resampling test (# resamples: ${samples})` : ` > Performing approximate randomization test (# trials: ${samples})`);
    });
  }
  metrics.forEach((m, k) => {
    const result = pairedTest(
      rows[k]!.map((r, s) => ({ name: names[s]!, rows: r })),
      { test, samples, seed },
    );
    columns.push({
      name: result.name,
      values: result.results.map((r): PairedCell => ({ score: r.score, pValue: r.pValue, mean: r.mean, ci: r.ci })),
    });
    signatures.push({ name: result.name, signature: signatureText(result.signature, m.key, a.short) });
  });
  return resultsTable(names, columns, signatures, { format: a.format, width, paired: { test, samples: requested }, color });
}

/**
 * The command table's entry. `run` hands `gramscore sacrebleu ...` to {@link runSacrebleu} before
 * commander parses anything (sacrebleu's arguments follow argparse's rules, not commander's); this
 * definition only lists the command in the help.
 */
export const command: CommandModule = {
  define(program) {
    return program
      .command("sacrebleu")
      .summary("sacrebleu 2.6.0's command line (same arguments, same output)")
      .allowUnknownOption()
      .allowExcessArguments()
      .helpOption(false);
  },
};
