/**
 * Streaming input: text files read line by line (several in lockstep), JSONL records, gzip, stdin.
 */
import type { Hash } from "node:crypto";
import { createHash } from "node:crypto";
import { closeSync, createReadStream, openSync, readSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { createGunzip, type ZlibOptions } from "node:zlib";
import { ErrorCode, GramscoreError, describeValue, pyRstrip } from "@gramscore/core";
import type { ByteCounter, CliIO } from "../shared/io.js";
import { profile } from "../shared/profile.js";

/** One segment read from the input. */
export interface InputRecord {
  /** System name: the hypothesis file, the record's `system` field, or the source name. */
  readonly system: string;
  readonly hyp: string;
  readonly refs: readonly string[];
  /** A JSONL record's `"src"` (the source segment), when it has one: what paired tests check segments by. */
  readonly src?: string;
  /** The file (or `stdin`) and 1-based line the segment came from, for error messages. */
  readonly source: string;
  readonly line: number;
}

/** Options shared by the readers. */
export interface ReadOptions {
  /** Keep trailing whitespace of text lines (default: strip it, as sacrebleu's command line does). */
  keepWhitespace?: boolean;
  /** System names, one per hypothesis file (default: the file names). */
  systems?: readonly string[];
}

const STDIN = "-";

function label(path: string): string {
  return path === STDIN ? "stdin" : path;
}

const NEWLINE = 0x0a;

/**
 * Splits a byte stream into whole lines without decoding them: the bytes of the next `n` lines can be
 * taken at once, cut right after a `\n` (which never occurs inside a multi-byte UTF-8 sequence, so
 * every piece decodes on its own). A last line without `\n` counts once the stream has ended.
 */
export class ByteLines {
  /** Name used in messages (`stdin` or the path as given). */
  readonly name: string;
  /** Lines taken so far. */
  taken = 0;
  private readonly iterator: AsyncIterator<Uint8Array | string>;
  /** Pending bytes: `chunks[0]` from `head` on, then the other chunks whole. */
  private chunks: Uint8Array[] = [];
  private head = 0;
  private pending = 0;
  /** Complete (`\n`-terminated) lines among the pending bytes, and the bytes they span. */
  private complete = 0;
  private completeBytes = 0;
  private ended = false;
  private readonly encoder = new TextEncoder();
  /** Digest of every byte read, when asked for (see {@link ByteCounter.digests}). */
  digest: Hash | undefined;

  constructor(name: string, chunks: AsyncIterable<Uint8Array | string>) {
    this.name = name;
    this.iterator = chunks[Symbol.asyncIterator]();
  }

  /** Lines that can be taken now (the last one without `\n` only once the stream has ended). */
  get available(): number {
    return this.complete + (this.ended && this.pending > this.completeBytes ? 1 : 0);
  }

  /** Bytes of the lines that can be taken now. */
  get availableBytes(): number {
    return this.ended ? this.pending : this.completeBytes;
  }

  /**
   * Reads until at least one line can be taken and, unless the stream ends first, until `minLines`
   * lines or `minBytes` bytes of whole lines are buffered. False when no line is left.
   */
  async fill(minLines = 1, minBytes = Number.POSITIVE_INFINITY): Promise<boolean> {
    while (!this.ended && (this.available === 0 || (this.available < minLines && this.completeBytes < minBytes))) {
      let step: IteratorResult<Uint8Array | string>;
      try {
        step = await this.iterator.next();
      } catch (error) {
        throw readError(this.name, error);
      }
      if (step.done) {
        this.ended = true;
        break;
      }
      const chunk = typeof step.value === "string" ? this.encoder.encode(step.value) : step.value;
      if (chunk.length === 0) continue;
      this.digest?.update(chunk);
      let last = -1;
      for (let i = chunk.indexOf(NEWLINE); i !== -1; i = chunk.indexOf(NEWLINE, i + 1)) {
        this.complete++;
        last = i;
      }
      if (last !== -1) this.completeBytes = this.pending + last + 1;
      this.chunks.push(chunk);
      this.pending += chunk.length;
    }
    return this.available > 0;
  }

  /**
   * Takes the next `n` lines (at most {@link available}) as bytes, their `\n`s included. With `copy`
   * the bytes are always a fresh buffer of their own (which can be transferred to a worker thread);
   * otherwise they may be a view into the chunk read.
   */
  take(n: number, copy = false): Uint8Array {
    const lines = Math.min(n, this.available);
    if (lines <= 0) return new Uint8Array(0);
    let end: number;
    if (lines > this.complete) end = this.pending;
    else if (lines === this.complete) end = this.completeBytes;
    else end = this.offsetAfter(lines);
    const out = this.cut(end, copy);
    if (lines > this.complete) {
      this.complete = 0;
      this.completeBytes = 0;
    } else {
      this.complete -= lines;
      this.completeBytes -= end;
    }
    this.taken += lines;
    return out;
  }

  /** Reads to the end and returns the total number of lines. */
  async countAll(): Promise<number> {
    while (await this.fill()) this.take(this.available);
    return this.taken;
  }

  /** Offset just after the `lines`-th pending `\n` (fewer than `complete`). */
  private offsetAfter(lines: number): number {
    let seen = 0;
    let base = 0;
    for (let c = 0; c < this.chunks.length; c++) {
      const chunk = this.chunks[c]!;
      const from = c === 0 ? this.head : 0;
      for (let i = chunk.indexOf(NEWLINE, from); i !== -1; i = chunk.indexOf(NEWLINE, i + 1)) {
        if (++seen === lines) return base + (i - from) + 1;
      }
      base += chunk.length - from;
    }
    throw new Error("ByteLines: fewer lines buffered than counted");
  }

  /** Removes the first `end` pending bytes and returns them. */
  private cut(end: number, copy: boolean): Uint8Array {
    const first = this.chunks[0]!;
    if (!copy && first.length - this.head >= end) {
      const view = first.subarray(this.head, this.head + end);
      this.head += end;
      if (this.head === first.length) {
        this.chunks.shift();
        this.head = 0;
      }
      this.pending -= end;
      return view;
    }
    const out = new Uint8Array(end);
    let filled = 0;
    while (filled < end) {
      const chunk = this.chunks[0]!;
      const part = Math.min(chunk.length - this.head, end - filled);
      out.set(chunk.subarray(this.head, this.head + part), filled);
      filled += part;
      this.head += part;
      if (this.head === chunk.length) {
        this.chunks.shift();
        this.head = 0;
      }
    }
    this.pending -= end;
    return out;
  }
}

const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The lines of `bytes` and, when a line is not valid UTF-8, the error naming it (`lines` stops before it). */
export interface DecodedLines {
  lines: string[];
  error: GramscoreError | undefined;
}

/**
 * Decodes whole lines (as {@link ByteLines.take} cuts them) strictly as UTF-8 and splits them on `\n`
 * (a `\n` at the very end ends the last line). Byte order marks are kept. `firstLine` is the 1-based
 * number of the first line, for the error that names an invalid line.
 */
export function decodeLines(bytes: Uint8Array, source: string, firstLine: number): DecodedLines {
  if (bytes.length === 0) return { lines: [], error: undefined };
  try {
    return { lines: decodePieces(bytes), error: undefined };
  } catch (cause) {
    // Find the line: decode them one by one.
    const lines: string[] = [];
    let at = 0;
    while (at < bytes.length) {
      const nl = bytes.indexOf(NEWLINE, at);
      const end = nl === -1 ? bytes.length : nl;
      try {
        lines.push(decoder.decode(bytes.subarray(at, end)));
      } catch (error) {
        const line = firstLine + lines.length;
        const gzip = firstLine === 1 && bytes[0] === 0x1f && bytes[1] === 0x8b;
        return {
          lines,
          error: gzip
            ? malformed(source, line, "this is gzip-compressed data, but the name does not end in .gz. Rename it to end in .gz (it is then decompressed on the fly) or gunzip it first.", error)
            : malformed(source, line, "not valid UTF-8 text. Convert it to UTF-8 first (e.g. iconv -t UTF-8).", error),
        };
      }
      at = end + 1;
    }
    throw cause;
  }
}

/**
 * Bytes decoded at once by {@link decodeLines}: decoding 32 KB pieces is faster than decoding
 * megabytes at a time (V8 allocates large strings in a space of their own, and the lines split from
 * them keep them alive): 49–52 ms against 62–80 ms for the 19 MB of WMT17 JSONL.
 */
const DECODE_PIECE = 1 << 15;

/** The lines of `bytes`, decoded a piece at a time (each piece ends right after a `\n`, or at the end). */
function decodePieces(bytes: Uint8Array): string[] {
  const total = bytes.length;
  if (total <= DECODE_PIECE) {
    const lines = decoder.decode(bytes).split("\n");
    if (bytes[total - 1] === NEWLINE) lines.pop();
    return lines;
  }
  const lines: string[] = [];
  let at = 0;
  while (at < total) {
    let end = at + DECODE_PIECE;
    if (end >= total) end = total;
    else {
      const nl = bytes.lastIndexOf(NEWLINE, end - 1);
      // A line longer than a piece: decode through its end.
      end = nl >= at ? nl + 1 : bytes.indexOf(NEWLINE, end) + 1 || total;
    }
    const part = decoder.decode(bytes.subarray(at, end)).split("\n");
    const last = bytes[end - 1] === NEWLINE ? part.length - 1 : part.length;
    for (let i = 0; i < last; i++) lines.push(part[i]!);
    at = end;
  }
  return lines;
}

/** Reads lines (split on `\n` only) of one UTF-8 stream, refilled a chunk at a time. */
export class LineReader {
  /** Name used in messages (`stdin` or the path as given). */
  readonly name: string;
  /** Lines handed out so far. */
  taken = 0;
  private readonly bytes: ByteLines;
  private buffer: string[] = [];
  private pos = 0;
  private decodedLines = 0;
  /** An invalid line found while decoding: thrown once the lines before it are taken. */
  private error: GramscoreError | undefined;

  constructor(name: string, chunks: AsyncIterable<Uint8Array | string> | ByteLines) {
    this.name = name;
    this.bytes = chunks instanceof ByteLines ? chunks : new ByteLines(name, chunks);
  }

  /** Lines buffered and not yet taken. */
  get available(): number {
    return this.buffer.length - this.pos;
  }

  /**
   * Waits until at least one line is buffered; false at the end of the stream.
   * @throws GramscoreError `MALFORMED_INPUT` naming the line that is not valid UTF-8 (after the lines before it are taken).
   */
  async fill(): Promise<boolean> {
    while (this.pos >= this.buffer.length) {
      if (this.error !== undefined) throw this.error;
      if (!(await this.bytes.fill())) return false;
      const n = this.bytes.available;
      const decoded = decodeLines(this.bytes.take(n), this.name, this.decodedLines + 1);
      this.buffer = decoded.lines;
      this.pos = 0;
      this.decodedLines += n;
      this.error = decoded.error;
    }
    return true;
  }

  /** Takes up to `n` buffered lines. */
  take(n: number): string[] {
    const end = Math.min(this.buffer.length, this.pos + n);
    const out = this.buffer.slice(this.pos, end);
    this.pos = end;
    this.taken += out.length;
    return out;
  }

  /** Reads to the end and returns the total number of lines. */
  async countAll(): Promise<number> {
    while (await this.fill()) this.take(this.available);
    return this.taken;
  }
}

function readError(name: string, error: unknown): GramscoreError {
  if (error instanceof GramscoreError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "Z_DATA_ERROR" || code === "Z_BUF_ERROR") {
    return new GramscoreError(ErrorCode.MALFORMED_INPUT, `${name} is not a valid gzip file (${(error as Error).message}).`, { cause: error });
  }
  return new GramscoreError(ErrorCode.IO_ERROR, `Cannot read ${name}: ${(error as Error)?.message ?? String(error)}`, { cause: error });
}

/**
 * Opens `path` (`-` for stdin) as {@link ByteLines}, gunzipping names ending in `.gz`.
 * @throws GramscoreError `IO_ERROR` when the file cannot be opened.
 */
export function openBytes(path: string, io: CliIO, bytes: ByteCounter): ByteLines {
  const lines = openByteLines(path, io, bytes);
  if (bytes.digests !== undefined) {
    lines.digest = createHash("sha256");
    bytes.digests.set(lines.name, lines.digest);
  }
  return lines;
}

function openByteLines(path: string, io: CliIO, bytes: ByteCounter): ByteLines {
  if (path === STDIN) {
    bytes.total = undefined;
    return new ByteLines("stdin", countBytes(io.stdin, bytes));
  }
  const full = resolve(io.cwd, path);
  let size: number;
  try {
    const st = statSync(full);
    if (st.isDirectory()) throw new GramscoreError(ErrorCode.IO_ERROR, `Cannot read ${path}: it is a directory, not a file.`);
    size = st.isFile() ? st.size : Number.NaN;
  } catch (error) {
    if (error instanceof GramscoreError) throw error;
    const code = (error as { code?: unknown }).code;
    const why = code === "ENOENT" ? "no such file" : code === "EACCES" ? "permission denied" : (error as Error).message;
    throw new GramscoreError(ErrorCode.IO_ERROR, `Cannot read ${path}: ${why}.`, { cause: error, details: { path: full } });
  }
  if (bytes.total !== undefined) bytes.total = Number.isNaN(size) ? undefined : bytes.total + size;
  // A plain regular file is read in large synchronous pieces: a stream's chunks, events and
  // promises cost more CPU than the reading itself (pipes, devices and gzip still stream).
  if (!Number.isNaN(size) && !path.endsWith(".gz")) return new ByteLines(path, fileChunks(full, path, bytes));
  const raw = createReadStream(full, { highWaterMark: 1 << 16 });
  raw.on("data", (chunk) => {
    bytes.read += chunk.length;
  });
  // Decompression runs on libuv's thread pool: let it get up to 2 MB ahead of the scoring (the default
  // 16 KB makes this thread wait for every chunk; about 10% of a one-thread run on WMT17 JSONL.gz).
  const stream = path.endsWith(".gz") ? raw.pipe(createGunzip({ chunkSize: 1 << 16, readableHighWaterMark: GUNZIP_AHEAD } as ZlibOptions)) : raw;
  if (stream !== raw) raw.on("error", (error) => stream.destroy(error));
  return new ByteLines(path, stream as AsyncIterable<Uint8Array>);
}

/** Bytes of one read of a regular file (and so, single-threaded, of one batch of records). */
export const FILE_CHUNK = 1 << 18;

/**
 * The bytes of a regular file, {@link FILE_CHUNK} at a time, read synchronously (each piece a buffer of
 * its own, so that views of it can be kept). The file is closed at the end, on an error, and when the
 * reader stops early.
 */
async function* fileChunks(full: string, name: string, bytes: ByteCounter): AsyncGenerator<Uint8Array> {
  let fd: number;
  try {
    fd = openSync(full, "r");
  } catch (error) {
    throw readError(name, error);
  }
  try {
    for (;;) {
      const buffer = Buffer.allocUnsafeSlow(FILE_CHUNK);
      let n: number;
      try {
        n = readSync(fd, buffer, 0, FILE_CHUNK, null);
      } catch (error) {
        throw readError(name, error);
      }
      if (n === 0) return;
      bytes.read += n;
      yield n === FILE_CHUNK ? buffer : buffer.subarray(0, n);
    }
  } finally {
    closeSync(fd);
  }
}

/** Bytes of decompressed input buffered ahead of the reader. */
const GUNZIP_AHEAD = 2 << 20;

/**
 * Opens `path` (`-` for stdin) as a {@link LineReader}, gunzipping names ending in `.gz`.
 * @throws GramscoreError `IO_ERROR` when the file cannot be opened.
 */
export function openLines(path: string, io: CliIO, bytes: ByteCounter): LineReader {
  const source = openBytes(path, io, bytes);
  return new LineReader(source.name, source);
}

async function* countBytes(source: AsyncIterable<Uint8Array | string>, bytes: ByteCounter): AsyncGenerator<Uint8Array | string> {
  for await (const chunk of source) {
    bytes.read += typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.length;
    yield chunk;
  }
}

function checkStdinOnce(paths: readonly string[]): void {
  if (paths.filter((p) => p === STDIN).length > 1) {
    throw new GramscoreError(ErrorCode.USAGE, "Standard input (-) can be read only once: give the other inputs as files.");
  }
}

/** Names that look like JSONL record files. */
export function looksLikeJsonl(path: string): boolean {
  return /\.(jsonl|ndjson)(\.gz)?$/i.test(path);
}

/** How much input goes into one {@link InputUnit}. */
export interface UnitSize {
  /** At most this many segments (lines times systems; 1: whatever one read gives)... */
  lines: number;
  /** ...and fewer when this many bytes are reached first (0: no byte limit). */
  bytes: number;
  /** Give every unit buffers of its own, which can be transferred to another thread. */
  own: boolean;
}

/** Whatever one read gives: the units of single-threaded scoring. */
const READ_SIZE: UnitSize = { lines: 1, bytes: 0, own: false };

/** Where the segments of a {@link TextUnit} come from. */
export interface TextLayout {
  /** System name of each hypothesis file. */
  readonly systems: readonly string[];
  /** Name (for messages) of each hypothesis file and each reference file. */
  readonly hypSources: readonly string[];
  readonly refSources: readonly string[];
  /** Strip trailing whitespace of every line. */
  readonly strip: boolean;
}

/**
 * Lines of JSONL records of one file, still as bytes: the unit of work a worker thread decodes,
 * parses and scores.
 */
export interface JsonlUnit {
  readonly kind: "jsonl";
  /** The file (or `stdin`). */
  readonly source: string;
  /** 1-based number of the first line. */
  readonly firstLine: number;
  /** Number of lines. */
  readonly lines: number;
  readonly data: Uint8Array;
  /** System of records without a `system` field (default: the file name). */
  readonly system?: string;
}

/** The same lines of every hypothesis file and reference file, still as bytes. */
export interface TextUnit {
  readonly kind: "text";
  readonly firstLine: number;
  readonly lines: number;
  /** One piece per hypothesis file, then... */
  readonly hyps: readonly Uint8Array[];
  /** ...one per reference file, each holding exactly `lines` lines. */
  readonly refs: readonly Uint8Array[];
  readonly layout: TextLayout;
}

/** A piece of the input that can be turned into records on its own (in this thread or a worker). */
export type InputUnit = JsonlUnit | TextUnit;

/**
 * Reads hypothesis files (one per system) and reference files (one per reference stream) in
 * lockstep, as units of the same lines of every file (`size` decides how many). Every file must have
 * the same number of lines.
 * @throws GramscoreError `LENGTH_MISMATCH` naming each file's line count (after the units before the
 * end of the shortest file).
 */
export async function* parallelUnits(
  hypPaths: readonly string[],
  refPaths: readonly string[],
  io: CliIO,
  bytes: ByteCounter,
  options: ReadOptions = {},
  size: UnitSize = READ_SIZE,
): AsyncGenerator<TextUnit> {
  checkStdinOnce([...hypPaths, ...refPaths]);
  const hyps = hypPaths.map((p) => openBytes(p, io, bytes));
  const refs = refPaths.map((p) => openBytes(p, io, bytes));
  const all = [...hyps, ...refs];
  const layout: TextLayout = {
    systems: options.systems ?? hypPaths.map(label),
    hypSources: hyps.map((r) => r.name),
    refSources: refs.map((r) => r.name),
    strip: options.keepWhitespace !== true,
  };
  const copy = size.own;
  const perFile = Math.max(1, Math.ceil(size.lines / Math.max(1, hyps.length)));
  const bytesPerFile = size.bytes > 0 ? size.bytes / all.length : Number.POSITIVE_INFINITY;
  let firstLine = 1;
  for (;;) {
    const ready = await Promise.all(all.map((r) => r.fill(perFile, bytesPerFile)));
    if (ready.every((x) => !x)) return;
    if (ready.some((x) => !x)) {
      const counts = await Promise.all(all.map((r) => r.countAll()));
      throw mismatch(all.map((r, i) => [r.name, counts[i]!] as const));
    }
    const n = Math.min(perFile > 1 ? perFile : Number.POSITIVE_INFINITY, ...all.map((r) => r.available));
    yield { kind: "text", firstLine, lines: n, hyps: hyps.map((r) => r.take(n, copy)), refs: refs.map((r) => r.take(n, copy)), layout };
    firstLine += n;
  }
}

/**
 * Reads hypothesis files (one per system) and reference files (one per reference stream) in
 * lockstep, yielding batches of records in line order. Every file must have the same number of lines.
 * @throws GramscoreError `LENGTH_MISMATCH` naming each file's line count.
 */
export async function* readParallel(
  hypPaths: readonly string[],
  refPaths: readonly string[],
  io: CliIO,
  bytes: ByteCounter,
  options: ReadOptions = {},
): AsyncGenerator<InputRecord[]> {
  yield* recordBatches(parallelUnits(hypPaths, refPaths, io, bytes, options));
}

function mismatch(counts: readonly (readonly [string, number])[]): GramscoreError {
  const describeCount = ([name, n]: readonly [string, number]) => `${name} has ${n} line${n === 1 ? "" : "s"}`;
  const text =
    counts.length === 2
      ? `${describeCount(counts[0]!)} but ${describeCount(counts[1]!)}`
      : counts.map(describeCount).join(", ");
  return new GramscoreError(
    ErrorCode.LENGTH_MISMATCH,
    `The line counts differ: ${text}. Every hypothesis file and every reference file needs exactly one line per segment; ` +
      "check that the files belong together.",
    { details: { counts: Object.fromEntries(counts) } },
  );
}

/** Reads text lines of one or more files (stdin for none), for `tokenize`. */
export async function* readTextLines(
  paths: readonly string[],
  io: CliIO,
  bytes: ByteCounter,
  options: ReadOptions = {},
): AsyncGenerator<string[]> {
  const list = paths.length === 0 ? [STDIN] : paths;
  checkStdinOnce(list);
  const strip = options.keepWhitespace !== true;
  for (const path of list) {
    const reader = openLines(path, io, bytes);
    while (await reader.fill()) {
      const lines = reader.take(reader.available);
      yield strip ? lines.map(pyRstrip) : lines;
    }
  }
}

function malformed(source: string, line: number, message: string, cause?: unknown): GramscoreError {
  return new GramscoreError(ErrorCode.MALFORMED_INPUT, `${source} line ${line}: ${message}`, {
    ...(cause === undefined ? {} : { cause }),
    details: { source, line },
  });
}

const RECORD_SHAPE = 'Each line must be one JSON object like {"hyp": "...", "refs": ["...", "..."], "system": "..."}.';

/**
 * Validates one parsed JSONL value into a record. When every element of `value.refs` is a string,
 * the record's `refs` is that same array (a parsed line's own); otherwise a new one without the nulls.
 */
export function toRecord(value: unknown, source: string, line: number, defaultSystem?: string): InputRecord {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw malformed(source, line, `expected a JSON object, but got ${describeValue(value)}. ${RECORD_SHAPE}`);
  }
  const v = value as Record<string, unknown>;
  if (typeof v.hyp !== "string") {
    throw malformed(source, line, `"hyp" must be a string, but got ${describeValue(v.hyp)}. ${RECORD_SHAPE}`);
  }
  let refs: string[];
  if (Array.isArray(v.refs)) {
    const given = v.refs as unknown[];
    let k = 0;
    while (k < given.length && typeof given[k] === "string") k++;
    // The usual case, every reference a string: the parsed array is the record's own (a fresh array).
    refs = given as string[];
    if (k < given.length) {
      refs = given.slice(0, k) as string[];
      for (; k < given.length; k++) {
        const r = given[k];
        if (typeof r === "string") refs.push(r);
        else if (r !== null) throw malformed(source, line, `refs[${k}] must be a string (or null for a missing reference), but got ${describeValue(r)}.`);
      }
    }
  } else if (v.refs === undefined && typeof v.ref === "string") {
    refs = [v.ref];
  } else if (v.refs === undefined && v.ref === undefined) {
    // A record without references: what reference-free metrics (distinct, self-bleu) read; the
    // metrics that need references refuse it with their own message.
    refs = [];
  } else {
    throw malformed(source, line, `"refs" must be an array of reference strings, but got ${describeValue(v.refs)}. ${RECORD_SHAPE}`);
  }
  let system = defaultSystem ?? label(source);
  if (v.system !== undefined && v.system !== null) {
    if (typeof v.system !== "string" && typeof v.system !== "number") {
      throw malformed(source, line, `"system" must be a string, but got ${describeValue(v.system)}.`);
    }
    system = String(v.system);
  }
  return typeof v.src === "string" ? { system, hyp: v.hyp, refs, src: v.src, source, line } : { system, hyp: v.hyp, refs, source, line };
}

/** Reads JSONL record files (stdin for none) as units of whole lines (`size` decides how many). */
export async function* jsonlUnits(
  paths: readonly string[],
  io: CliIO,
  bytes: ByteCounter,
  size: UnitSize = READ_SIZE,
  systems?: readonly string[],
): AsyncGenerator<JsonlUnit> {
  const list = paths.length === 0 ? [STDIN] : paths;
  checkStdinOnce(list);
  const copy = size.own;
  const minBytes = size.bytes > 0 ? size.bytes : Number.POSITIVE_INFINITY;
  for (const [f, path] of list.entries()) {
    const reader = openBytes(path, io, bytes);
    const system = systems?.[f];
    let firstLine = 1;
    while (await reader.fill(size.lines, minBytes)) {
      const lines = size.lines > 1 ? Math.min(size.lines, reader.available) : reader.available;
      const data = reader.take(lines, copy);
      yield system === undefined ? { kind: "jsonl", source: reader.name, firstLine, lines, data } : { kind: "jsonl", source: reader.name, firstLine, lines, data, system };
      firstLine += lines;
    }
  }
}

/** Reads JSONL records from one or more files (stdin for none); blank lines are skipped. */
export async function* readJsonl(paths: readonly string[], io: CliIO, bytes: ByteCounter): AsyncGenerator<InputRecord[]> {
  yield* recordBatches(jsonlUnits(paths, io, bytes));
}

/** The records of a unit up to its first unreadable line, and that line's error. */
export interface UnitRecords {
  readonly records: InputRecord[];
  /** Why the unit stopped before its end (the records before the bad line are in `records`). */
  readonly error: unknown;
}

/** The usual record error of a line that is not valid JSON. */
function notJson(unit: JsonlUnit, line: number, cause: unknown): GramscoreError {
  const hint = looksLikeJsonl(unit.source)
    ? ""
    : ` Without reference files the inputs are read as JSONL records; if ${unit.source} holds plain-text hypotheses, give the reference files too (gramscore score -m bleu ref.txt -i ${unit.source}).`;
  return malformed(unit.source, line, `not valid JSON (${(cause as Error).message}). ${RECORD_SHAPE}${hint}`, cause);
}

function jsonlRecordList(unit: JsonlUnit): UnitRecords {
  const { lines, error } = decodeLines(unit.data, unit.source, unit.firstLine);
  profile?.lap("decoding");
  const records: InputRecord[] = [];
  const source = unit.source;
  let line = unit.firstLine - 1;
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i]!;
    line++;
    if (text.trim() === "") continue;
    let value: unknown;
    try {
      // A byte order mark at the start of a JSONL file is not part of the data.
      value = JSON.parse(line === 1 && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    } catch (cause) {
      profile?.lap("parsing");
      return { records, error: notJson(unit, line, cause) };
    }
    try {
      records.push(toRecord(value, source, line, unit.system));
    } catch (cause) {
      profile?.lap("parsing");
      return { records, error: cause };
    }
  }
  profile?.lap("parsing");
  return { records, error };
}

function textRecordList(unit: TextUnit): UnitRecords {
  const { systems, hypSources, refSources, strip } = unit.layout;
  const hyps = unit.hyps.map((data, s) => decodeLines(data, hypSources[s]!, unit.firstLine));
  const refs = unit.refs.map((data, k) => decodeLines(data, refSources[k]!, unit.firstLine));
  profile?.lap("decoding");
  // The first invalid line of any file: the segments before it are read, then it is reported.
  let failed: DecodedLines | undefined;
  for (const d of [...hyps, ...refs]) if (d.error !== undefined && (failed === undefined || d.lines.length < failed.lines.length)) failed = d;
  const n = failed === undefined ? unit.lines : failed.lines.length;
  const records: InputRecord[] = new Array(n * hyps.length);
  let at = 0;
  for (let i = 0; i < n; i++) {
    const line = unit.firstLine + i;
    const segRefs = refs.map((d) => (strip ? pyRstrip(d.lines[i]!) : d.lines[i]!));
    for (let s = 0; s < hyps.length; s++) {
      const hyp = hyps[s]!.lines[i]!;
      records[at++] = { system: systems[s]!, hyp: strip ? pyRstrip(hyp) : hyp, refs: segRefs, source: hypSources[s]!, line };
    }
  }
  profile?.lap("parsing");
  return { records, error: failed?.error };
}

/**
 * The records of a unit in input order, as a list, up to the first line that cannot be read
 * (invalid UTF-8 or JSON, a malformed record), whose error comes with them.
 */
export function unitRecordList(unit: InputUnit): UnitRecords {
  return unit.kind === "jsonl" ? jsonlRecordList(unit) : textRecordList(unit);
}

/**
 * The records of a unit, in input order. A line that cannot be read (invalid UTF-8 or JSON, a
 * malformed record) throws when its turn comes, after the records before it.
 */
export function* unitRecords(unit: InputUnit): Generator<InputRecord> {
  const { records, error } = unitRecordList(unit);
  yield* records;
  if (error !== undefined) throw error;
}

/**
 * Batches of records, one per unit. When a line cannot be read, the records before it are yielded
 * first, so that the first problem in input order is the one reported.
 */
export async function* recordBatches(units: AsyncIterable<InputUnit>): AsyncGenerator<InputRecord[]> {
  for await (const unit of units) {
    profile?.lap("reading");
    const { records, error } = unitRecordList(unit);
    if (records.length > 0) yield records;
    if (error !== undefined) throw error;
  }
}
