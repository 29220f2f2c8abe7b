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
