/**
 * Where results go: `-o FILE` or standard output, written so that nothing is lost or silently cut.
 *
 * - `-o FILE` is written to a temporary file beside the target, flushed to disk (fsync) and renamed
 *   over it only when complete: a full disk, an error or a killed process leaves the previous file
 *   as it was (and no half-written one). Targets that are not regular files (`/dev/stdout`, a FIFO,
 *   `/dev/full`) are written directly, since they cannot be replaced by a rename.
 * - `-o` naming one of the input files is refused before anything is read.
 * - A failed write to standard output (a full disk behind `> file`, a reader that went away) is a
 *   `GramscoreError` `IO_ERROR` with a non-zero exit, not a stack trace.
 */
import { closeSync, fsyncSync, openSync, renameSync, statSync, unlinkSync, writeSync, chmodSync, type Stats } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { ErrorCode, GramscoreError } from "@gramscore/core";
import { usageError } from "./errors.js";
import type { CliIO, OutputStream } from "./io.js";

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

/**
 * Checks `-o` before the run: refused when it names one of `inputs` (the same file, by path or by
 * device and inode), or when its folder does not exist or is not a folder.
 * @throws GramscoreError `USAGE` or `IO_ERROR`.
 */
export function checkOutputPath(io: CliIO, output: string | undefined, inputs: readonly string[]): void {
  if (output === undefined || output === "-") return;
  const target = resolve(io.cwd, output);
  const st = statOrUndefined(target);
  for (const input of inputs) {
    if (input === "-") continue;
    const path = resolve(io.cwd, input);
    const same = path === target || (st !== undefined && st.isFile() && ((s) => s !== undefined && s.dev === st.dev && s.ino === st.ino)(statOrUndefined(path)));
    if (same) {
      throw usageError(`-o ${output} is one of the input files (${input}): writing the result there would overwrite the input. Give another output file.`);
    }
  }
  if (st?.isDirectory() === true) throw usageError(`-o ${output} is a folder; give a file name.`);
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
 * A file written atomically: into a temporary file in the same folder, fsync'd and renamed over the
 * target by {@link commit}; {@link abort} (or a crash) leaves the target as it was. Targets that are
 * not regular files (devices, FIFOs) are written in place.
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
    this.target = resolve(io.cwd, output);
    const existing = statOrUndefined(this.target);
    try {
      if (existing !== undefined && !existing.isFile()) {
        this.temp = undefined;
        this.fd = openSync(this.target, "w");
      } else {
        this.temp = join(dirname(this.target), `.${basename(this.target)}.${process.pid}.${Math.random().toString(36).slice(2, 10)}.tmp`);
        this.fd = openSync(this.temp, "wx", existing === undefined ? 0o666 : existing.mode & 0o7777);
        if (existing !== undefined) chmodSync(this.temp, existing.mode & 0o7777);
      }
    } catch (error) {
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
      if (this.temp !== undefined) renameSync(this.temp, this.target);
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
