import type { Hash } from "node:crypto";
import picocolors from "picocolors";

/** Colour formatters (picocolors). */
export type Colors = ReturnType<typeof picocolors.createColors>;

/** Something text is written to: `process.stdout`, `process.stderr`, or a test double. */
export interface OutputStream {
  write(text: string): unknown;
  /** True when the stream is a terminal. */
  isTTY?: boolean;
  /** Terminal width in columns, when known. */
  columns?: number;
}

/** Where the CLI reads, writes and looks. `run()` fills what is not given from `process`. */
export interface CliIO {
  /** Standard input (read only when a command reads `-` or stdin). */
  stdin: AsyncIterable<Uint8Array | string> & { isTTY?: boolean };
  stdout: OutputStream;
  stderr: OutputStream;
  /** Working directory: relative paths, plugins and config files resolve from here. */
  cwd: string;
  env: Record<string, string | undefined>;
  /** Milliseconds before a progress bar appears on a terminal (default 300). */
  progressDelayMs?: number;
}

/** The process's own streams, directory and environment. */
export function processIO(): CliIO {
  return {
    // A getter: creating process.stdin costs time, and most runs read files.
    get stdin() {
      return process.stdin;
    },
    stdout: process.stdout,
    stderr: process.stderr,
    cwd: process.cwd(),
    env: process.env,
  };
}

/**
 * Whether to colour a stream: `FORCE_COLOR` (non-empty, not `0`) forces colours; otherwise only a
 * terminal gets them, and never when `NO_COLOR` is set to a non-empty value, `TERM` is `dumb`, or
 * `--no-color` was given.
 */
export function useColor(stream: OutputStream, env: Record<string, string | undefined>, flag = true): boolean {
  if (!flag) return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== "") return force !== "0" && force !== "false";
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  if (env.TERM === "dumb") return false;
  return stream.isTTY === true;
}

/** picocolors formatters, on or off. */
export function colors(enabled: boolean): Colors {
  return picocolors.createColors(enabled);
}

/** Counts bytes read from all opened inputs, for progress. */
export interface ByteCounter {
  /** Bytes read so far. */
  read: number;
  /** Total size of the files opened, when all are regular files; undefined for stdin. */
  total: number | undefined;
  /**
   * When set, a SHA-256 digest of each input's (decompressed) bytes is kept here under its name, as
   * it is read (`gramscore stats` records them to identify its shard).
   */
  digests?: Map<string, Hash>;
}
