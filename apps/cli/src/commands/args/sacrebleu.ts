/**
 * The arguments of sacrebleu 2.6.0's command line, read the way Python's argparse reads them:
 * reference files as the first run of plain arguments, `-i` and `-m` taking every plain argument
 * that follows, `--name=value`, `-w4`, unique prefixes of long options (`--conf` is ambiguous,
 * `--score` is `--score-only`), `--` ending the options. Errors come back as {@link ArgError} with
 * argparse's wording; nothing is printed here.
 */

export type OptionKind = "flag" | "int" | "float" | "string" | "list+" | "list*" | "help" | "version";

interface OptionDef {
  /** Key in {@link SacrebleuArgs}. */
  readonly dest: keyof SacrebleuArgs;
  readonly names: readonly string[];
  readonly kind: OptionKind;
  readonly choices?: readonly string[];
  readonly metavar?: string;
  readonly help: string;
}

export const METRIC_NAMES = ["bleu", "chrf", "ter"] as const;
export const FORMAT_NAMES = ["json", "text", "latex"] as const;
export const SMOOTH_NAMES = ["none", "floor", "add-k", "exp"] as const;
/** sacrebleu 2.6.0's tokenizer choices (some are refused later, see the command). */
export const TOKENIZER_NAMES = ["none", "zh", "13a", "intl", "char", "ja-mecab", "ko-mecab", "spm", "flores101", "flores200"] as const;

/** The parsed command line, with sacrebleu's defaults. */
export interface SacrebleuArgs {
  help: boolean;
  version: boolean;
  citation: boolean;
  list: boolean;
  testSet: string | undefined;
  langpair: string | undefined;
  origlang: string | undefined;
  subset: string | undefined;
  download: string | undefined;
  echo: string[] | undefined;
  input: string[] | undefined;
  refs: string[];
  numRefs: number;
  encoding: string;
  metrics: string[];
  sentenceLevel: boolean;
  smoothMethod: string;
  smoothValue: number | undefined;
  tokenize: string | undefined;
  lowercase: boolean;
  force: boolean;
  chrfCharOrder: number;
  chrfWordOrder: number;
  chrfBeta: number;
  chrfWhitespace: boolean;
  chrfLowercase: boolean;
  chrfEpsSmoothing: boolean;
  terCaseSensitive: boolean;
  terAsianSupport: boolean;
  terNoPunct: boolean;
  terNormalized: boolean;
  confidence: boolean;
  confidenceN: number;
  pairedAr: boolean;
  pairedBs: boolean;
  pairedArN: number;
  pairedBsN: number;
  pairedJobs: number;
  quiet: boolean;
  short: boolean;
  scoreOnly: boolean;
  width: number;
  detail: boolean;
  noColor: boolean;
  format: string;
}

export function defaultArgs(): SacrebleuArgs {
  return {
    help: false,
    version: false,
    citation: false,
    list: false,
    testSet: undefined,
    langpair: undefined,
    origlang: undefined,
    subset: undefined,
    download: undefined,
    echo: undefined,
    input: undefined,
    refs: [],
    numRefs: 1,
    encoding: "utf-8",
    metrics: ["bleu"],
    sentenceLevel: false,
    smoothMethod: "exp",
    smoothValue: undefined,
    tokenize: undefined,
    lowercase: false,
    force: false,
    chrfCharOrder: 6,
    chrfWordOrder: 0,
    chrfBeta: 2,
    chrfWhitespace: false,
    chrfLowercase: false,
    chrfEpsSmoothing: false,
    terCaseSensitive: false,
    terAsianSupport: false,
    terNoPunct: false,
    terNormalized: false,
    confidence: false,
    confidenceN: 1000,
    pairedAr: false,
    pairedBs: false,
    pairedArN: 10000,
    pairedBsN: 1000,
    pairedJobs: 1,
    quiet: false,
    short: false,
    scoreOnly: false,
    width: 1,
    detail: false,
    noColor: false,
    format: "json",
  };
}

/** Every option, in sacrebleu's order (the help lists them so). */
export const OPTIONS: readonly OptionDef[] = [
  { dest: "help", names: ["-h", "--help"], kind: "help", help: "show this help message and exit" },
  { dest: "citation", names: ["--citation", "--cite"], kind: "flag", help: "(needs sacrebleu's test sets: not available offline)" },
  { dest: "list", names: ["--list"], kind: "flag", help: "(needs sacrebleu's test sets: not available offline)" },
  { dest: "testSet", names: ["--test-set", "-t"], kind: "string", metavar: "TEST_SET", help: "(downloads a test set: not available offline; give reference files instead)" },
  { dest: "langpair", names: ["--language-pair", "-l"], kind: "string", metavar: "LANGPAIR", help: "source-target language pair; with reference files it only picks BLEU's tokenizer for zh, ja, ko targets" },
  { dest: "origlang", names: ["--origlang", "-ol"], kind: "string", metavar: "ORIGLANG", help: "(needs a test set: not available offline)" },
  { dest: "subset", names: ["--subset"], kind: "string", metavar: "SUBSET", help: "(needs a test set: not available offline)" },
  { dest: "download", names: ["--download"], kind: "string", metavar: "DOWNLOAD", help: "(not available offline)" },
  { dest: "echo", names: ["--echo"], kind: "list+", metavar: "ECHO", help: "(needs a test set: not available offline)" },
  { dest: "input", names: ["--input", "-i"], kind: "list*", metavar: "INPUT", help: "read the hypotheses from these files (one per system) instead of stdin" },
  { dest: "numRefs", names: ["--num-refs", "-nr"], kind: "int", metavar: "NUM_REFS", help: "split the reference file on tabs, and expect this many references (default: 1)" },
  { dest: "encoding", names: ["--encoding", "-e"], kind: "string", metavar: "ENCODING", help: "encoding of the text files (only utf-8)" },
  { dest: "metrics", names: ["--metrics", "-m"], kind: "list+", choices: METRIC_NAMES, metavar: "{bleu,chrf,ter}", help: "space-delimited list of metrics to compute (default: bleu)" },
  { dest: "sentenceLevel", names: ["--sentence-level", "-sl"], kind: "flag", help: "(not available in gramscore sacrebleu; use gramscore score --segments)" },
  { dest: "smoothMethod", names: ["--smooth-method", "-s"], kind: "string", choices: SMOOTH_NAMES, metavar: "{none,floor,add-k,exp}", help: "BLEU smoothing method (default: exp)" },
  { dest: "smoothValue", names: ["--smooth-value", "-sv"], kind: "float", metavar: "BLEU_SMOOTH_VALUE", help: "BLEU smoothing value, for floor (default 0.1) and add-k (default 1)" },
  { dest: "tokenize", names: ["--tokenize", "-tok"], kind: "string", choices: TOKENIZER_NAMES, metavar: "{none,zh,13a,intl,char,ja-mecab,ko-mecab,spm,flores101,flores200}", help: "BLEU tokenizer (default: 13a)" },
  { dest: "lowercase", names: ["--lowercase", "-lc"], kind: "flag", help: "case-insensitive BLEU" },
  { dest: "force", names: ["--force"], kind: "flag", help: "no warning when the hypotheses look tokenized" },
  { dest: "chrfCharOrder", names: ["--chrf-char-order", "-cc"], kind: "int", metavar: "CHRF_CHAR_ORDER", help: "chrF character n-gram order (default: 6)" },
  { dest: "chrfWordOrder", names: ["--chrf-word-order", "-cw"], kind: "int", metavar: "CHRF_WORD_ORDER", help: "chrF word n-gram order (default: 0; 2 is chrF++)" },
  { dest: "chrfBeta", names: ["--chrf-beta"], kind: "int", metavar: "CHRF_BETA", help: "chrF beta (default: 2)" },
  { dest: "chrfWhitespace", names: ["--chrf-whitespace"], kind: "flag", help: "chrF: keep whitespace in character n-grams" },
  { dest: "chrfLowercase", names: ["--chrf-lowercase"], kind: "flag", help: "case-insensitive chrF" },
  { dest: "chrfEpsSmoothing", names: ["--chrf-eps-smoothing"], kind: "flag", help: "chrF: epsilon smoothing instead of effective order" },
  { dest: "terCaseSensitive", names: ["--ter-case-sensitive"], kind: "flag", help: "case-sensitive TER" },
  { dest: "terAsianSupport", names: ["--ter-asian-support"], kind: "flag", help: "TER: special treatment of Asian characters" },
  { dest: "terNoPunct", names: ["--ter-no-punct"], kind: "flag", help: "TER: remove punctuation" },
  { dest: "terNormalized", names: ["--ter-normalized"], kind: "flag", help: "TER: basic normalization and tokenization" },
  { dest: "confidence", names: ["--confidence", "-ci"], kind: "flag", help: "bootstrap confidence interval (one system)" },
  { dest: "confidenceN", names: ["--confidence-n", "-cin"], kind: "int", metavar: "CONFIDENCE_N", help: "bootstrap resamples for --confidence (default: 1000)" },
  { dest: "pairedAr", names: ["--paired-ar", "-par"], kind: "flag", help: "paired approximate randomization test (several systems; the first is the baseline)" },
  { dest: "pairedBs", names: ["--paired-bs", "-pbs"], kind: "flag", help: "paired bootstrap resampling test (several systems; the first is the baseline)" },
  { dest: "pairedArN", names: ["--paired-ar-n", "-parn"], kind: "int", metavar: "PAIRED_AR_N", help: "trials of --paired-ar (default: 10000)" },
  { dest: "pairedBsN", names: ["--paired-bs-n", "-pbsn"], kind: "int", metavar: "PAIRED_BS_N", help: "resamples of --paired-bs (default: 1000)" },
  { dest: "pairedJobs", names: ["--paired-jobs", "-j"], kind: "int", metavar: "PAIRED_JOBS", help: "accepted for compatibility; the tests run in this process" },
  { dest: "quiet", names: ["--quiet", "-q"], kind: "flag", help: "no informational messages" },
  { dest: "short", names: ["--short", "-sh"], kind: "flag", help: "shorter signatures (text and latex formats)" },
  { dest: "scoreOnly", names: ["--score-only", "-b"], kind: "flag", help: "print only the scores" },
  { dest: "width", names: ["--width", "-w"], kind: "int", metavar: "WIDTH", help: "decimal places (default: 1)" },
  { dest: "detail", names: ["--detail", "-d"], kind: "flag", help: "(needs a test set: not available offline)" },
  { dest: "noColor", names: ["--no-color", "-nc"], kind: "flag", help: "no terminal colours (also NO_COLOR)" },
  { dest: "format", names: ["--format", "-f"], kind: "string", choices: FORMAT_NAMES, metavar: "{json,text,latex}", help: "output format (default: json; or SACREBLEU_FORMAT)" },
  { dest: "version", names: ["--version", "-V"], kind: "version", help: "show the program's version number and exit" },
];

/** An argparse-style error: the command prints the usage and `<prog>: error: <message>`, exit 2. */
export class ArgError extends Error {}

const MUTUALLY_EXCLUSIVE: readonly [keyof SacrebleuArgs, string][] = [
  ["pairedAr", "--paired-ar/-par"],
  ["pairedBs", "--paired-bs/-pbs"],
];

function optionLabel(def: OptionDef): string {
  return def.names.join("/");
}

function parseInt10(def: OptionDef, value: string): number {
  // Python's int(): surrounding whitespace, a sign, digits with single underscores.
  if (!/^\s*[+-]?\d+(?:_\d+)*\s*$/.test(value)) throw new ArgError(`argument ${optionLabel(def)}: invalid int value: '${value}'`);
  const n = Number(value.trim().replace(/_/g, ""));
  if (!Number.isSafeInteger(n)) throw new ArgError(`argument ${optionLabel(def)}: ${value} is too large`);
  return n;
}

function parseFloatPy(def: OptionDef, value: string): number {
  const t = value.trim();
  if (/^[+-]?(?:(?:\d+(?:_\d+)*)?\.\d+(?:_\d+)*|\d+(?:_\d+)*\.?)(?:[eE][+-]?\d+(?:_\d+)*)?$/.test(t)) return Number(t.replace(/_/g, ""));
  if (/^[+-]?(inf|infinity)$/i.test(t)) return t.startsWith("-") ? -Infinity : Infinity;
  if (/^[+-]?nan$/i.test(t)) return NaN;
  throw new ArgError(`argument ${optionLabel(def)}: invalid float value: '${value}'`);
}

function checkChoice(def: OptionDef, value: string): string {
  if (def.choices !== undefined && !def.choices.includes(value)) {
    throw new ArgError(`argument ${optionLabel(def)}: invalid choice: '${value}' (choose from ${def.choices.map((c) => `'${c}'`).join(", ")})`);
  }
  return value;
}

/** A plain argument (not an option): argparse takes `-` and negative numbers as such. */
function isPlain(arg: string): boolean {
  return !arg.startsWith("-") || arg === "-" || /^-\d+$|^-\d*\.\d+$/.test(arg);
}

interface Match {
  def: OptionDef;
  name: string;
  explicit: string | undefined;
}

/** The option `arg` names, with an attached value; undefined when none; ArgError when ambiguous. */
function matchOption(arg: string): Match | undefined {
  const byName = new Map<string, OptionDef>();
  for (const def of OPTIONS) for (const n of def.names) byName.set(n, def);
  const exact = byName.get(arg);
  if (exact !== undefined) return { def: exact, name: arg, explicit: undefined };
  const eq = arg.indexOf("=");
  if (eq > 0) {
    const d = byName.get(arg.slice(0, eq));
    if (d !== undefined) return { def: d, name: arg.slice(0, eq), explicit: arg.slice(eq + 1) };
  }
  const candidates: Match[] = [];
  if (arg.startsWith("--")) {
    const [prefix, explicit] = eq > 0 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, undefined];
    for (const [n, d] of byName) if (n.startsWith("--") && n.startsWith(prefix)) candidates.push({ def: d, name: n, explicit });
  } else {
    const short = byName.get(arg.slice(0, 2));
    if (short !== undefined) candidates.push({ def: short, name: arg.slice(0, 2), explicit: arg.slice(2) });
    for (const [n, d] of byName) if (!n.startsWith("--") && n.length > 2 && n.startsWith(arg)) candidates.push({ def: d, name: n, explicit: undefined });
  }
  if (candidates.length === 1) return candidates[0];
  if (candidates.length > 1) {
    throw new ArgError(`ambiguous option: ${eq > 0 ? arg.slice(0, eq) : arg} could match ${candidates.map((c) => c.name).join(", ")}`);
  }
  return undefined;
}

/**
 * Reads sacrebleu's command line. `-h` / `-V` set `help` / `version` and stop reading.
 * @throws ArgError with argparse's message.
 */
export function parseSacrebleuArgs(argv: readonly string[]): SacrebleuArgs {
  const args = defaultArgs() as unknown as Record<string, unknown>;
  // After the first `--` every argument is plain.
  const cut = argv.indexOf("--");
  const tokens = cut < 0 ? [...argv] : [...argv.slice(0, cut), ...argv.slice(cut + 1)];
  const plain = tokens.map((t, k) => (cut >= 0 && k >= cut) || isPlain(t));
  const plainAt = (k: number) => plain[k] === true;
  const extras: string[] = [];
  const seen = new Set<string>();
  let refsTaken = false;
  let i = 0;
  const takePlain = (): string[] => {
    const out: string[] = [];
    while (i < tokens.length && plainAt(i)) out.push(tokens[i++]!);
    return out;
  };
  while (i < tokens.length) {
    const arg = tokens[i]!;
    if (plainAt(i)) {
      const chunk = takePlain();
      if (!refsTaken) {
        args.refs = chunk;
        refsTaken = true;
      } else extras.push(...chunk);
      continue;
    }
    i++;
    let match = matchOption(arg);
    if (match === undefined) {
      extras.push(arg);
      continue;
    }
    // Single-letter flags may be combined (-bq): each further letter is an option of its own.
    for (;;) {
      const { def, explicit } = match;
      seen.add(def.dest);
      if (def.kind === "help") return { ...(args as unknown as SacrebleuArgs), help: true };
      if (def.kind === "version") return { ...(args as unknown as SacrebleuArgs), version: true };
      if (def.kind === "flag") {
        if (explicit !== undefined && explicit !== "") {
          if (arg.startsWith("--") || match.name.length > 2) throw new ArgError(`argument ${optionLabel(def)}: ignored explicit argument '${explicit}'`);
          args[def.dest] = true;
          const next = matchOption(`-${explicit}`);
          if (next === undefined) throw new ArgError(`argument ${optionLabel(def)}: ignored explicit argument '${explicit}'`);
          match = next;
          continue;
        }
        args[def.dest] = true;
        break;
      }
      if (def.kind === "list+" || def.kind === "list*") {
        const values = explicit !== undefined ? [explicit] : takePlain();
        if (def.kind === "list+" && values.length === 0) throw new ArgError(`argument ${optionLabel(def)}: expected at least one argument`);
        args[def.dest] = values.map((v) => checkChoice(def, v));
        break;
      }
      let value = explicit;
      if (value === undefined || value === "") {
        if (value === "" && arg.includes("=")) value = "";
        else if (i < tokens.length && plainAt(i)) value = tokens[i++]!;
        else throw new ArgError(`argument ${optionLabel(def)}: expected one argument`);
      }
      if (def.kind === "int") args[def.dest] = parseInt10(def, value);
      else if (def.kind === "float") args[def.dest] = parseFloatPy(def, value);
      else args[def.dest] = checkChoice(def, value);
      break;
    }
    const both = MUTUALLY_EXCLUSIVE.filter(([dest]) => seen.has(dest));
    if (both.length > 1) {
      const current = both.find(([dest]) => dest === match!.def.dest) ?? both[1]!;
      const other = both.find((b) => b !== current)!;
      throw new ArgError(`argument ${current[1]}: not allowed with argument ${other[1]}`);
    }
  }
  if (extras.length > 0) throw new ArgError(`unrecognized arguments: ${extras.join(" ")}`);
  return args as unknown as SacrebleuArgs;
}

/** argparse's usage line (wrapped as argparse wraps it: one option group per line after the first). */
export function usage(prog: string): string {
  return `usage: ${prog} [-h] [--citation] [--list] [--test-set TEST_SET] [--language-pair LANGPAIR]
       [--input [INPUT ...]] [--num-refs NUM_REFS] [--encoding ENCODING]
       [--metrics {bleu,chrf,ter} [{bleu,chrf,ter} ...]] [--smooth-method {none,floor,add-k,exp}]
       [--smooth-value BLEU_SMOOTH_VALUE] [--tokenize TOKENIZE] [--lowercase] [--force]
       [--chrf-char-order N] [--chrf-word-order N] [--chrf-beta N] [--chrf-whitespace]
       [--chrf-lowercase] [--chrf-eps-smoothing] [--ter-case-sensitive] [--ter-asian-support]
       [--ter-no-punct] [--ter-normalized] [--confidence] [--confidence-n N]
       [--paired-ar | --paired-bs] [--paired-ar-n N] [--paired-bs-n N] [--paired-jobs N]
       [--quiet] [--short] [--score-only] [--width WIDTH] [--no-color] [--format {json,text,latex}]
       [--version]
       [refs ...]
`;
}

/** The `-h` text. */
export function helpText(prog: string): string {
  const lines = [
    usage(prog),
    "sacrebleu 2.6.0's command line, computed by gramscore: the same arguments, the same output (only",
    "the version in signatures differs). Test sets are not downloaded: give the reference files.",
    "  $ " + prog + " ref.txt -i hyp.txt -m bleu chrf ter",
    "  $ " + prog + " refA.txt refB.txt -i base.txt sysA.txt sysB.txt -m bleu chrf --paired-bs -f text",
    "",
    "positional arguments:",
    "  refs                  reference files, one per reference stream; give them before -i",
    "",
    "options:",
  ];
  for (const def of OPTIONS) {
    const label = def.kind === "flag" || def.kind === "help" || def.kind === "version" ? def.names.join(", ") : def.names.map((n) => `${n} ${def.metavar ?? "VALUE"}${def.kind.startsWith("list") ? " ..." : ""}`).join(", ");
    lines.push(label.length <= 20 ? `  ${label.padEnd(22)}${def.help}` : `  ${label}\n${" ".repeat(24)}${def.help}`);
  }
  lines.push(
    "",
    "Environment: SACREBLEU_SEED (numpy seed of the resampling, default 12345, or none), SACREBLEU_FORMAT",
    "(json, text or latex, overrides -f), NO_COLOR (no colours).",
  );
  return lines.join("\n") + "\n";
}
