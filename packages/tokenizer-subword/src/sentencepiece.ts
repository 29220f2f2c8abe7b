/**
 * `@gramscore/tokenizer-subword/sentencepiece`: SentencePiece `.model` files (T5, mT5, LLaMA-1/2,
 * XLM-R, the FLORES spBLEU models, your own) through `@sctg/sentencepiece-js` (WASM, an optional
 * peer loaded on demand), or a SentencePiece processor you already have.
 */
import { ErrorCode, GramscoreError, describeValue } from "@gramscore/core";
import { checkLabel, createSubwordTokenizer, type SubwordTokenizer } from "./adapter.js";
import { bytesToBase64 } from "./base64.js";
import { importPeer, member, readFileBytes, type Importer, type Peer } from "./load.js";

/** A SentencePiece model: a `.model` file path (Node) or the file's bytes. */
export type SentencePieceModelSource = string | Uint8Array | ArrayBuffer;

/** Options of {@link loadSentencePiece} and {@link fromSentencePieceProcessor}. */
export interface SentencePieceOptions {
  /** A label for the signature: `spm-<name>#<hash>` (default: `spm#<hash>`). */
  name?: string;
  /** How to import `@sctg/sentencepiece-js` (default: dynamic `import()`). */
  importer?: Importer;
}

/** A SentencePiece processor from any binding: anything with `encodeIds(text)` returning ids. */
export interface SentencePieceProcessorLike {
  encodeIds(text: string): ArrayLike<number>;
}

const PEER: Peer = { name: "@sctg/sentencepiece-js", neededBy: "The SentencePiece loader (loadSentencePiece)" };

/** The bytes of a model given as a path or as bytes. */
export function readModel(model: SentencePieceModelSource): Uint8Array {
  if (typeof model === "string") return readFileBytes(model, "the SentencePiece model");
  if (model instanceof Uint8Array) return model;
  if (model instanceof ArrayBuffer) return new Uint8Array(model);
  throw new GramscoreError(
    ErrorCode.INVALID_TYPE,
    `A SentencePiece model must be a .model file path or the file's bytes (Uint8Array / ArrayBuffer), but got ${describeValue(model)}.`,
  );
}

function label(options: SentencePieceOptions): string {
  return options.name === undefined ? "spm" : `spm-${checkLabel(options.name, "The SentencePiece tokenizer name")}`;
}

/**
 * Adapts a SentencePiece processor you already have (e.g. from `@sctg/sentencepiece-js` or
 * `@agnai/sentencepiece-js`, loaded from `model`). `model` (path or bytes) is what the signature's
 * hash is computed from; the processor must have been loaded from the same file.
 */
export function fromSentencePieceProcessor(
  processor: SentencePieceProcessorLike,
  model: SentencePieceModelSource,
  options: Omit<SentencePieceOptions, "importer"> & { dispose?: () => void } = {},
): SubwordTokenizer {
  if (processor === null || typeof processor !== "object" || typeof processor.encodeIds !== "function") {
    throw new GramscoreError(ErrorCode.INVALID_TYPE, `Expected a SentencePiece processor with encodeIds(text), but got ${describeValue(processor)}.`);
  }
  const bytes = readModel(model);
  return createSubwordTokenizer((text) => processor.encodeIds(text), {
    name: "spm",
    label: label(options),
    vocabulary: bytes,
    dispose: options.dispose,
  });
}

/**
 * Loads a SentencePiece `.model` (a path in Node, or the file's bytes anywhere) with
 * `@sctg/sentencepiece-js`. Tokens are the decimal ids of `encodeIds(text)` (what `spm_encode
 * --output_format=id` prints; no BOS/EOS). Signature: `spm[-<name>]#<hash>`, the hash being the
 * SHA-256 of the model file, so `sha256sum tiny.model` shows the same first 8 digits.
 * ```ts
 * const tok = await loadSentencePiece("flores200.model", { name: "flores200" });
 * ```
 * @throws GramscoreError `MISSING_DEPENDENCY` when `@sctg/sentencepiece-js` is missing, `IO_ERROR`
 * for an unreadable path, `MALFORMED_INPUT` when the bytes are not a SentencePiece model.
 */
export async function loadSentencePiece(model: SentencePieceModelSource, options: SentencePieceOptions = {}): Promise<SubwordTokenizer> {
  if (options === null || typeof options !== "object") {
    throw new GramscoreError(ErrorCode.INVALID_OPTION, `SentencePiece options must be an object, but got ${describeValue(options)}.`);
  }
  const bytes = readModel(model);
  label(options);
  const mod = await importPeer(PEER, "@sctg/sentencepiece-js", options.importer);
  const Processor = member(mod, "SentencePieceProcessor");
  if (typeof Processor !== "function") {
    throw new GramscoreError(
      ErrorCode.PLUGIN_LOAD_FAILED,
      `@sctg/sentencepiece-js does not export SentencePieceProcessor (found ${describeValue(Processor)}). Check that the installed version is supported.`,
    );
  }
  type Status = { ToString?: () => string; delete?: () => void };
  type Spp = SentencePieceProcessorLike & {
    loadFromB64StringModel(b64: string): Promise<void>;
    processor?: { status?: () => Status; delete?: () => void };
  };
  const spp = new (Processor as new () => Spp)();
  try {
    await spp.loadFromB64StringModel(bytesToBase64(bytes));
  } catch (error) {
    throw new GramscoreError(ErrorCode.MALFORMED_INPUT, `@sctg/sentencepiece-js could not load this SentencePiece model: ${(error as Error).message}.`, {
      cause: error,
    });
  }
  const status = spp.processor?.status?.();
  const text = status?.ToString?.();
  status?.delete?.();
  if (text !== undefined && text !== "OK") {
    spp.processor?.delete?.();
    throw new GramscoreError(
      ErrorCode.MALFORMED_INPUT,
      `These ${bytes.length} bytes are not a usable SentencePiece model (${text}). Pass the .model file written by spm_train.`,
    );
  }
  return fromSentencePieceProcessor(spp, bytes, { ...options, dispose: () => spp.processor?.delete?.() });
}
