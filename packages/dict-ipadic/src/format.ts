import { ErrorCode, GramscoreError } from "@gramscore/core";

/**
 * One character category of IPADIC's `char.def`: whether unknown-word processing runs even when the
 * dictionary has a word at the position (`invoke`), whether a run of the category becomes one unknown
 * word (`group`), and the lengths 1..`length` of the shorter unknown words it proposes.
 */
export interface CharCategory {
  /** The category's name (`DEFAULT`, `SPACE`, `KANJI`, …). */
  readonly name: string;
  /** 1: unknown words are proposed even where a dictionary word starts. */
  readonly invoke: number;
  /** 1: the whole run of characters of this category is one unknown word. */
  readonly group: number;
  /** Unknown words of 1..length characters are proposed. */
  readonly length: number;
}

/**
 * IPADIC as the ja-mecab tokenizer reads it. The lexicon is sorted by surface (UTF-16 code units); the
 * entries of one surface keep the order in which the sources list them.
 */
export interface Ipadic {
  /** Number of lexicon entries (392,126 for IPADIC 2.7.0-20070801). */
  readonly size: number;
  /** Every distinct surface, concatenated in sorted order. */
  readonly text: string;
  /** Start of surface i in {@link text} (length surfaceCount + 1). */
  readonly surfaceStart: Uint32Array;
  /** Index of the first entry of surface i (length surfaceCount + 1). */
  readonly entryStart: Uint32Array;
  /** Entry i: left context id at 3i, right context id at 3i + 1, word cost at 3i + 2. */
  readonly entries: Int16Array;
  /** Number of left (and right) context ids of the connection matrix. */
  readonly lsize: number;
  /** Number of right context ids of the connection matrix. */
  readonly rsize: number;
  /** Connection cost of a left node's right id l and a right node's left id r at l + lsize * r. */
  readonly matrix: Int16Array;
  /** The character categories of `char.def`, in their order there. */
  readonly categories: readonly CharCategory[];
  /**
   * Character class of each UTF-16 code unit below 0xFFFF: bits 0-17 the set of categories, bits
   * 18-25 the default (first listed) category.
   */
  readonly charClass: Uint32Array;
  /** Unknown-word entries of each category (`unk.def`): [left, right, cost] triples, flattened. */
  readonly unknown: readonly Int16Array[];
}

interface Header {
  format: number;
  entries: number;
  surfaces: number;
  units: number;
  lsize: number;
  rsize: number;
  categories: CharCategory[];
  ranges: number[][];
  unknown: number[][][];
}

const MAGIC = "GSIPADIC";
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
/** The version of the binary layout this build reads. */
export const FORMAT_VERSION = 1;

function malformed(what: string): GramscoreError {
  return new GramscoreError(
    ErrorCode.MALFORMED_INPUT,
    `Expected an ipadic.bin of @gramscore/dict-ipadic (format ${FORMAT_VERSION}), but ${what}. ` +
      "Pass the bytes of the ipadic.bin shipped in the package's dist/ folder, unmodified.",
  );
}

/**
 * Reads the bytes of `ipadic.bin`. Layout (little-endian): the 8 bytes `GSIPADIC`, the format version
 * (u32), the length of a UTF-8 JSON header (u32), the header, then at 8-byte aligned offsets: the
 * surfaces' UTF-16 code units (u16), each surface's length (u8), each surface's number of entries (u8),
 * the entries (left id, right id, cost: i16 each) and the connection matrix (i16).
 * @throws GramscoreError `MALFORMED_INPUT` when the bytes are not such a file.
 */
export function parseIpadic(bytes: Uint8Array): Ipadic {
  if (bytes.length < 16) throw malformed(`got ${bytes.length} bytes`);
  for (let i = 0; i < 8; i++) if (bytes[i] !== MAGIC.charCodeAt(i)) throw malformed("the file does not start with GSIPADIC");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(8, true);
  if (version !== FORMAT_VERSION) throw malformed(`its format is ${version}`);
  const headerLength = view.getUint32(12, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(16, 16 + headerLength))) as Header;
  let at = 16 + headerLength;
  const take = (byteLength: number): Uint8Array => {
    at += (8 - (at % 8)) % 8;
    if (at + byteLength > bytes.length) throw malformed("the file is truncated");
    const part = bytes.subarray(at, at + byteLength);
    at += byteLength;
    return part;
  };
  const int16 = (part: Uint8Array): Int16Array => {
    // A view when the platform is little-endian and the bytes are aligned, else a decoded copy.
    if (LITTLE_ENDIAN) {
      return part.byteOffset % 2 === 0 ? new Int16Array(part.buffer, part.byteOffset, part.length / 2) : new Int16Array(part.slice().buffer);
    }
    const outArray = new Int16Array(part.length / 2);
    const v = new DataView(part.buffer, part.byteOffset, part.byteLength);
    for (let i = 0; i < outArray.length; i++) outArray[i] = v.getInt16(2 * i, true);
    return outArray;
  };
  const text = new TextDecoder("utf-16le").decode(take(2 * header.units));
  const lengths = take(header.surfaces);
  const counts = take(header.surfaces);
  const entries = int16(take(6 * header.entries));
  const matrix = int16(take(2 * header.lsize * header.rsize));
  if (text.length !== header.units) throw malformed("its surfaces are not valid UTF-16");
  const surfaceStart = new Uint32Array(header.surfaces + 1);
  const entryStart = new Uint32Array(header.surfaces + 1);
  for (let i = 0; i < header.surfaces; i++) {
    surfaceStart[i + 1] = surfaceStart[i]! + lengths[i]!;
    entryStart[i + 1] = entryStart[i]! + counts[i]!;
  }
  if (entryStart[header.surfaces] !== header.entries) throw malformed("its entry counts do not add up");
  const charClass = new Uint32Array(0xffff);
  const defaultId = header.categories.findIndex((c) => c.name === "DEFAULT");
  charClass.fill(encodeClass([defaultId]));
  for (const [low, high, ...cats] of header.ranges) {
    const c = encodeClass(cats);
    for (let i = low!; i <= high!; i++) charClass[i] = c;
  }
  return {
    size: header.entries,
    text,
    surfaceStart,
    entryStart,
    entries,
    lsize: header.lsize,
    rsize: header.rsize,
    matrix,
    categories: header.categories,
    charClass,
    unknown: header.unknown.map((list) => Int16Array.from(list.flat())),
  };
}

/** A character class: the categories' bits added up (as MeCab does) and the first one as the default. */
function encodeClass(cats: number[]): number {
  let type = 0;
  for (const c of cats) type += 1 << c;
  return (type & 0x3ffff) | (cats[0]! << 18);
}
