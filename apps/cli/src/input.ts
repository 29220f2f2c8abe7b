/**
 * Streaming input: text files read line by line (several in lockstep), JSONL records, gzip, stdin.
 */
import { createReadStream, statSync } from "node:fs";
import { resolve } from "node:path";
import { createGunzip } from "node:zlib";
import { ErrorCode, GramscoreError, describeValue, pyRstrip } from "@gramscore/core";
import type { CliIO } from "./io.js";

/** One segment read from the input. */
export interface InputRecord {
  /** System name: the hypothesis file, the record's `system` field, or the source name. */
  readonly system: string;
  readonly hyp: string;
  readonly refs: readonly string[];
  /** The file (or `stdin`) and 1-based line the segment came from, for error messages. */
  readonly source: string;
  readonly line: number;
}

/** Counts bytes read from all opened inputs, for progress. */
export interface ByteCounter {
  /** Bytes read so far. */
  read: number;
  /** Total size of the files opened, when all are regular files; undefined for stdin. */
  total: number | undefined;
}

/** Options shared by the readers. */
export interface ReadOptions {
  /** Keep trailing whitespace of text lines (default: strip it, as sacrebleu's command line does). */
  keepWhitespace?: boolean;
}

const STDIN = "-";

function label(path: string): string {
  return path === STDIN ? "stdin" : path;
}

/** Reads lines (split on `\n` only) of one UTF-8 stream, refilled a chunk at a time. */
export class LineReader {
  /** Name used in messages (`stdin` or the path as given). */
  readonly name: string;
  /** Lines handed out so far. */
  taken = 0;
  private readonly iterator: AsyncIterator<Uint8Array | string>;
  private readonly decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  private buffer: string[] = [];
  private pos = 0;
  private rest = "";
  private ended = false;
  private decodedLines = 0;

  constructor(name: string, chunks: AsyncIterable<Uint8Array | string>) {
    this.name = name;
    this.iterator = chunks[Symbol.asyncIterator]();
  }

  /** Lines buffered and not yet taken. */
  get available(): number {
    return this.buffer.length - this.pos;
  }

  private decode(chunk: Uint8Array | undefined): string {
    try {
      return chunk === undefined ? this.decoder.decode() : this.decoder.decode(chunk, { stream: true });
    } catch (error) {
      throw new GramscoreError(
        ErrorCode.MALFORMED_INPUT,
        `${this.name} is not valid UTF-8 text (after line ${this.decodedLines}). Convert it to UTF-8 first (e.g. iconv -t UTF-8).`,
        { cause: error, details: { source: this.name, line: this.decodedLines + 1 } },
      );
    }
  }

  /** Waits until at least one line is buffered; false at the end of the stream. */
  async fill(): Promise<boolean> {
    while (this.pos >= this.buffer.length) {
      if (this.ended) return false;
      let step: IteratorResult<Uint8Array | string>;
      try {
        step = await this.iterator.next();
      } catch (error) {
        throw readError(this.name, error);
      }
      if (step.done) {
        this.ended = true;
        const last = this.rest + this.decode(undefined);
        this.rest = "";
        this.buffer = last === "" ? [] : [last];
      } else {
        const text = typeof step.value === "string" ? step.value : this.decode(step.value);
        const parts = (this.rest + text).split("\n");
        this.rest = parts.pop()!;
        this.buffer = parts;
      }
      this.pos = 0;
      this.decodedLines += this.buffer.length;
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
 * Opens `path` (`-` for stdin) as a {@link LineReader}, gunzipping names ending in `.gz`.
 * @throws GramscoreError `IO_ERROR` when the file cannot be opened.
 */
export function openLines(path: string, io: CliIO, bytes: ByteCounter): LineReader {
  if (path === STDIN) {
    bytes.total = undefined;
    return new LineReader("stdin", countBytes(io.stdin, bytes));
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
  const raw = createReadStream(full, { highWaterMark: 1 << 16 });
  raw.on("data", (chunk) => {
    bytes.read += chunk.length;
  });
  const stream = path.endsWith(".gz") ? raw.pipe(createGunzip()) : raw;
  if (stream !== raw) raw.on("error", (error) => stream.destroy(error));
  return new LineReader(path, stream as AsyncIterable<Uint8Array>);
}

async function* countBytes(source: AsyncIterable<Uint8Array | string>, bytes: ByteCounter): AsyncGenerator<Uint8Array | string> {
  for await (const chunk of source) {
    bytes.read += typeof chunk === "string" ? chunk.length : chunk.length;
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
  checkStdinOnce([...hypPaths, ...refPaths]);
  const hyps = hypPaths.map((p) => openLines(p, io, bytes));
  const refs = refPaths.map((p) => openLines(p, io, bytes));
  const names = hypPaths.map(label);
  const all = [...hyps, ...refs];
  const strip = options.keepWhitespace !== true;
  let base = 0;
  for (;;) {
    const ready = await Promise.all(all.map((r) => r.fill()));
    if (ready.every((x) => !x)) return;
    if (ready.some((x) => !x)) {
      const counts = await Promise.all(all.map((r) => r.countAll()));
      throw mismatch(all.map((r, i) => [r.name, counts[i]!] as const));
    }
    const n = Math.min(...all.map((r) => r.available));
    const hypLines = hyps.map((r) => r.take(n));
    const refLines = refs.map((r) => r.take(n));
    const batch: InputRecord[] = [];
    for (let i = 0; i < n; i++) {
      const segRefs = refLines.map((lines) => (strip ? pyRstrip(lines[i]!) : lines[i]!));
      for (let s = 0; s < hyps.length; s++) {
        const hyp = hypLines[s]![i]!;
        batch.push({ system: names[s]!, hyp: strip ? pyRstrip(hyp) : hyp, refs: segRefs, source: hyps[s]!.name, line: base + i + 1 });
      }
    }
    base += n;
    yield batch;
  }
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

/** Validates one parsed JSONL value into a record. */
export function toRecord(value: unknown, source: string, line: number): InputRecord {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw malformed(source, line, `expected a JSON object, but got ${describeValue(value)}. ${RECORD_SHAPE}`);
  }
  const v = value as Record<string, unknown>;
  if (typeof v.hyp !== "string") {
    throw malformed(source, line, `"hyp" must be a string, but got ${describeValue(v.hyp)}. ${RECORD_SHAPE}`);
  }
  let refs: string[];
  if (Array.isArray(v.refs)) {
    refs = [];
    v.refs.forEach((r: unknown, k) => {
      if (r === null) return;
      if (typeof r !== "string") throw malformed(source, line, `refs[${k}] must be a string (or null for a missing reference), but got ${describeValue(r)}.`);
      refs.push(r);
    });
  } else if (v.refs === undefined && typeof v.ref === "string") {
    refs = [v.ref];
  } else {
    throw malformed(source, line, `"refs" must be an array of reference strings, but got ${describeValue(v.refs)}. ${RECORD_SHAPE}`);
  }
  let system = label(source);
  if (v.system !== undefined && v.system !== null) {
    if (typeof v.system !== "string" && typeof v.system !== "number") {
      throw malformed(source, line, `"system" must be a string, but got ${describeValue(v.system)}.`);
    }
    system = String(v.system);
  }
  return { system, hyp: v.hyp, refs, source, line };
}

/** Reads JSONL records from one or more files (stdin for none); blank lines are skipped. */
export async function* readJsonl(paths: readonly string[], io: CliIO, bytes: ByteCounter): AsyncGenerator<InputRecord[]> {
  const list = paths.length === 0 ? [STDIN] : paths;
  checkStdinOnce(list);
  for (const path of list) {
    const reader = openLines(path, io, bytes);
    let line = 0;
    while (await reader.fill()) {
      const batch: InputRecord[] = [];
      for (const text of reader.take(reader.available)) {
        line++;
        if (text.trim() === "") continue;
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch (error) {
          throw malformed(reader.name, line, `not valid JSON (${(error as Error).message}). ${RECORD_SHAPE}`, error);
        }
        batch.push(toRecord(value, reader.name, line));
      }
      if (batch.length > 0) yield batch;
    }
  }
}
