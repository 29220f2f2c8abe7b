import { ErrorCode, GramscoreError, describeValue, Sha256, sha256Hex, utf8 } from "@gramscore/core";
import { base64Into, base64ToBytes } from "./base64.js";

/**
 * What a vocabulary fingerprint is computed from:
 * - bytes (`Uint8Array`, `ArrayBuffer`): hashed as given, e.g. the bytes of a `.model` file, so the
 *   hash equals `sha256sum` of that file;
 * - a string: hashed as its UTF-8 bytes;
 * - any other object (e.g. a parsed `tokenizer.json`): hashed as its canonical JSON
 *   ({@link canonicalJson}), so formatting and key order do not matter;
 * - a function returning one of the above: called once, lazily, the first time the hash is needed.
 */
export type VocabularySource =
  | Uint8Array
  | ArrayBuffer
  | string
  | object
  | (() => Uint8Array | ArrayBuffer | string | object);

/** Number of hex digits of the vocabulary hash shown in a signature. */
export const SIGNATURE_HASH_LENGTH = 8;

/**
 * Canonical JSON of plain data: object keys sorted (by UTF-16 code units, as `Array.prototype.sort`
 * does), no whitespace, values otherwise as `JSON.stringify` writes them (`undefined` members and
 * functions dropped, `undefined` in arrays written as `null`). Two values that are equal as JSON get
 * the same text whatever their key order or formatting.
 * @throws GramscoreError `INVALID_TYPE` for a cyclic value or a `bigint`.
 */
export function canonicalJson(value: unknown): string {
  const parts: string[] = [];
  const stack = new Set<object>();
  write(value, parts, stack, false);
  return parts.join("");
}

function write(value: unknown, out: string[], stack: Set<object>, inArray: boolean): boolean {
  if (value === null) {
    out.push("null");
    return true;
  }
  switch (typeof value) {
    case "string":
      out.push(JSON.stringify(value));
      return true;
    case "number":
      out.push(Number.isFinite(value) ? JSON.stringify(value) : "null");
      return true;
    case "boolean":
      out.push(value ? "true" : "false");
      return true;
    case "undefined":
    case "function":
    case "symbol":
      if (inArray) out.push("null");
      return inArray;
    case "bigint":
      throw new GramscoreError(ErrorCode.INVALID_TYPE, "A vocabulary given as an object must be plain JSON data, but it contains a bigint. Pass the file's bytes instead.");
    default:
      break;
  }
  const obj = value as object & { toJSON?: () => unknown };
  if (stack.has(obj)) {
    throw new GramscoreError(ErrorCode.INVALID_TYPE, "A vocabulary given as an object must be plain JSON data, but it contains a cycle. Pass the file's bytes instead.");
  }
  if (typeof obj.toJSON === "function") return write(obj.toJSON(), out, stack, inArray);
  if (obj instanceof Map) {
    const plain: Record<string, unknown> = {};
    for (const [k, v] of obj) plain[String(k)] = v;
    return write(plain, out, stack, inArray);
  }
  if (obj instanceof Set) return write([...obj], out, stack, inArray);
  stack.add(obj);
  if (Array.isArray(obj)) {
    out.push("[");
    for (let i = 0; i < obj.length; i++) {
      if (i > 0) out.push(",");
      write(obj[i], out, stack, true);
    }
    out.push("]");
  } else {
    out.push("{");
    let first = true;
    for (const key of Object.keys(obj).sort()) {
      const mark = out.length;
      out.push(first ? "" : ",", JSON.stringify(key), ":");
      if (write((obj as Record<string, unknown>)[key], out, stack, false)) first = false;
      else out.length = mark;
    }
    out.push("}");
  }
  stack.delete(obj);
  return true;
}

/** The full SHA-256 (64 hex digits) of a {@link VocabularySource}. */
export function hashVocabulary(source: VocabularySource): string {
  const value = typeof source === "function" ? (source as () => unknown)() : source;
  if (value instanceof Uint8Array) return sha256Hex(value);
  if (value instanceof ArrayBuffer) return sha256Hex(new Uint8Array(value));
  if (ArrayBuffer.isView(value)) return sha256Hex(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
  if (typeof value === "string") return sha256Hex(value);
  if (value !== null && typeof value === "object") return sha256Hex(canonicalJson(value));
  throw new GramscoreError(
    ErrorCode.INVALID_TYPE,
    `A vocabulary must be bytes, a string or a JSON object (or a function returning one), but got ${describeValue(value)}.`,
  );
}

/**
 * The canonical serialization of a byte-level BPE vocabulary (token bytes by rank), which its hash
 * is computed from: for every rank in increasing order, the rank as 4 bytes big-endian, the token's
 * length as 4 bytes big-endian, then the token's bytes. Special tokens are not part of it.
 * @throws GramscoreError `MALFORMED_INPUT` when a rank appears twice.
 */
export function serializeRanks(ranks: Iterable<readonly [number, Uint8Array]>): Uint8Array {
  const entries = [...ranks];
  let sorted = true;
  for (let i = 1; i < entries.length; i++) if (entries[i - 1]![0] >= entries[i]![0]) sorted = false;
  if (!sorted) {
    entries.sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < entries.length; i++) {
      if (entries[i - 1]![0] === entries[i]![0]) {
        throw new GramscoreError(ErrorCode.MALFORMED_INPUT, `The BPE vocabulary lists rank ${entries[i]![0]} twice.`);
      }
    }
  }
  const out = new RankWriter(entries.reduce((n, [, b]) => n + 8 + b.length, 0));
  for (const [rank, bytes] of entries) {
    out.header(rank, bytes.length);
    out.bytes(bytes);
  }
  return out.result();
}

/** SHA-256 (64 hex digits) of {@link serializeRanks}. */
export function hashRanks(ranks: Iterable<readonly [number, Uint8Array]>): string {
  return new Sha256().update(serializeRanks(ranks)).hex();
}

/** A growable byte buffer for the rank serialization. */
class RankWriter {
  buf: Uint8Array;
  pos = 0;
  constructor(capacity: number) {
    this.buf = new Uint8Array(Math.max(64, capacity));
  }
  reserve(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const grown = new Uint8Array(Math.max(this.buf.length * 2, this.pos + n));
    grown.set(this.buf.subarray(0, this.pos));
    this.buf = grown;
  }
  header(rank: number, length: number): void {
    this.reserve(8);
    const b = this.buf;
    const o = this.pos;
    b[o] = rank >>> 24;
    b[o + 1] = rank >>> 16;
    b[o + 2] = rank >>> 8;
    b[o + 3] = rank;
    b[o + 4] = length >>> 24;
    b[o + 5] = length >>> 16;
    b[o + 6] = length >>> 8;
    b[o + 7] = length;
    this.pos = o + 8;
  }
  bytes(bytes: Uint8Array): void {
    this.reserve(bytes.length);
    this.buf.set(bytes, this.pos);
    this.pos += bytes.length;
  }
  /** Overwrites the length field of the header written at `at`. */
  patchLength(at: number, length: number): void {
    const b = this.buf;
    b[at + 4] = length >>> 24;
    b[at + 5] = length >>> 16;
    b[at + 6] = length >>> 8;
    b[at + 7] = length;
  }
  result(): Uint8Array {
    return this.buf.subarray(0, this.pos);
  }
}

/**
 * Reads the rank table of tiktoken's text format, as shipped by js-tiktoken (`ranks/<name>`) and
 * tiktoken (`encoders/<name>`): lines of `<prefix> <first rank> <base64 token> <base64 token> …`,
 * where consecutive tokens on a line have consecutive ranks.
 */
export function* ranksFromTiktokenText(bpeRanks: string): Generator<[number, Uint8Array]> {
  for (const line of bpeRanks.split("\n")) {
    if (line.length === 0) continue;
    const fields = line.split(" ");
    const first = Number(fields[1]);
    if (fields.length < 2 || !Number.isInteger(first) || first < 0) {
      throw new GramscoreError(ErrorCode.MALFORMED_INPUT, `Unexpected line in a tiktoken rank table: ${JSON.stringify(line.slice(0, 60))}.`);
    }
    for (let i = 2; i < fields.length; i++) yield [first + i - 2, base64ToBytes(fields[i]!)];
  }
}

/**
 * {@link serializeRanks} of tiktoken's text format, decoding base64 straight into the output (the
 * same bytes as `serializeRanks(ranksFromTiktokenText(text))`, several times faster).
 */
export function serializeTiktokenText(bpeRanks: string): Uint8Array {
  const lines: { first: number; fields: string[] }[] = [];
  let next = 0;
  for (const line of bpeRanks.split("\n")) {
    if (line.length === 0) continue;
    const fields = line.split(" ");
    const first = Number(fields[1]);
    // Lines out of order (never seen in the shipped tables) take the general, sorting path.
    if (fields.length < 2 || !Number.isInteger(first) || first < next) return serializeRanks(ranksFromTiktokenText(bpeRanks));
    lines.push({ first, fields });
    next = first + fields.length - 2;
  }
  const out = new RankWriter(Math.ceil(bpeRanks.length * 0.75) + 1024);
  for (const { first, fields } of lines) {
    for (let i = 2; i < fields.length; i++) {
      const token = fields[i]!;
      const at = out.pos;
      out.header(first + i - 2, 0);
      out.reserve(token.length);
      const n = base64Into(token, out.buf, out.pos);
      out.pos += n;
      out.patchLength(at, n);
    }
  }
  return out.result();
}

/**
 * Reads gpt-tokenizer's rank table: an array indexed by rank whose entries are the token as text
 * (when its bytes are valid UTF-8) or as an array of byte values; holes are unused ranks.
 */
export function* ranksFromGptTokenizer(table: ArrayLike<string | readonly number[] | undefined>): Generator<[number, Uint8Array]> {
  for (let rank = 0; rank < table.length; rank++) {
    const entry = table[rank];
    if (entry === undefined || entry === null) continue;
    yield [rank, typeof entry === "string" ? utf8(entry) : Uint8Array.from(entry)];
  }
}

/** {@link serializeRanks} of gpt-tokenizer's table, encoding straight into the output. */
export function serializeGptTokenizer(table: ArrayLike<string | readonly number[] | undefined>): Uint8Array {
  const out = new RankWriter(table.length * 16);
  const encoder = new TextEncoder();
  for (let rank = 0; rank < table.length; rank++) {
    const entry = table[rank];
    if (entry === undefined || entry === null) continue;
    const at = out.pos;
    out.header(rank, 0);
    if (typeof entry === "string") {
      out.reserve(entry.length * 3);
      const { written } = encoder.encodeInto(entry, out.buf.subarray(out.pos));
      out.pos += written;
      out.patchLength(at, written);
    } else {
      out.reserve(entry.length);
      for (let i = 0; i < entry.length; i++) out.buf[out.pos + i] = entry[i]!;
      out.pos += entry.length;
      out.patchLength(at, entry.length);
    }
  }
  return out.result();
}
