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

/** Largest `--jobs`. */
export const MAX_JOBS = 256;
