/**
 * A SentencePiece processor in TypeScript: `encodeAsPieces(text)` gives what sentencepiece's C++
 * `SentencePieceProcessor::EncodeAsPieces` (and `spm_encode --output_format=piece`) gives for the same
 * `.model` file: normalization with the model's precompiled character map, the model's segmentation
 * (unigram, BPE, word or char), unknown pieces as their text or, with byte fallback, as `<0xXX>` bytes.
 */
import { ErrorCode, GramscoreError, describeValue, sha256Hex } from "@gramscore/core";
import { encodeNormalized, Vocabulary } from "./model.js";
import { Normalizer } from "./normalizer.js";
import { ModelType, parseModelProto, type ModelProto } from "./proto.js";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

const MODEL_TYPES: Record<number, "unigram" | "bpe" | "word" | "char"> = {
  [ModelType.UNIGRAM]: "unigram",
  [ModelType.BPE]: "bpe",
  [ModelType.WORD]: "word",
  [ModelType.CHAR]: "char",
};

/** A loaded SentencePiece model. Create one with {@link loadSentencePieceModel}. */
export interface SentencePieceModel {
  /** SHA-256 of the model file's bytes, in lowercase hex (what `sha256sum` prints). */
  readonly sha256: string;
  /** The segmentation algorithm the model was trained with. */
  readonly modelType: "unigram" | "bpe" | "word" | "char";
  /** Number of pieces in the vocabulary. */
  readonly vocabularySize: number;
  /** The normalization rule name recorded in the model (`nmt_nfkc`, `nfkc_cf`, `identity`, …). */
  readonly normalization: string;
  /** True when unknown characters are written as UTF-8 byte pieces (`<0xE3>`). */
  readonly byteFallback: boolean;
  /** The pieces of `text`, as `EncodeAsPieces` returns them. */
  encodeAsPieces(text: string): string[];
  /** The vocabulary ids of `text`, as `EncodeAsIds` returns them. */
  encodeAsIds(text: string): number[];
  /** `text` normalized as the model does before segmentation (spaces shown as U+2581). */
  normalize(text: string): string;
}

/**
 * Parses a SentencePiece `.model` file (its bytes) into a processor that encodes exactly as the C++
 * library (sentencepiece 0.1.x, the version sacrebleu's tokenizers were run with).
 * @example
 * const sp = loadSentencePieceModel(readFileSync("flores200sacrebleuspm"));
 * sp.encodeAsPieces("Hello world") // [ '▁Hello', '▁world' ]
 * @throws GramscoreError `INVALID_OPTION` when the bytes are not a SentencePiece model.
 */
export function loadSentencePieceModel(bytes: Uint8Array | ArrayBuffer): SentencePieceModel {
  let data: Uint8Array;
  if (bytes instanceof Uint8Array) data = bytes;
  else if (bytes instanceof ArrayBuffer) data = new Uint8Array(bytes);
  else {
    throw new GramscoreError(
      ErrorCode.INVALID_TYPE,
      `A SentencePiece model must be given as the bytes of its .model file (Uint8Array or ArrayBuffer), but got ${describeValue(bytes)}.`,
    );
  }
  const proto = parseModelProto(data);
  return new Processor(proto, sha256Hex(data));
}

/** For each byte offset of valid UTF-8 that starts a character (and the end), its UTF-16 offset. */
function utf16Offsets(bytes: Uint8Array): Uint32Array {
  const at = new Uint32Array(bytes.length + 1);
  let u = 0;
  for (let i = 0; i < bytes.length; ) {
    const lead = bytes[i]!;
    const n = lead < 0x80 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
    for (let k = 0; k < n && i + k <= bytes.length; k++) at[i + k] = u;
    i += n;
    u += n === 4 ? 2 : 1;
  }
  at[bytes.length] = u;
  return at;
}

class Processor implements SentencePieceModel {
  private readonly vocab: Vocabulary;
  private readonly normalizer: Normalizer;
  readonly modelType: "unigram" | "bpe" | "word" | "char";
  readonly vocabularySize: number;
  readonly normalization: string;
  readonly byteFallback: boolean;
  private readonly bytePieces: string[] = [];

  constructor(
    private readonly proto: ModelProto,
    readonly sha256: string,
  ) {
    this.vocab = new Vocabulary(proto);
    this.normalizer = new Normalizer(proto.normalizer, this.vocab.userDefined, proto.treatWhitespaceAsSuffix);
    this.modelType = MODEL_TYPES[proto.modelType]!;
    this.vocabularySize = proto.pieces.length;
    this.normalization = proto.normalizer.name;
    this.byteFallback = proto.byteFallback;
    for (let b = 0; b < 256; b++) this.bytePieces.push(`<0x${b.toString(16).toUpperCase().padStart(2, "0")}>`);
  }

  private check(text: unknown): asserts text is string {
    if (typeof text !== "string") {
      throw new GramscoreError(ErrorCode.INVALID_TYPE, `A SentencePiece model encodes strings, but got ${describeValue(text)}.`);
    }
  }

  normalize(text: string): string {
    this.check(text);
    return decoder.decode(this.normalizer.normalize(encoder.encode(text)));
  }

  private encode(text: string, piece: (surface: string, id: number) => void, byte: (b: number) => void): void {
    this.check(text);
    const normalized = this.normalizer.normalize(encoder.encode(text));
    // Pieces start and end on character boundaries: slice the decoded text by the UTF-16 offsets
    // of byte offsets (far cheaper than decoding every piece).
    const whole = decoder.decode(normalized);
    const at = utf16Offsets(normalized);
    const decode = (s: number, e: number): string => whole.slice(at[s], at[e]);
    const unk = this.vocab.unkId;
    for (const span of encodeNormalized(this.vocab, normalized, decode)) {
      if (span.id === unk && this.byteFallback) {
        for (let i = span.start; i < span.end; i++) byte(normalized[i]!);
      } else piece(decode(span.start, span.end), span.id);
    }
  }

  encodeAsPieces(text: string): string[] {
    const out: string[] = [];
    this.encode(
      text,
      (surface) => out.push(surface),
      (b) => out.push(this.bytePieces[b]!),
    );
    return out;
  }

  encodeAsIds(text: string): number[] {
    const out: number[] = [];
    this.encode(
      text,
      (_, id) => out.push(id),
      (b) => out.push(this.vocab.reserved.get(this.bytePieces[b]!) ?? this.vocab.unkId),
    );
    return out;
  }
}
