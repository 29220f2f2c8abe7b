import { ErrorCode, GramscoreError } from "@gramscore/core";

/** Output formats of `score`, `merge` and `demo`. */
export const FORMATS = ["table", "json", "jsonl", "csv", "markdown", "latex"] as const;

/** One of {@link FORMATS}. */
export type Format = (typeof FORMATS)[number];

/** Decimal places when `-w` is not given. */
export const DEFAULT_WIDTH = 4;

/** Largest accepted `-w`. */
export const MAX_WIDTH = 20;

/** The config file looked for in the working directory. */
export const CONFIG_FILE = "gramscore.config.json";

/** Largest `--jobs` accepted. */
export const MAX_JOBS = 256;

/**
 * Worker threads actually started for `--jobs n`: at most twice the processors available
 * (`os.availableParallelism()`), and at least 4 may always be asked for. Threads beyond the
 * processors only add a V8 isolate each (tens of MB, its own warm-up) and switching: 256 on 2 cores
 * took 2.6 GB and 20 times longer; a few more than the processors can still smooth out uneven units.
 */
export function usefulJobs(n: number, processors: number): number {
  return Math.max(1, Math.min(n, Math.max(2 * processors, 4)));
}

/**
 * Below this many bytes of input (gzip files counted four times their size), `--jobs N` scores on
 * this thread: every worker is a fresh V8 isolate that loads and warms up the metric code (about
 * 0.4 s of CPU each for three metrics), which costs more than it saves on small inputs. 32 MiB is
 * about 120k JSONL records or 250k segments of text files of WMT17 en-de. `GRAMSCORE_JOBS_MIN_BYTES`
 * sets another bound (0: always use workers).
 */
export const JOBS_MIN_BYTES = 32 << 20;

/** How much larger than its size a gzip file is counted when deciding on workers. */
export const GZIP_FACTOR = 4;

/**
 * {@link JOBS_MIN_BYTES}, or `GRAMSCORE_JOBS_MIN_BYTES` (a whole number of bytes; unset or empty:
 * the default).
 * @throws GramscoreError `USAGE` naming the variable and its value when it is not a whole number.
 */
export function jobsMinBytes(env: Record<string, string | undefined>): number {
  const v = env.GRAMSCORE_JOBS_MIN_BYTES;
  if (v === undefined || v.trim() === "") return JOBS_MIN_BYTES;
  if (/^\s*\d+\s*$/.test(v) && Number.isSafeInteger(Number(v))) return Number(v);
  throw new GramscoreError(
    ErrorCode.USAGE,
    `GRAMSCORE_JOBS_MIN_BYTES is ${JSON.stringify(v)}, which is not a whole number of bytes; set it to one (e.g. 0 to always use workers with --jobs, ` +
      `33554432 for the default 32 MiB), or unset it.`,
    { details: { variable: "GRAMSCORE_JOBS_MIN_BYTES", value: v } },
  );
}
