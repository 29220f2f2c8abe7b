/**
 * sacrebleu 2.6.0's SentencePiece tokenizers (`flores101`, `flores200`, `spBLEU-1K`): the pieces of
 * `EncodeAsPieces(line)` joined by spaces, split again on whitespace by BLEU. The model file is never
 * downloaded here: it is given (a path or bytes) or read from sacrebleu's own cache folder
 * (`$SACREBLEU/models/`, default `~/.sacrebleu/models/`) under the file name sacrebleu uses, so both
 * tools share one download.
 */
import { ErrorCode, GramscoreError, describeValue, pySplit } from "@gramscore/core";
import type { Tokenizer } from "@gramscore/core";
import { loadSentencePieceModel, type SentencePieceModel } from "./processor.js";

/** The names sacrebleu 2.6.0 gives its SentencePiece tokenizers (`--tokenize`). */
export type SacrebleuSpmName = "flores101" | "flores200" | "spBLEU-1K";

/** Where sacrebleu gets a model and what it names the file and the tokenizer. */
export interface SacrebleuSpmModelInfo {
  /** The URL sacrebleu 2.6.0 downloads the model from. */
  readonly url: string;
  /** The file name under `$SACREBLEU/models/` (the last part of the URL, as sacrebleu takes it). */
  readonly file: string;
  /** What sacrebleu prints in the signature (`tok:flores200`). */
  readonly signature: SacrebleuSpmName;
  /** Who made the model, for messages and listings. */
  readonly about: string;
}

/** sacrebleu 2.6.0's table of SentencePiece models (`tokenizer_spm.py`). */
export const SACREBLEU_SPM_MODELS: Readonly<Record<SacrebleuSpmName, SacrebleuSpmModelInfo>> = {
  flores101: {
    url: "https://dl.fbaipublicfiles.com/fairseq/models/flores/sacrebleu_tokenizer_spm.model",
    file: "sacrebleu_tokenizer_spm.model",
    signature: "flores101",
    about: "FLORES-101's SentencePiece model (spBLEU)",
  },
  flores200: {
    url: "https://tinyurl.com/flores200sacrebleuspm",
    file: "flores200sacrebleuspm",
    signature: "flores200",
    about: "FLORES-200's SentencePiece model (spBLEU)",
  },
  "spBLEU-1K": {
    url: "https://www.dlnlp.ai/spBLEU-1K/spbleu-1k_tokenizer_spm.model",
    file: "spbleu-1k_tokenizer_spm.model",
    signature: "spBLEU-1K",
    about: "spBLEU-1K's SentencePiece model (1,000+ languages)",
  },
};

/** The names of {@link SACREBLEU_SPM_MODELS}. */
export const SACREBLEU_SPM_NAMES: readonly SacrebleuSpmName[] = ["flores101", "flores200", "spBLEU-1K"];

/** Options of {@link createSacrebleuSpm}. */
export interface SacrebleuSpmOptions {
  /**
   * The model: a path to the `.model` file (Node), its bytes, or a model already loaded with
   * `loadSentencePieceModel`. Default: sacrebleu's file in {@link sacrebleuModelPath}.
   */
  model?: string | Uint8Array | ArrayBuffer | SentencePieceModel;
  /** sacrebleu's folder, instead of `$SACREBLEU` or `~/.sacrebleu` (the model is in its `models/`). */
  sacrebleuDir?: string;
}

/** A sacrebleu SentencePiece tokenizer: its model, and a description naming the model's SHA-256. */
export interface SacrebleuSpmTokenizer extends Tokenizer {
  readonly name: SacrebleuSpmName;
  /** sacrebleu's signature name (`flores200`): the model file is not part of it, as in sacrebleu. */
  readonly signature: SacrebleuSpmName;
  /** The loaded model (its `sha256` tells two users whether they used the same file). */
  readonly model: SentencePieceModel;
  /** Where the model was read from (a path), or `"bytes"` when it was given. */
  readonly source: string;
  /** One line: name, model file, SHA-256, type and size, e.g. for verbose output. */
  readonly description: string;
  /** `" ".join(EncodeAsPieces(text))`, what sacrebleu's tokenizer returns. */
  tokenizeToString(text: string): string;
}

interface NodeLike {
  getBuiltinModule?: (id: string) => unknown;
  env?: Record<string, string | undefined>;
}

function nodeProcess(): NodeLike | undefined {
  return (globalThis as { process?: NodeLike }).process;
}

function builtin<T>(id: string): T | undefined {
  const proc = nodeProcess();
  return typeof proc?.getBuiltinModule === "function" ? (proc.getBuiltinModule(id) as T | undefined) : undefined;
}

function checkName(name: unknown): asserts name is SacrebleuSpmName {
  if (typeof name !== "string" || !(SACREBLEU_SPM_NAMES as readonly string[]).includes(name)) {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `There is no sacrebleu SentencePiece tokenizer named ${describeValue(name)}; the names are ${SACREBLEU_SPM_NAMES.join(", ")}.`,
    );
  }
}

/**
 * sacrebleu's folder: `options.sacrebleuDir`, else `$SACREBLEU`, else `~/.sacrebleu` (Node only;
 * undefined elsewhere).
 */
export function sacrebleuDir(options: { sacrebleuDir?: string } = {}): string | undefined {
  if (options.sacrebleuDir !== undefined) return options.sacrebleuDir;
  const env = nodeProcess()?.env?.SACREBLEU;
  if (env !== undefined && env !== "") return env;
  const os = builtin<{ homedir(): string }>("node:os");
  const path = builtin<{ join(...p: string[]): string }>("node:path");
  return os !== undefined && path !== undefined ? path.join(os.homedir(), ".sacrebleu") : undefined;
}

/**
 * Where sacrebleu keeps the model of `name`: `<sacrebleu folder>/models/<file>` (see
 * {@link sacrebleuDir}), e.g. `~/.sacrebleu/models/flores200sacrebleuspm`. Undefined outside Node.
 */
export function sacrebleuModelPath(name: SacrebleuSpmName, options: { sacrebleuDir?: string } = {}): string | undefined {
  checkName(name);
  const dir = sacrebleuDir(options);
  const path = builtin<{ join(...p: string[]): string }>("node:path");
  return dir === undefined || path === undefined ? undefined : path.join(dir, "models", SACREBLEU_SPM_MODELS[name].file);
}

function missing(name: SacrebleuSpmName, path: string | undefined, cause?: unknown): GramscoreError {
  const info = SACREBLEU_SPM_MODELS[name];
  const where =
    path === undefined
      ? "No model was given and there is no file system to look in: pass the model's bytes (`model`)."
      : `It is not at ${path}.`;
  return new GramscoreError(
    ErrorCode.MISSING_DEPENDENCY,
    `The ${name} tokenizer needs sacrebleu's SentencePiece model file, which gramscore never downloads. ${where} ` +
      `Download it from ${info.url} and save it as ${path ?? info.file} (sacrebleu's own cache: $SACREBLEU/models/, default ~/.sacrebleu/models/, ` +
      `shared with sacrebleu, which puts it there the first time it runs --tokenize ${name}), or pass its path (CLI: --spm-model PATH).`,
    { cause, details: { tokenizer: name, path, url: info.url, file: info.file } },
  );
}

/** Reads the model for `name` from `options` or sacrebleu's folder. */
export function loadSacrebleuModel(name: SacrebleuSpmName, options: SacrebleuSpmOptions = {}): { model: SentencePieceModel; source: string } {
  checkName(name);
  const given = options.model;
  if (given !== undefined && typeof given !== "string") {
    if (given instanceof Uint8Array || given instanceof ArrayBuffer) return { model: loadSentencePieceModel(given), source: "bytes" };
    if (typeof (given as SentencePieceModel).encodeAsPieces === "function") return { model: given as SentencePieceModel, source: "model" };
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `Option model of the ${name} tokenizer must be a path, the model file's bytes or a loaded model, but got ${describeValue(given)}.`,
    );
  }
  const path = given ?? sacrebleuModelPath(name, options);
  const fs = builtin<{ readFileSync(p: string): Uint8Array; existsSync(p: string): boolean }>("node:fs");
  if (path === undefined || fs === undefined) throw missing(name, path);
  if (!fs.existsSync(path)) {
    if (given !== undefined) {
      throw new GramscoreError(ErrorCode.IO_ERROR, `The ${name} tokenizer's model file ${path} does not exist. Get it from ${SACREBLEU_SPM_MODELS[name].url}.`, {
        details: { tokenizer: name, path, url: SACREBLEU_SPM_MODELS[name].url },
      });
    }
    throw missing(name, path);
  }
  let bytes: Uint8Array;
  try {
    bytes = fs.readFileSync(path);
  } catch (error) {
    throw new GramscoreError(ErrorCode.IO_ERROR, `Cannot read the ${name} tokenizer's model file ${path}: ${error instanceof Error ? error.message : String(error)}.`, {
      cause: error,
      details: { tokenizer: name, path },
    });
  }
  return { model: loadSentencePieceModel(bytes), source: path };
}

/**
 * sacrebleu's `flores101`, `flores200` or `spBLEU-1K` tokenizer over a model file sacrebleu uses.
 * `tokenize(text)` is `" ".join(EncodeAsPieces(text))` split as Python's `str.split()` does, what
 * sacrebleu's BLEU counts.
 * @example
 * const tok = createSacrebleuSpm("flores200"); // reads ~/.sacrebleu/models/flores200sacrebleuspm
 * tok.signature   // "flores200"
 * tok.description // "flores200: SentencePiece model /root/.sacrebleu/models/flores200sacrebleuspm (sha256 …, unigram, 256000 pieces)"
 * @throws GramscoreError `MISSING_DEPENDENCY` naming sacrebleu's URL when the model is not found;
 * `IO_ERROR` when a given path does not exist; `INVALID_OPTION` for a file that is not a model.
 */
export function createSacrebleuSpm(name: SacrebleuSpmName, options: SacrebleuSpmOptions = {}): SacrebleuSpmTokenizer {
  checkName(name);
  const { model, source } = loadSacrebleuModel(name, options);
  const toString = (text: string): string => model.encodeAsPieces(text).join(" ");
  return {
    name,
    signature: SACREBLEU_SPM_MODELS[name].signature,
    model,
    source,
    description: describeModel(name, model, source),
    tokenizeToString: toString,
    tokenize: (text: string) => pySplit(toString(text)),
  };
}

/** The one-line description of a loaded model (name, where, SHA-256, type, size). */
export function describeModel(name: string, model: SentencePieceModel, source: string): string {
  const where = source === "bytes" || source === "model" ? "given" : source;
  return `${name}: SentencePiece model ${where} (sha256 ${model.sha256}, ${model.modelType}, ${model.vocabularySize} pieces)`;
}
