/**
 * Where results go: `-o FILE` or standard output, written so that nothing is lost or silently cut.
 *
 * - `-o FILE` is written to a temporary file beside the file it names (a symbolic link is followed
 *   to its target), flushed to disk (fsync) and renamed over it only when complete: a full disk, an
 *   error or a killed process leaves the previous file as it was (and no half-written one). A
 *   symbolic link stays a link: the file it points to is replaced. Targets that are not regular
 *   files (devices, FIFOs, a descriptor link such as `/dev/stdout` or `/proc/self/fd/N`) are written
 *   directly, since they cannot be replaced by a rename.
 * - SIGTERM, SIGINT and SIGHUP during a run remove the temporary files before the process ends.
 * - `-o` naming one of the input files is refused before anything is read.
 * - A failed write to standard output (a full disk behind `> file`, a reader that went away) is a
 *   `GramscoreError` `IO_ERROR` with a non-zero exit, not a stack trace.
 */
import { closeSync, fsyncSync, lstatSync, openSync, readlinkSync, renameSync, statSync, unlinkSync, writeSync, chmodSync, type Stats } from "node:fs";
import { constants } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { ErrorCode, GramscoreError } from "@gramscore/core";
import { usageError } from "../shared/errors.js";
import type { CliIO, OutputStream } from "../shared/io.js";

/** Text to write: one string, or pieces produced one after the other (streamed output). */
export type OutputText = string | Iterable<string> | AsyncIterable<string>;

/** Bytes gathered before one write system call. */
const BATCH = 1 << 20;

function errno(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

/** A readable reason for a write error. */
function why(error: unknown): string {
  switch (errno(error)) {
    case "ENOSPC":
      return "no space left on the device (ENOSPC)";
    case "EDQUOT":
      return "the disk quota is exceeded (EDQUOT)";
    case "EPIPE":
      return "the reader closed the pipe before everything was written (EPIPE)";
    case "EBADF":
      return "it is closed (EBADF)";
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "ENOENT":
      return "the folder does not exist";
    case "ENOTDIR":
      return "a part of the path is not a folder";
    case "EISDIR":
      return "it is a folder";
    case "EROFS":
      return "the file system is read-only";
    case "ENXIO":
      return "it cannot be opened by name (a socket, or a device that is not there); write to standard output with -o - instead";
    case "ELOOP":
      return "too many levels of symbolic links";
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

/** The error for a failed write to `name` (`standard output` or a path). */
export function writeError(name: string, error: unknown): GramscoreError {
  if (error instanceof GramscoreError) return error;
  const code = errno(error);
  const hint =
    code === "ENOENT"
      ? " Create the folder first, or give another path."
      : code === "ENOSPC" || code === "EDQUOT"
        ? " Free some space or write elsewhere."
        : code === "EPIPE"
          ? " The output is incomplete."
          : "";
  return new GramscoreError(ErrorCode.IO_ERROR, `Cannot write ${name}: ${why(error)}.${hint}`, {
    cause: error,
    details: { path: name, ...(code === undefined ? {} : { errno: code }) },
  });
}

function statOrUndefined(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** How `-o` is written (see {@link outputTarget}). */
export interface OutputTarget {
  /**
   * The path written: the end of the chain of symbolic links the name starts (the file replaced by
   * an atomic write), or the descriptor link reached on the way (`/proc/self/fd/1`).
   */
  readonly path: string;
  /** `atomic`: a temporary file beside `path`, renamed over it; `direct`: `path` opened and written. */
  readonly how: "atomic" | "direct";
  /** The file at `path` (after every link), or undefined when there is none yet. */
  readonly stats: Stats | undefined;
}

/**
 * A link into a process's open descriptors (`/proc/self/fd/1`, which `/dev/stdout` points to, or
 * `/dev/fd/1`): the file behind it is whatever the descriptor is, and its own name is not a file that
 * a rename could replace.
 */
const DESCRIPTOR_LINK = /^\/(?:proc\/(?:self|thread-self|\d+)(?:\/task\/\d+)?\/fd|dev\/fd)\/\d+$/;

/** Symbolic links followed before giving up (Linux's own limit). */
const MAX_LINKS = 40;

/**
 * Decides how `path` (absolute) is written. A symbolic link is followed, link by link, to its
 * target: a regular file or nothing yet is written atomically beside that target (so the link stays
 * and the file it points to is replaced); a device, FIFO or socket is written directly; a descriptor
 * link (`/dev/stdout` → `/proc/self/fd/1`) is written directly whatever it leads to, since the
 * descriptor (a shell's `> file`, a pipe, a terminal) is what was meant.
 * @throws Error from `lstat` / `readlink` (other than a missing file), or `ELOOP`.
 */
export function outputTarget(path: string): OutputTarget {
  let current = path;
  for (let hop = 0; ; hop++) {
    if (DESCRIPTOR_LINK.test(current)) return { path: current, how: "direct", stats: statOrUndefined(current) };
    let st: Stats;
    try {
      st = lstatSync(current);
    } catch (error) {
      if (errno(error) === "ENOENT") return { path: current, how: "atomic", stats: undefined };
      throw error;
    }
    if (!st.isSymbolicLink()) return { path: current, how: st.isFile() ? "atomic" : "direct", stats: st };
    if (hop >= MAX_LINKS) throw Object.assign(new Error(`too many levels of symbolic links: ${path}`), { code: "ELOOP" });
    current = resolve(dirname(current), readlinkSync(current));
  }
}

/** Temporary files of `-o` not yet renamed or removed: removed when a signal ends the process. */
const liveTemps = new Set<string>();
/** The signals whose default action ends the process, after which a temporary file would stay. */
const CLEANUP_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

function removeLiveTemps(): void {
  for (const temp of liveTemps) {
    try {
      unlinkSync(temp);
    } catch {
      // already renamed or removed
    }
  }
  liveTemps.clear();
}

function onCleanupSignal(signal: NodeJS.Signals): void {
  removeLiveTemps();
  untrackAll();
  // Alone (the CLI), this listener replaced the default action, which ends the process: end it as that
  // would be reported (128 + the signal's number). A program that runs the CLI and listens too decides.
  if (process.listenerCount(signal) === 0) process.exit(128 + (constants.signals[signal] ?? 0));
}

function untrackAll(): void {
  for (const signal of CLEANUP_SIGNALS) process.removeListener(signal, onCleanupSignal);
}

/** Records a temporary file; the first one installs the signal listeners that remove it. */
function trackTemp(temp: string): void {
  if (liveTemps.size === 0) for (const signal of CLEANUP_SIGNALS) process.on(signal, onCleanupSignal);
  liveTemps.add(temp);
}

/** Forgets a temporary file (renamed or removed); the last one removes the signal listeners. */
function untrackTemp(temp: string): void {
  if (!liveTemps.delete(temp)) return;
  if (liveTemps.size === 0) untrackAll();
}

/**
 * Checks `-o` (or the option named `flag`) before the run: refused when it names one of `inputs`
 * (the same file, by path or by device and inode), or when its folder does not exist or is not a folder.
 * @throws GramscoreError `USAGE` or `IO_ERROR`.
 */
export function checkOutputPath(io: CliIO, output: string | undefined, inputs: readonly string[], flag = "-o"): void {
  if (output === undefined || output === "-") return;
  const target = resolve(io.cwd, output);
  const st = statOrUndefined(target);
  for (const input of inputs) {
    if (input === "-") continue;
    const path = resolve(io.cwd, input);
    const same = path === target || (st !== undefined && st.isFile() && ((s) => s !== undefined && s.dev === st.dev && s.ino === st.ino)(statOrUndefined(path)));
    if (same) {
      throw usageError(`${flag} ${output} is one of the input files (${input}): writing the result there would overwrite the input. Give another output file.`);
    }
  }
  if (st?.isDirectory() === true) throw usageError(`${flag} ${output} is a folder; give a file name.`);
  const dir = statOrUndefined(dirname(target));
  if (dir === undefined) {
    throw new GramscoreError(ErrorCode.IO_ERROR, `Cannot write ${output}: the folder ${dirname(output)} does not exist. Create it first, or give another path.`, {
      details: { path: target },
    });
  }
  if (!dir.isDirectory()) throw new GramscoreError(ErrorCode.IO_ERROR, `Cannot write ${output}: ${dirname(output)} is not a folder.`, { details: { path: target } });
}

async function* pieces(text: OutputText | Uint8Array): AsyncGenerator<string | Uint8Array> {
  if (typeof text === "string" || text instanceof Uint8Array) {
    yield text;
    return;
  }
  for await (const piece of text as AsyncIterable<string>) yield piece;
}

/**
 * A file written atomically: into a temporary file in the folder of the target (the end of the
 * symbolic links `-o` names), fsync'd and renamed over it by {@link commit}; {@link abort}, a crash
 * or a terminating signal leaves the target as it was. Targets that are not regular files (devices,
 * FIFOs, descriptor links) are written in place ({@link outputTarget}).
 */
class AtomicFile implements OutputWriter {
  private fd: number | undefined;
  private readonly temp: string | undefined;
  private readonly target: string;
  private readonly name: string;
  private batch: string[] = [];
  private size = 0;

  /** @throws GramscoreError `IO_ERROR` when the file cannot be created. */
  constructor(io: CliIO, output: string) {
    this.name = output;
    let temp: string | undefined;
    try {
      const target = outputTarget(resolve(io.cwd, output));
      this.target = target.path;
      const existing = target.stats;
      if (target.how === "direct") {
        // A regular file behind a descriptor link (`> file`, `>> log`) is appended to: what the
        // shell or the program before this one wrote there stays.
        this.fd = openSync(this.target, existing?.isFile() === true ? "a" : "w");
      } else {
        temp = join(dirname(this.target), `.${basename(this.target)}.${process.pid}.${Math.random().toString(36).slice(2, 10)}.tmp`);
        this.fd = openSync(temp, "wx", existing === undefined ? 0o666 : existing.mode & 0o7777);
        trackTemp(temp);
        if (existing !== undefined) chmodSync(temp, existing.mode & 0o7777);
      }
      this.temp = temp;
    } catch (error) {
      this.temp = temp;
      this.abort();
      throw writeError(output, error);
    }
  }

  async write(text: string): Promise<void> {
    this.batch.push(text);
    this.size += text.length;
    if (this.size >= BATCH) this.flush();
  }

  async writeBytes(bytes: Uint8Array): Promise<void> {
    this.flush();
    this.put(bytes);
  }

  private flush(): void {
    if (this.size === 0 || this.fd === undefined) return;
    const buffer = Buffer.from(this.batch.join(""), "utf8");
    this.batch = [];
    this.size = 0;
    this.put(buffer);
  }

  /** Writes all of `buffer` (the text batched before it already written). */
  private put(buffer: Uint8Array): void {
    if (this.fd === undefined) return;
    try {
      let at = 0;
      while (at < buffer.length) at += writeSync(this.fd, buffer, at, Math.min(BATCH, buffer.length - at));
    } catch (error) {
      this.abort();
      throw writeError(this.name, error);
    }
  }

  async commit(): Promise<void> {
    this.flush();
    if (this.fd === undefined) return;
    try {
      if (this.temp !== undefined) fsyncSync(this.fd);
      closeSync(this.fd);
      this.fd = undefined;
      if (this.temp !== undefined) {
        renameSync(this.temp, this.target);
        untrackTemp(this.temp);
      }
    } catch (error) {
      this.abort();
      throw writeError(this.name, error);
    }
  }

  abort(): void {
    this.batch = [];
    this.size = 0;
    if (this.fd !== undefined) {
      try {
        closeSync(this.fd);
      } catch {
        // the error that led here is the one reported
      }
      this.fd = undefined;
    }
    if (this.temp !== undefined) {
      try {
        unlinkSync(this.temp);
      } catch {
        // never created, or already renamed
      }
      untrackTemp(this.temp);
    }
  }
}

/**
 * Writes `text` to the file `output` (relative to `io.cwd`) atomically (see {@link AtomicFile}).
 * @throws GramscoreError `IO_ERROR` (the temporary file is removed).
 */
export async function writeFileAtomic(io: CliIO, output: string, text: OutputText): Promise<void> {
  const file = new AtomicFile(io, output);
  try {
    for await (const piece of pieces(text)) await (typeof piece === "string" ? file.write(piece) : file.writeBytes(piece));
    await file.commit();
  } catch (error) {
    file.abort();
    throw error;
  }
}

/** True for a Node writable stream (which reports errors asynchronously and has backpressure). */
function isNodeStream(stream: OutputStream): stream is OutputStream & NodeJS.WritableStream {
  return typeof (stream as { once?: unknown }).once === "function" && typeof (stream as { on?: unknown }).on === "function";
}

/**
 * Writes `text` to standard output, waiting for each piece to be accepted (backpressure) and
 * turning a failed write into `IO_ERROR`.
 */
export async function writeStdout(stdout: OutputStream, text: OutputText | Uint8Array): Promise<void> {
  if (!isNodeStream(stdout)) {
    for await (const piece of pieces(text)) {
      if (typeof piece !== "string") throw usageError("Binary output cannot go to this standard output: write it to a file with -o FILE.");
      stdout.write(piece);
    }
    return;
  }
  let failed: unknown;
  const onError = (error: unknown) => {
    failed ??= error;
  };
  stdout.on("error", onError);
  try {
    let last: Promise<void> = Promise.resolve();
    for await (const piece of pieces(text)) {
      if (failed !== undefined) break;
      last = new Promise<void>((done) => {
        const ok = (stdout as NodeJS.WritableStream).write(piece, (error?: Error | null) => {
          if (error) failed ??= error;
          done();
        });
        void ok;
      });
      if ((stdout as { writableNeedDrain?: boolean }).writableNeedDrain === true) {
        await Promise.race([new Promise((r) => stdout.once("drain", r)), last]);
      }
    }
    await last;
    if (failed !== undefined) throw writeError("standard output", failed);
  } finally {
    stdout.removeListener("error", onError);
  }
}

/** An output opened before a run, written to as results come (streamed `--segments`). */
export interface OutputWriter {
  /** Writes `text` (waits for standard output to accept it). */
  write(text: string): Promise<void>;
  /** Writes bytes as they are (binary output such as `.npy`), after the text written before. */
  writeBytes(bytes: Uint8Array): Promise<void>;
  /** Finishes: for `-o FILE`, fsync and rename over the target. */
  commit(): Promise<void>;
  /** Gives up: for `-o FILE`, removes the temporary file (the target stays as it was). */
  abort(): void;
}

/**
 * Opens `-o output` (see {@link AtomicFile}) or standard output.
 * @throws GramscoreError `IO_ERROR` when the file cannot be created.
 */
export function openOutput(io: CliIO, output: string | undefined): OutputWriter {
  if (output === undefined || output === "-") {
    return {
      write: (text) => writeStdout(io.stdout, text),
      writeBytes: (bytes) => writeStdout(io.stdout, bytes),
      commit: async () => {},
      abort: () => {},
    };
  }
  return new AtomicFile(io, output);
}

/** Writes `text` to `-o output` atomically, or to standard output. */
export async function writeOutput(io: CliIO, text: OutputText, output: string | undefined): Promise<void> {
  if (output === undefined || output === "-") await writeStdout(io.stdout, text);
  else await writeFileAtomic(io, output, text);
}

/**
 * Runs `body` with a writer for `-o output` (or standard output) and finishes it: `-o` is checked
 * against `inputs` first ({@link checkOutputPath}), committed (renamed over the target) when `body`
 * succeeds and aborted when it throws, so a failed run leaves the previous file as it was.
 * @throws GramscoreError from the check, the writes, or whatever `body` throws.
 */
export async function withOutput<T>(
  io: CliIO,
  output: string | undefined,
  inputs: readonly string[],
  body: (out: OutputWriter) => Promise<T>,
): Promise<T> {
  checkOutputPath(io, output, inputs);
  const out = openOutput(io, output);
  try {
    const result = await body(out);
    await out.commit();
    return result;
  } catch (error) {
    out.abort();
    throw error;
  }
}
