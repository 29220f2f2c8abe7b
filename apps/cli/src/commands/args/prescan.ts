import { splitList } from "../../shared/config.js";

/** What the CLI needs to know before it can build its parser: plugins, metrics, tokenizer, command. */
export interface Prescan {
  /** The subcommand, if one was given. */
  command: string | undefined;
  /** `--plugin` values, in order. */
  plugins: string[];
  /** `--config` value. */
  config: string | undefined;
  /** `--no-config` was given. */
  noConfig: boolean;
  /** `--debug` was given. */
  debug: boolean;
  /** `-m` / `--metrics` values, split on commas, in order. */
  metrics: string[];
  /** `-t` / `--tokenizer` value. */
  tokenizer: string | undefined;
  /** `-h` / `--help` was given (or the `help` command). */
  help: boolean;
  /** `-j` / `--jobs` value when it is a whole number (the parser checks it again). */
  jobs: number | undefined;
  /** `--spm-model` value: the SentencePiece model of flores101, flores200 and spBLEU-1K. */
  spmModel: string | undefined;
}

/**
 * Scans the arguments for the few options that decide which plugins to load and which metric or
 * tokenizer flags to offer, before the full parse. Stops at `--`.
 */
export function prescan(argv: readonly string[]): Prescan {
  const out: Prescan = {
    command: undefined,
    plugins: [],
    config: undefined,
    noConfig: false,
    debug: false,
    metrics: [],
    tokenizer: undefined,
    help: false,
    jobs: undefined,
    spmModel: undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--") break;
    const eq = arg.startsWith("--") ? arg.indexOf("=") : -1;
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const inline = eq > 0 ? arg.slice(eq + 1) : undefined;
    const value = (): string | undefined => (inline !== undefined ? inline : argv[++i]);
    if (name === "--plugin") {
      const v = value();
      if (v !== undefined) out.plugins.push(v);
    } else if (name === "--config") out.config = value();
    else if (name === "--no-config") out.noConfig = true;
    else if (name === "--spm-model") out.spmModel = value();
    else if (name === "--debug") out.debug = true;
    else if (name === "-h" || name === "--help") out.help = true;
    else if (name === "-m" || name === "--metrics" || name === "--metric") {
      const v = value();
      if (v !== undefined) out.metrics.push(...splitList(v));
    } else if (arg.startsWith("-m") && !arg.startsWith("--") && arg.length > 2) out.metrics.push(...splitList(arg.slice(2)));
    else if (name === "-j" || name === "--jobs" || (arg.startsWith("-j") && !arg.startsWith("--") && arg.length > 2)) {
      const v = name === "-j" || name === "--jobs" ? value() : arg.slice(2);
      out.jobs = v !== undefined && /^\d+$/.test(v) ? Number(v) : undefined;
    } else if (name === "-t" || name === "--tokenizer") out.tokenizer = value();
    else if (arg.startsWith("-t") && !arg.startsWith("--") && arg.length > 2) out.tokenizer = arg.slice(2);
    else if (!arg.startsWith("-") && out.command === undefined) {
      out.command = arg;
      if (arg === "help") {
        out.help = true;
        const next = argv[i + 1];
        if (next !== undefined && !next.startsWith("-")) {
          out.command = next;
          i++;
        }
      }
    }
  }
  return out;
}
