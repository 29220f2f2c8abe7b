/**
 * Reads the parts of a SentencePiece `.model` file (a `sentencepiece.ModelProto` protobuf message,
 * proto2) that encoding needs. Unknown fields are skipped, as protobuf readers do.
 */
import { ErrorCode, GramscoreError } from "@gramscore/core";

/** The type of a vocabulary piece (`ModelProto.SentencePiece.Type`). */
export const PieceType = {
  NORMAL: 1,
  UNKNOWN: 2,
  CONTROL: 3,
  USER_DEFINED: 4,
  UNUSED: 5,
  BYTE: 6,
} as const;

/** The model types of `TrainerSpec.model_type`. */
export const ModelType = { UNIGRAM: 1, BPE: 2, WORD: 3, CHAR: 4 } as const;

/** One vocabulary entry: its text, score (a 32-bit float) and {@link PieceType}. */
export interface ModelPiece {
  readonly piece: string;
  readonly score: number;
  readonly type: number;
}

/** `NormalizerSpec`: how text is normalized before it is split into pieces. */
export interface NormalizerSpec {
  /** Rule name recorded at training (`nmt_nfkc`, `nfkc_cf`, `identity`, …); informative only. */
  readonly name: string;
  /** The compiled normalization rules (a double-array trie and the replacement strings). */
  readonly precompiledCharsmap: Uint8Array;
  readonly addDummyPrefix: boolean;
  readonly removeExtraWhitespaces: boolean;
  readonly escapeWhitespaces: boolean;
}

/** What encoding needs from a parsed `.model` file. */
export interface ModelProto {
  readonly pieces: readonly ModelPiece[];
  /** {@link ModelType}; UNIGRAM when the file does not say. */
  readonly modelType: number;
  readonly byteFallback: boolean;
  readonly treatWhitespaceAsSuffix: boolean;
  readonly normalizer: NormalizerSpec;
}

class Reader {
  pos: number;
  constructor(
    readonly bytes: Uint8Array,
    start: number,
    readonly end: number,
  ) {
    this.pos = start;
  }

  varint(): number {
    let result = 0;
    let shift = 0;
    for (;;) {
      if (this.pos >= this.end) throw malformed("a number runs past the end of its message");
      const b = this.bytes[this.pos++]!;
      // Values above 2^53 do not occur in the fields read here; higher bits are dropped.
      if (shift < 53) result += (b & 0x7f) * 2 ** shift;
      if ((b & 0x80) === 0) return result;
      shift += 7;
      if (shift > 70) throw malformed("a number is longer than 10 bytes");
    }
  }

  /** The bounds of a length-delimited field. */
  sub(): [number, number] {
    const length = this.varint();
    const start = this.pos;
    if (start + length > this.end) throw malformed("a field runs past the end of its message");
    this.pos = start + length;
    return [start, start + length];
  }

  float32(): number {
    if (this.pos + 4 > this.end) throw malformed("a float runs past the end of its message");
    const view = new DataView(this.bytes.buffer, this.bytes.byteOffset + this.pos, 4);
    this.pos += 4;
    return view.getFloat32(0, true);
  }

  skip(wire: number): void {
    switch (wire) {
      case 0:
        this.varint();
        return;
      case 1:
        this.pos += 8;
        break;
      case 2:
        this.sub();
        return;
      case 5:
        this.pos += 4;
        break;
      default:
        throw malformed(`unsupported protobuf wire type ${wire}`);
    }
    if (this.pos > this.end) throw malformed("a field runs past the end of its message");
  }
}

function malformed(what: string): GramscoreError {
  return new GramscoreError(
    ErrorCode.INVALID_OPTION,
    `This is not a readable SentencePiece model file (${what}). Pass the .model file written by spm_train ` +
      "(for sacrebleu's tokenizers, the file it downloads into ~/.sacrebleu/models/).",
  );
}

const utf8 = new TextDecoder("utf-8", { fatal: false });

function readPiece(bytes: Uint8Array, start: number, end: number): ModelPiece {
  const r = new Reader(bytes, start, end);
  let piece = "";
  let score = 0;
  let type: number = PieceType.NORMAL;
  while (r.pos < r.end) {
    const key = r.varint();
    const field = Math.floor(key / 8);
    const wire = key & 7;
    if (field === 1 && wire === 2) {
      const [s, e] = r.sub();
      piece = utf8.decode(bytes.subarray(s, e));
    } else if (field === 2 && wire === 5) score = r.float32();
    else if (field === 3 && wire === 0) type = r.varint();
    else r.skip(wire);
  }
  return { piece, score, type };
}

/**
 * Parses a SentencePiece `.model` file.
 * @throws GramscoreError `INVALID_OPTION` when the bytes are not a SentencePiece model.
 */
export function parseModelProto(bytes: Uint8Array): ModelProto {
  const pieces: ModelPiece[] = [];
  let modelType: number = ModelType.UNIGRAM;
  let byteFallback = false;
  let treatWhitespaceAsSuffix = false;
  const normalizer = { name: "", precompiledCharsmap: new Uint8Array(0), addDummyPrefix: true, removeExtraWhitespaces: true, escapeWhitespaces: true };
  const top = new Reader(bytes, 0, bytes.length);
  while (top.pos < top.end) {
    const key = top.varint();
    const field = Math.floor(key / 8);
    const wire = key & 7;
    if (wire === 2 && (field === 1 || field === 2 || field === 3)) {
      const [s, e] = top.sub();
      if (field === 1) pieces.push(readPiece(bytes, s, e));
      else if (field === 2) {
        const r = new Reader(bytes, s, e);
        while (r.pos < r.end) {
          const k = r.varint();
          const f = Math.floor(k / 8);
          const w = k & 7;
          if (f === 3 && w === 0) modelType = r.varint();
          else if (f === 35 && w === 0) byteFallback = r.varint() !== 0;
          else if (f === 24 && w === 0) treatWhitespaceAsSuffix = r.varint() !== 0;
          else r.skip(w);
        }
      } else {
        const r = new Reader(bytes, s, e);
        while (r.pos < r.end) {
          const k = r.varint();
          const f = Math.floor(k / 8);
          const w = k & 7;
          if (f === 1 && w === 2) {
            const [a, b] = r.sub();
            normalizer.name = utf8.decode(bytes.subarray(a, b));
          } else if (f === 2 && w === 2) {
            const [a, b] = r.sub();
            normalizer.precompiledCharsmap = bytes.slice(a, b);
          } else if (f === 3 && w === 0) normalizer.addDummyPrefix = r.varint() !== 0;
          else if (f === 4 && w === 0) normalizer.removeExtraWhitespaces = r.varint() !== 0;
          else if (f === 5 && w === 0) normalizer.escapeWhitespaces = r.varint() !== 0;
          else r.skip(w);
        }
      }
    } else top.skip(wire);
  }
  if (pieces.length === 0) throw malformed("it has no vocabulary pieces");
  if (![1, 2, 3, 4].includes(modelType)) throw malformed(`unknown model type ${modelType}`);
  return { pieces, modelType, byteFallback, treatWhitespaceAsSuffix, normalizer };
}
