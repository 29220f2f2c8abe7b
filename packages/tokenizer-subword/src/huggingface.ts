/**
 * `@gramscore/tokenizer-subword/huggingface`: any HuggingFace `tokenizer.json` (Llama, Mistral,
 * Qwen, Gemma, GPT-4o as JSON, …) through `@huggingface/tokenizers` (an optional peer, pure JS,
 * loaded on demand), or a tokenizer instance you already have from `@huggingface/transformers` or
 * `@huggingface/tokenizers` (used as is, nothing imported).
 */
import { ErrorCode, GramscoreError, describeValue } from "@gramscore/core";
import { checkLabel, createSubwordTokenizer, type SubwordTokenizer } from "./adapter.js";
import type { VocabularySource } from "./fingerprint.js";
import { importPeer, member, readFileBytes, requirePeer, type Importer, type Peer } from "./load.js";

/**
 * A tokenizer object from `@huggingface/transformers` (v3+) or `@huggingface/tokenizers`: anything
 * with `encode(text, { add_special_tokens })` returning ids or `{ ids }`.
 */
export interface HuggingFaceTokenizerLike {
  encode(text: string, options?: { add_special_tokens?: boolean }): unknown;
}

/** Where a `tokenizer.json` comes from: a file path (Node), its bytes or text, or the parsed object. */
export type TokenizerJsonSource = string | Uint8Array | ArrayBuffer | Record<string, unknown>;

/** Options of the HuggingFace loaders. */
export interface HuggingFaceOptions {
  /**
   * The matching `tokenizer_config.json` (path, bytes or parsed object). Some settings in it change
   * the tokens (e.g. `remove_space`, `additional_special_tokens`); when given it is part of the
   * vocabulary hash.
   */
  config?: TokenizerJsonSource;
  /** Add the model's special tokens (BOS/EOS, …) as `encode()` does by default. Default false: only the text's tokens. */
  addSpecialTokens?: boolean;
  /** A label for the signature: `hf-<name>#<hash>` (default: `hf#<hash>`). */
  name?: string;
  /**
   * For tokenizer instances whose `tokenizer.json` cannot be found on the object: that tokenizer.json
   * (path, bytes, text or parsed object, or a function returning one), hashed like the loader does.
   * Not needed for `@huggingface/transformers` v4 or `@huggingface/tokenizers` instances.
   */
  vocabulary?: TokenizerJsonSource | (() => TokenizerJsonSource);
  /** For tokenizer instances: a stable vocabulary name used instead of a hash. */
  vocabularyId?: string;
  /** How to import `@huggingface/tokenizers` (default: dynamic `import()`). */
  importer?: Importer;
}

const PEER: Peer = { name: "@huggingface/tokenizers", neededBy: "The HuggingFace tokenizer loader (loadHuggingFace)" };

type JsonObject = Record<string, unknown>;

function isInstance(value: unknown): value is HuggingFaceTokenizerLike {
  return value !== null && typeof value === "object" && typeof (value as { encode?: unknown }).encode === "function";
}

function decodeText(bytes: Uint8Array): string {
  return new TextDecoder("utf-8", { fatal: false }).decode(bytes);
}

/** Parses a tokenizer.json / tokenizer_config.json source into an object. */
function readJson(source: TokenizerJsonSource, what: string): JsonObject {
  let text: string;
  let from: string;
  if (typeof source === "string") {
    if (source.trimStart().startsWith("{")) {
      text = source;
      from = "the given text";
    } else {
      text = decodeText(readFileBytes(source, what));
      from = JSON.stringify(source);
    }
  } else if (source instanceof Uint8Array) {
    text = decodeText(source);
    from = "the given bytes";
  } else if (source instanceof ArrayBuffer) {
    text = decodeText(new Uint8Array(source));
    from = "the given bytes";
  } else if (source !== null && typeof source === "object" && !Array.isArray(source)) {
    return source;
  } else {
    throw new GramscoreError(
      ErrorCode.INVALID_TYPE,
      `${what} must be a file path, its bytes or text, or the parsed object, but got ${describeValue(source)}.`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new GramscoreError(ErrorCode.MALFORMED_INPUT, `${what} from ${from} is not valid JSON: ${(error as Error).message}.`, { cause: error });
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new GramscoreError(ErrorCode.MALFORMED_INPUT, `${what} from ${from} must hold a JSON object, but holds ${describeValue(parsed)}.`);
  }
  return parsed as JsonObject;
}

function checkTokenizerJson(json: JsonObject): JsonObject {
  const model = json.model;
  if (model === null || typeof model !== "object") {
    throw new GramscoreError(
      ErrorCode.MALFORMED_INPUT,
      'This does not look like a HuggingFace tokenizer.json: it has no "model" object. Pass the tokenizer.json file (not tokenizer_config.json or config.json).',
    );
  }
  return json;
}

/** What the vocabulary hash covers: the tokenizer.json, plus tokenizer_config.json when there is one. */
function fingerprintSource(json: JsonObject, config: JsonObject | undefined): object {
  return config === undefined || Object.keys(config).length === 0 ? json : { "tokenizer.json": json, "tokenizer_config.json": config };
}

function label(options: HuggingFaceOptions): string {
  let l = "hf";
  if (options.name !== undefined) l += `-${checkLabel(options.name, "The HuggingFace tokenizer name")}`;
  if (options.addSpecialTokens === true) l += "+special";
  return l;
}

function checkOptions(options: HuggingFaceOptions): HuggingFaceOptions {
  if (options === null || typeof options !== "object") {
    throw new GramscoreError(ErrorCode.INVALID_OPTION, `HuggingFace options must be an object, but got ${describeValue(options)}.`);
  }
  if (options.addSpecialTokens !== undefined && typeof options.addSpecialTokens !== "boolean") {
    throw new GramscoreError(ErrorCode.INVALID_OPTION, `addSpecialTokens must be true or false, but got ${describeValue(options.addSpecialTokens)}.`, {
      details: { option: "addSpecialTokens" },
    });
  }
  return options;
}

/** Finds the tokenizer.json (and config) an instance was built from, where the library keeps them. */
function instanceJson(instance: object): { json: JsonObject; config: JsonObject | undefined } | undefined {
  const o = instance as Record<string, unknown>;
  const asObject = (v: unknown): JsonObject | undefined => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as JsonObject) : undefined);
  const hasModel = (v: JsonObject | undefined): v is JsonObject => v !== undefined && asObject(v.model) !== undefined;
  // @huggingface/transformers v4: _tokenizerJSON / _tokenizerConfig.
  const tj = asObject(o._tokenizerJSON);
  if (hasModel(tj)) return { json: tj, config: asObject(o._tokenizerConfig) };
  // @huggingface/tokenizers: the Tokenizer keeps its JSON as `tokenizer` and the config as `config`.
  const t = asObject(o.tokenizer);
  if (hasModel(t)) return { json: t, config: asObject(o.config) };
  const inner = asObject(o._tokenizer);
  if (inner !== undefined) {
    const it = asObject(inner.tokenizer);
    if (hasModel(it)) return { json: it, config: asObject(inner.config) };
  }
  return undefined;
}

/**
 * Adapts a tokenizer instance you already have, from `@huggingface/transformers` (v3+, e.g. from
 * `AutoTokenizer.from_pretrained`) or `@huggingface/tokenizers`, duck-typed: nothing is imported.
 * The vocabulary hash comes from the tokenizer.json the instance keeps (transformers v4,
 * @huggingface/tokenizers); for other objects pass `vocabulary` or `vocabularyId`.
 * @throws GramscoreError `INVALID_OPTION` when no vocabulary can be found or was given.
 */
export function fromHuggingFaceTokenizer(instance: HuggingFaceTokenizerLike, options: Omit<HuggingFaceOptions, "importer"> = {}): SubwordTokenizer {
  checkOptions(options);
  if (!isInstance(instance)) {
    throw new GramscoreError(
      ErrorCode.INVALID_TYPE,
      `Expected a HuggingFace tokenizer instance with an encode(text, options) method, but got ${describeValue(instance)}.`,
    );
  }
  const addSpecial = options.addSpecialTokens === true;
  const encodeOptions = { add_special_tokens: addSpecial };
  const found = options.vocabulary === undefined && options.vocabularyId === undefined ? instanceJson(instance) : undefined;
  if (options.vocabulary === undefined && options.vocabularyId === undefined && found === undefined) {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      "Cannot find the tokenizer.json this tokenizer instance was built from, so its vocabulary cannot be hashed for the signature. " +
        'Pass `vocabulary` (the parsed tokenizer.json, or its bytes) or `vocabularyId` (a stable name you choose, e.g. "Llama-3.1-8B@rev").',
      { details: { option: "vocabulary" } },
    );
  }
  const config = options.config !== undefined ? readJson(options.config, "tokenizer_config.json") : found?.config;
  const given = options.vocabulary;
  const vocabulary: VocabularySource | undefined =
    given !== undefined
      ? () => {
          const value = typeof given === "function" ? given() : given;
          return fingerprintSource(checkTokenizerJson(readJson(value, "The tokenizer.json given as vocabulary")), config);
        }
      : found !== undefined
        ? () => fingerprintSource(found.json, config)
        : undefined;
  return createSubwordTokenizer((text) => instance.encode(text, encodeOptions) as ArrayLike<number>, {
    name: "hf",
    label: label(options),
    vocabulary,
    vocabularyId: options.vocabularyId,
  });
}

function build(TokenizerClass: unknown, source: TokenizerJsonSource, options: HuggingFaceOptions): SubwordTokenizer {
  if (typeof TokenizerClass !== "function") {
    throw new GramscoreError(
      ErrorCode.PLUGIN_LOAD_FAILED,
      `@huggingface/tokenizers does not export a Tokenizer class (found ${describeValue(TokenizerClass)}). Check that the installed version is supported.`,
    );
  }
  const json = checkTokenizerJson(readJson(source, "tokenizer.json"));
  const config = options.config !== undefined ? readJson(options.config, "tokenizer_config.json") : undefined;
  let tokenizer: HuggingFaceTokenizerLike;
  try {
    tokenizer = new (TokenizerClass as new (j: unknown, c: unknown) => HuggingFaceTokenizerLike)(json, config ?? {});
  } catch (error) {
    throw new GramscoreError(ErrorCode.MALFORMED_INPUT, `@huggingface/tokenizers could not build a tokenizer from this tokenizer.json: ${(error as Error).message}.`, {
      cause: error,
    });
  }
  const encodeOptions = { add_special_tokens: options.addSpecialTokens === true };
  return createSubwordTokenizer((text) => (tokenizer.encode(text, encodeOptions) as { ids: number[] }).ids, {
    name: "hf",
    label: label(options),
    vocabulary: () => fingerprintSource(json, config),
  });
}

/**
 * Loads a HuggingFace tokenizer: from a `tokenizer.json` (a path in Node, its bytes or text, or the
 * parsed object) through `@huggingface/tokenizers`, or from a tokenizer instance you already have
 * (see {@link fromHuggingFaceTokenizer}). Tokens are the decimal ids `encode()` gives, without
 * special tokens unless `addSpecialTokens`. Signature: `hf[-<name>][+special]#<hash>`, the hash
 * covering the canonical JSON of tokenizer.json (and tokenizer_config.json when given), so a path,
 * the bytes and the parsed object give the same signature.
 * ```ts
 * const tok = await loadHuggingFace("models/llama/tokenizer.json", { name: "llama2" });
 * ```
 * @throws GramscoreError `MISSING_DEPENDENCY` when `@huggingface/tokenizers` is needed and missing,
 * `IO_ERROR` for an unreadable path, `MALFORMED_INPUT` for invalid JSON.
 */
export async function loadHuggingFace(source: TokenizerJsonSource | HuggingFaceTokenizerLike, options: HuggingFaceOptions = {}): Promise<SubwordTokenizer> {
  checkOptions(options);
  if (isInstance(source)) return fromHuggingFaceTokenizer(source, options);
  const mod = await importPeer(PEER, "@huggingface/tokenizers", options.importer);
  return build(member(mod, "Tokenizer"), source, options);
}

/**
 * {@link loadHuggingFace} without `await`, for Node.js (`@huggingface/tokenizers` is loaded with
 * `require`). This is what the plugin's `hf` tokenizer uses in Node.
 * @throws GramscoreError as {@link loadHuggingFace}, and `USAGE` outside Node.
 */
export function loadHuggingFaceSync(source: TokenizerJsonSource | HuggingFaceTokenizerLike, options: Omit<HuggingFaceOptions, "importer"> = {}): SubwordTokenizer {
  checkOptions(options);
  if (isInstance(source)) return fromHuggingFaceTokenizer(source, options);
  return build(member(requirePeer(PEER, "@huggingface/tokenizers"), "Tokenizer"), source, options);
}
