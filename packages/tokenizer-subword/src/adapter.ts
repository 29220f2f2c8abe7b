import { ErrorCode, GramscoreError, describeValue, type Tokenizer } from "@gramscore/core";
import { SIGNATURE_HASH_LENGTH, hashVocabulary, type VocabularySource } from "./fingerprint.js";

/**
 * What an encoder may return for one text: token ids (`number[]` or a typed array such as tiktoken's
 * `Uint32Array`), vocabulary pieces (`string[]`, e.g. SentencePiece's `encodePieces`), or an object
 * holding one of those as `ids` (HuggingFace `Encoding`) or `input_ids`.
 */
export type EncodeOutput =
  | ArrayLike<number>
  | readonly string[]
  | { readonly ids: ArrayLike<number> | readonly string[] }
  | { readonly input_ids: ArrayLike<number> | readonly string[] };

/** A tokenizer to adapt: a function `text => ids`, or any object with an `encode(text)` method. */
export type EncoderLike = ((text: string) => EncodeOutput) | { encode(text: string): EncodeOutput };

/** Options of {@link createSubwordTokenizer}. */
export interface SubwordTokenizerOptions {
  /** The tokenizer's `name` (default `subword`). */
  name?: string;
  /** What the signature starts with (default: `name`); the signature is `<label>#<vocabulary id>`. */
  label?: string;
  /**
   * What the vocabulary fingerprint is computed from, lazily, the first time the signature is read:
   * the bytes of the model file (`tokenizer.json`, `.model`, …), its parsed JSON, or a function
   * returning either. The signature then ends in the first 8 hex digits of its SHA-256.
   */
  vocabulary?: VocabularySource;
  /**
   * A stable name for the vocabulary, used verbatim instead of a hash (e.g. `llama3-8b@2024-04`),
   * for encoders whose vocabulary cannot be handed over. Letters, digits and `. _ - + / @ =` only.
   */
  vocabularyId?: string;
  /**
   * Computes the full SHA-256 (64 hex digits) of the vocabulary yourself, lazily, instead of handing
   * over `vocabulary` (e.g. a hash you already have, or a cached one).
   */
  vocabularyHash?: () => string;
  /** Frees the encoder's resources (e.g. a WASM instance); called by {@link SubwordTokenizer.dispose}. */
  dispose?: () => void;
}

/**
 * A core {@link Tokenizer} over subword tokens. `tokenize()` returns one string per token that is
 * stable per token id: the decimal id (`"9906"`), or the vocabulary piece when the encoder returns
 * pieces; never decoded text, which is lossy for byte-level tokens. The signature pins the
 * vocabulary: `<label>#<first 8 hex digits of its SHA-256>` (or `#<vocabularyId>`).
 */
export interface SubwordTokenizer extends Tokenizer {
  /** The vocabulary part of the signature (hash prefix or the explicit id). Computed lazily. */
  readonly vocabularyId: string;
  /** The full SHA-256 (64 hex digits) of the vocabulary, or undefined when an explicit id was given. */
  readonly vocabularyHash: string | undefined;
  /**
   * Resolves (to this tokenizer) once it can be used. Tokenizers made by the synchronous factories
   * are ready at once; those a plugin descriptor creates may load their library asynchronously, so
   * front ends should `await tokenizer.ready` before the first `tokenize()`.
   */
  readonly ready: Promise<SubwordTokenizer>;
  /** The tokens of `text`: decimal token ids (or pieces, for encoders that return pieces). */
  tokenize(text: string): string[];
  /**
   * The token ids of `text`.
   * @throws GramscoreError `INVALID_OPTION` when the encoder returns pieces rather than ids.
   */
  encode(text: string): number[];
  /** Frees the underlying library's resources (WASM memory). The tokenizer must not be used afterwards. */
  dispose(): void;
}

const LABEL = /^[A-Za-z0-9][A-Za-z0-9._+\-/@=]*$/;
const VOCAB_ID = /^[A-Za-z0-9._+\-/@=]+$/;

/**
 * Checks a name used inside a signature: it must not contain `|`, `:`, `#`, spaces or other
 * characters that would make the metric signature ambiguous.
 * @throws GramscoreError `INVALID_OPTION`.
 */
export function checkLabel(value: unknown, what: string, pattern: RegExp = LABEL): string {
  if (typeof value !== "string" || !pattern.test(value)) {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `${what} must be a non-empty string of letters, digits and . _ - + / @ = (it becomes part of a signature), but got ${describeValue(value)}.`,
      { details: { option: what } },
    );
  }
  return value;
}

/** Largest id whose decimal string is cached. */
const MAX_CACHED_ID = 1 << 20;
const idText: (string | undefined)[] = [];

function badId(id: unknown): GramscoreError {
  return new GramscoreError(
    ErrorCode.INVALID_TYPE,
    `A token id must be a non-negative integer, but the encoder returned ${describeValue(id)}. ` +
      "Pass an encoder whose encode(text) returns the ids (number[] or a typed array) or the vocabulary pieces (string[]).",
  );
}

/** The decimal string of every id, reusing one string object per id (cheap to hash downstream). */
function idsToText(ids: ArrayLike<number>): string[] {
  const n = ids.length;
  const out = new Array<string>(n);
  const cache = idText;
  for (let i = 0; i < n; i++) {
    const id = ids[i]!;
    let s = cache[id];
    if (s === undefined) {
      if (typeof id !== "number" || !Number.isInteger(id) || id < 0) throw badId(id);
      s = String(id);
      if (id < MAX_CACHED_ID) {
        // Grown by push so the array keeps V8's fast (packed) elements; `new Array(n)` with a large n
        // would make a slow dictionary-mode array.
        while (cache.length <= id) cache.push(undefined);
        cache[id] = s;
      }
    }
    out[i] = s;
  }
  return out;
}

type Mode = "ids" | "pieces";

function unwrap(result: unknown): ArrayLike<number> | readonly string[] {
  if (Array.isArray(result) || ArrayBuffer.isView(result)) return result as ArrayLike<number> | readonly string[];
  if (result !== null && typeof result === "object") {
    const r = result as { ids?: unknown; input_ids?: unknown };
    const inner = r.ids ?? r.input_ids;
    if (Array.isArray(inner) || ArrayBuffer.isView(inner)) return inner as ArrayLike<number> | readonly string[];
  }
  throw new GramscoreError(
    ErrorCode.INVALID_TYPE,
    `The encoder must return token ids (number[] or a typed array), pieces (string[]) or an object with ids, but returned ${describeValue(result)}.`,
  );
}

/**
 * Adapts any `encode()`-shaped tokenizer (tiktoken ports, HuggingFace tokenizers, SentencePiece, or
 * your own function) to a core {@link Tokenizer} whose signature pins the vocabulary. No library is
 * imported: pass the object you already have.
 * ```ts
 * import { encode } from "gpt-tokenizer/encoding/cl100k_base";
 * const tok = createSubwordTokenizer(encode, { name: "cl100k", vocabularyId: "cl100k_base" });
 * tok.tokenize("Hello world"); // ["9906", "1917"]
 * tok.signature;               // "cl100k#cl100k_base"
 * ```
 * @throws GramscoreError `INVALID_TYPE` for an encoder without `encode`, `INVALID_OPTION` when
 * neither `vocabulary` nor `vocabularyId` is given (a signature must pin the vocabulary).
 */
export function createSubwordTokenizer(encoder: EncoderLike, options: SubwordTokenizerOptions = {}): SubwordTokenizer {
  const call = encoderCall(encoder);
  const name = checkLabel(options.name ?? "subword", "The tokenizer name");
  const label = checkLabel(options.label ?? name, "The signature label");
  const explicitId = options.vocabularyId === undefined ? undefined : checkLabel(options.vocabularyId, "vocabularyId", VOCAB_ID);
  const source = options.vocabulary;
  const computeHash = options.vocabularyHash;
  if (computeHash !== undefined && typeof computeHash !== "function") {
    throw new GramscoreError(ErrorCode.INVALID_OPTION, `vocabularyHash must be a function returning a SHA-256 hex digest, but got ${describeValue(computeHash)}.`);
  }
  if (explicitId === undefined && computeHash === undefined && (source === undefined || source === null)) {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `A subword tokenizer's signature must pin its vocabulary, but "${name}" got neither \`vocabulary\` nor \`vocabularyId\`. ` +
        "Pass `vocabulary` (the bytes of the model file such as tokenizer.json or a .model file, its parsed JSON, or a function returning one) " +
        'so that a hash can be computed, or `vocabularyId` (a stable name you choose, e.g. "llama3-8b@2024-04").',
      { details: { option: "vocabulary" } },
    );
  }
  if (source !== undefined && source !== null && typeof source !== "function" && typeof source !== "object" && typeof source !== "string") {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `vocabulary must be bytes, a string, a JSON object or a function returning one, but got ${describeValue(source)}.`,
      { details: { option: "vocabulary" } },
    );
  }
  let hash: string | undefined;
  let mode: Mode | undefined;
  let disposed = false;
  const dispose = options.dispose;

  function run(text: string): ArrayLike<number> | readonly string[] {
    if (typeof text !== "string") {
      throw new GramscoreError(ErrorCode.INVALID_TYPE, `${name}: the text to tokenize must be a string, but got ${describeValue(text)}.`);
    }
    if (disposed) throw new GramscoreError(ErrorCode.USAGE, `${name}: this tokenizer was disposed; create a new one.`);
    let result: unknown;
    try {
      result = call(text);
    } catch (error) {
      if (error instanceof GramscoreError) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new GramscoreError(ErrorCode.MALFORMED_INPUT, `${name}: the underlying encoder failed on this text: ${reason}`, { cause: error });
    }
    const tokens = unwrap(result);
    if (tokens.length > 0) {
      const m: Mode = typeof tokens[0] === "string" ? "pieces" : "ids";
      if (mode === undefined) mode = m;
      else if (mode !== m) {
        throw new GramscoreError(
          ErrorCode.INVALID_TYPE,
          `${name}: the encoder returned ${m} after returning ${mode}; it must always return the same kind, or token strings would collide.`,
        );
      }
    }
    return tokens;
  }

  function vocabularyHash(): string | undefined {
    if (explicitId !== undefined) return undefined;
    if (hash === undefined) {
      const h = computeHash !== undefined ? computeHash() : hashVocabulary(source as VocabularySource);
      if (typeof h !== "string" || !/^[0-9a-f]{64}$/.test(h)) {
        throw new GramscoreError(ErrorCode.INVALID_OPTION, `${name}: vocabularyHash() must return 64 lowercase hex digits, but returned ${describeValue(h)}.`);
      }
      hash = h;
    }
    return hash;
  }
  function vocabularyId(): string {
    return explicitId ?? vocabularyHash()!.slice(0, SIGNATURE_HASH_LENGTH);
  }

  const tokenizer: SubwordTokenizer = {
    name,
    get vocabularyHash() {
      return vocabularyHash();
    },
    get vocabularyId() {
      return vocabularyId();
    },
    get signature() {
      return `${label}#${vocabularyId()}`;
    },
    get ready() {
      return Promise.resolve(tokenizer);
    },
    tokenize(text) {
      const tokens = run(text);
      if (tokens.length === 0) return [];
      if (typeof tokens[0] === "string") {
        const pieces = Array.from(tokens as readonly string[]);
        for (const p of pieces) if (typeof p !== "string") throw badId(p);
        return pieces;
      }
      return idsToText(tokens as ArrayLike<number>);
    },
    encode(text) {
      const tokens = run(text);
      if (tokens.length > 0 && typeof tokens[0] === "string") {
        throw new GramscoreError(ErrorCode.INVALID_OPTION, `${name}: the encoder returns vocabulary pieces, not ids; use tokenize() instead of encode().`);
      }
      const ids = Array.from(tokens as ArrayLike<number>);
      for (const id of ids) if (!Number.isInteger(id) || id < 0) throw badId(id);
      return ids;
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      dispose?.();
    },
  };
  return tokenizer;
}

function encoderCall(encoder: EncoderLike): (text: string) => unknown {
  if (typeof encoder === "function") return encoder;
  if (encoder !== null && typeof encoder === "object" && typeof (encoder as { encode?: unknown }).encode === "function") {
    return (text) => (encoder as { encode(text: string): unknown }).encode(text);
  }
  throw new GramscoreError(
    ErrorCode.INVALID_TYPE,
    `Expected a tokenizer with an encode(text) method, or a function text => ids, but got ${describeValue(encoder)}.`,
  );
}

/**
 * A tokenizer whose library is still loading: `ready` resolves once it can be used; until then
 * `tokenize()` and the signature throw `USAGE`, and after a failed load they throw the load error.
 * Used by plugin descriptors, whose `create()` is synchronous.
 */
export function pendingTokenizer(name: string, load: Promise<SubwordTokenizer>): SubwordTokenizer {
  let inner: SubwordTokenizer | undefined;
  let failure: unknown;
  let disposeRequested = false;
  const settled = load.then(
    (t) => {
      inner = t;
      if (disposeRequested) t.dispose();
    },
    (error: unknown) => {
      failure = error;
    },
  );
  let ready: Promise<SubwordTokenizer> | undefined;
  function get(): SubwordTokenizer {
    if (inner !== undefined) return inner;
    if (failure !== undefined) throw failure;
    throw new GramscoreError(
      ErrorCode.USAGE,
      `The "${name}" tokenizer is still loading its library. Await \`tokenizer.ready\` before tokenizing or reading its signature.`,
    );
  }
  const self: SubwordTokenizer = {
    name,
    get signature() {
      return get().signature;
    },
    get vocabularyId() {
      return get().vocabularyId;
    },
    get vocabularyHash() {
      return get().vocabularyHash;
    },
    get ready() {
      ready ??= settled.then(() => {
        get();
        return self;
      });
      return ready;
    },
    tokenize: (text) => get().tokenize(text),
    encode: (text) => get().encode(text),
    dispose() {
      if (inner !== undefined) inner.dispose();
      else disposeRequested = true;
    },
  };
  return self;
}
