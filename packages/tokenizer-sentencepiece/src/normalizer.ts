/**
 * SentencePiece's normalizer (`normalizer.cc` of sentencepiece 0.1.x): the precompiled character map
 * (a Darts double-array trie over UTF-8 bytes and a pool of replacement strings, as `spm_train`
 * compiles `nmt_nfkc`, `nfkc`, `nfkc_cf`, … into the model), longest-match replacement, and the
 * whitespace rules (leading, trailing and repeated spaces removed, spaces escaped as U+2581, the dummy
 * prefix).
 */
import { ErrorCode, GramscoreError } from "@gramscore/core";
import { ByteBuffer, type ByteTrie, oneCharLen } from "./bytes.js";
import type { NormalizerSpec } from "./proto.js";

/** U+2581 LOWER ONE EIGHTH BLOCK in UTF-8: SentencePiece's visible space. */
export const SPACE_SYMBOL = Uint8Array.of(0xe2, 0x96, 0x81);
const SPACE = Uint8Array.of(0x20);

/** The Darts-clone double array of a precompiled character map and its replacement strings. */
class CharsMap {
  private readonly units: Uint32Array;
  private readonly pool: Uint8Array;

  constructor(blob: Uint8Array) {
    if (blob.length <= 4) throw bad("the character map is too short");
    const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
    const trieSize = view.getUint32(0, true);
    if (trieSize >= blob.length || trieSize % 4 !== 0) throw bad("the character map's trie size is wrong");
    this.units = new Uint32Array(trieSize / 4);
    for (let i = 0; i < this.units.length; i++) this.units[i] = view.getUint32(4 + i * 4, true);
    this.pool = blob.slice(4 + trieSize);
  }

  /**
   * The longest rule matching at `input[start..end)`: sets `out[0]` to the matched length (0 when none
   * matches) and `out[1]` to the replacement's offset in the pool. Darts' `commonPrefixSearch`.
   */
  longest(input: Uint8Array, start: number, end: number, out: Int32Array): void {
    const units = this.units;
    let length = 0;
    let value = 0;
    let unit = units[0]!;
    let pos = offset(unit);
    for (let i = start; i < end; i++) {
      const c = input[i]!;
      pos ^= c;
      if (pos >= units.length) break;
      unit = units[pos]!;
      if ((unit & 0x800000ff) !== c) break;
      pos ^= offset(unit);
      if (((unit >>> 8) & 1) !== 0) {
        length = i + 1 - start;
        value = units[pos]! & 0x7fffffff;
      }
    }
    out[0] = length;
    out[1] = value;
  }

  /** The end of the NUL-terminated replacement at `at`. */
  end(at: number): number {
    let e = at;
    while (e < this.pool.length && this.pool[e] !== 0) e++;
    return e;
  }

  get strings(): Uint8Array {
    return this.pool;
  }
}

function offset(unit: number): number {
  return (unit >>> 10) << ((unit & (1 << 9)) >>> 6);
}

function bad(what: string): GramscoreError {
  return new GramscoreError(ErrorCode.INVALID_OPTION, `This SentencePiece model's normalizer cannot be read (${what}).`);
}

/** SentencePiece's `Normalizer` for one model. */
export class Normalizer {
  private readonly map: CharsMap | undefined;
  private readonly found = new Int32Array(2);

  /**
   * @param spec the model's normalizer settings
   * @param userDefined the model's user-defined pieces, which are never normalized (longest match first)
   * @param treatWhitespaceAsSuffix the trainer setting that moves the dummy space to the end
   */
  constructor(
    private readonly spec: NormalizerSpec,
    private readonly userDefined: ByteTrie | undefined,
    private readonly treatWhitespaceAsSuffix: boolean,
  ) {
    this.map = spec.precompiledCharsmap.length > 0 ? new CharsMap(spec.precompiledCharsmap) : undefined;
  }

  /**
   * `NormalizePrefix`: the normalized form of the first unit of `input[start..end)`; returns the number
   * of input bytes consumed and sets `this.piece` to [source, from, to) of the replacement.
   */
  private prefix(input: Uint8Array, start: number, end: number): number {
    if (this.userDefined !== undefined) {
      const n = this.userDefined.longestPrefix(input, start, end);
      if (n > 0) {
        this.pieceSource = input;
        this.pieceFrom = start;
        this.pieceTo = start + n;
        return n;
      }
    }
    if (this.map !== undefined) {
      this.map.longest(input, start, end, this.found);
      const length = this.found[0]!;
      if (length > 0) {
        const at = this.found[1]!;
        this.pieceSource = this.map.strings;
        this.pieceFrom = at;
        this.pieceTo = this.map.end(at);
        return length;
      }
    }
    const n = Math.min(oneCharLen(input[start]!), end - start);
    this.pieceSource = input;
    this.pieceFrom = start;
    this.pieceTo = start + n;
    return n;
  }

  private pieceSource: Uint8Array = SPACE;
  private pieceFrom = 0;
  private pieceTo = 0;

  /** Normalizes UTF-8 `input` as `Normalizer::Normalize` does. */
  normalize(input: Uint8Array): Uint8Array {
    const spec = this.spec;
    let start = 0;
    const end = input.length;
    if (end === 0) return input;
    if (spec.removeExtraWhitespaces) {
      while (start < end) {
        const n = this.prefix(input, start, end);
        if (!(this.pieceTo - this.pieceFrom === 1 && this.pieceSource[this.pieceFrom] === 0x20)) break;
        start += n;
      }
    }
    if (start === end) return new Uint8Array(0);
    const out = new ByteBuffer((end - start) * 3 + 8);
    const space = spec.escapeWhitespaces ? SPACE_SYMBOL : SPACE;
    if (!this.treatWhitespaceAsSuffix && spec.addDummyPrefix) out.append(space, 0, space.length);
    let isPrevSpace = spec.removeExtraWhitespaces;
    while (start < end) {
      const n = this.prefix(input, start, end);
      const src = this.pieceSource;
      let from = this.pieceFrom;
      const to = this.pieceTo;
      if (isPrevSpace) while (from < to && src[from] === 0x20) from++;
      if (from < to) {
        for (let i = from; i < to; i++) {
          const b = src[i]!;
          if (b === 0x20 && spec.escapeWhitespaces) out.append(SPACE_SYMBOL, 0, 3);
          else out.push(b);
        }
        isPrevSpace = src[to - 1] === 0x20;
      }
      start += n;
      if (!spec.removeExtraWhitespaces) isPrevSpace = false;
    }
    if (spec.removeExtraWhitespaces) {
      while (out.endsWith(space)) out.length -= space.length;
    }
    if (this.treatWhitespaceAsSuffix && spec.addDummyPrefix) out.append(space, 0, space.length);
    return out.view();
  }
}
