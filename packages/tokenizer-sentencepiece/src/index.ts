/**
 * @gramscore/tokenizer-sentencepiece: sacrebleu 2.6.0's SentencePiece tokenizers (`flores101`,
 * `flores200`, `spBLEU-1K`) over a SentencePiece encoder written in TypeScript that gives what the
 * C++ library gives (`spm_encode --output_format=piece`). Nothing native, no WASM, nothing downloaded.
 * @packageDocumentation
 */
import { definePlugin, defineTokenizer } from "@gramscore/core";
import type { Plugin, TokenizerDescriptor, TokenizerNeeds } from "@gramscore/core";
import { loadSentencePieceModel } from "./processor.js";
import {
  SACREBLEU_SPM_MODELS,
  SACREBLEU_SPM_NAMES,
  createSacrebleuSpm,
  sacrebleuModelPath,
  type SacrebleuSpmName,
  type SacrebleuSpmOptions,
  type SacrebleuSpmTokenizer,
} from "./sacrebleu.js";
import { VERSION } from "./version.js";

export { loadSentencePieceModel } from "./processor.js";
export type { SentencePieceModel } from "./processor.js";
export {
  SACREBLEU_SPM_MODELS,
  SACREBLEU_SPM_NAMES,
  createSacrebleuSpm,
  describeModel,
  loadSacrebleuModel,
  sacrebleuDir,
  sacrebleuModelPath,
} from "./sacrebleu.js";
export type { SacrebleuSpmModelInfo, SacrebleuSpmName, SacrebleuSpmOptions, SacrebleuSpmTokenizer } from "./sacrebleu.js";
export { VERSION };

declare module "@gramscore/core" {
  interface TokenizerMap {
    flores101: SacrebleuSpmOptions | undefined;
    flores200: SacrebleuSpmOptions | undefined;
    "spBLEU-1K": SacrebleuSpmOptions | undefined;
  }
}

interface FsLike {
  existsSync(p: string): boolean;
  readFileSync(p: string): Uint8Array;
}

/** What `gramscore list` shows for a model: the file looked for, whether it is there, its SHA-256. */
function modelNeeds(name: SacrebleuSpmName, defaults: SacrebleuSpmOptions): TokenizerNeeds {
  const info = SACREBLEU_SPM_MODELS[name];
  const given = defaults.model;
  if (given !== undefined && typeof given !== "string") {
    const sha256 = given instanceof Uint8Array || given instanceof ArrayBuffer ? loadSentencePieceModel(given).sha256 : given.sha256;
    return { kind: "model-file", name: info.file, found: true, location: "given", source: info.url, sha256 };
  }
  const path = given ?? sacrebleuModelPath(name, defaults);
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const fs = typeof proc?.getBuiltinModule === "function" ? (proc.getBuiltinModule("node:fs") as FsLike | undefined) : undefined;
  const found = path !== undefined && fs !== undefined && fs.existsSync(path);
  if (!found) return { kind: "model-file", name: info.file, found: false, ...(path === undefined ? {} : { location: path }), source: info.url };
  let sha256: string | undefined;
  try {
    sha256 = loadSentencePieceModel(fs.readFileSync(path)).sha256;
  } catch {
    sha256 = undefined;
  }
  return { kind: "model-file", name: info.file, found: true, location: path, source: info.url, ...(sha256 === undefined ? {} : { sha256 }) };
}

/**
 * The registry entry of one sacrebleu SentencePiece tokenizer. `defaults` (e.g. the CLI's
 * `--spm-model`) apply when `create` is called without options.
 */
export function sacrebleuSpmTokenizer(name: SacrebleuSpmName, defaults: SacrebleuSpmOptions = {}): TokenizerDescriptor<SacrebleuSpmName, SacrebleuSpmOptions | undefined> {
  const info = SACREBLEU_SPM_MODELS[name];
  return defineTokenizer<SacrebleuSpmName, SacrebleuSpmOptions | undefined>({
    name,
    description: `sacrebleu's ${name}: ${info.about}, pieces as sentencepiece's EncodeAsPieces; needs the model file ${info.file} (never downloaded)`,
    options: [
      {
        key: "model",
        flag: "spm-model",
        type: "string",
        description: `path of the SentencePiece model (default: $SACREBLEU/models/${info.file}, ~/.sacrebleu/models/ when SACREBLEU is not set)`,
      },
    ],
    needs: () => modelNeeds(name, defaults),
    create: (options?: SacrebleuSpmOptions): SacrebleuSpmTokenizer => createSacrebleuSpm(name, { ...defaults, ...stripUndefined(options) }),
  });
}

function stripUndefined(options: SacrebleuSpmOptions | undefined): SacrebleuSpmOptions {
  const out: SacrebleuSpmOptions = {};
  if (options?.model !== undefined) out.model = options.model;
  if (options?.sacrebleuDir !== undefined) out.sacrebleuDir = options.sacrebleuDir;
  return out;
}

/**
 * A plugin with the three tokenizers, whose model defaults to `defaults.model` (a path, bytes or a
 * loaded model) instead of sacrebleu's folder. The CLI's `--spm-model PATH` registers this.
 */
export function sentencepiecePlugin(defaults: SacrebleuSpmOptions = {}): Plugin {
  return definePlugin({
    name: "@gramscore/tokenizer-sentencepiece",
    version: VERSION,
    tokenizers: SACREBLEU_SPM_NAMES.map((n) => sacrebleuSpmTokenizer(n, defaults)),
    metrics: [],
  });
}

/**
 * The plugin of this package: `flores101`, `flores200` and `spBLEU-1K`, with the models read from
 * sacrebleu's folder. Register it (a registry, or BLEU's `context`) to use `tokenize: "flores200"`.
 */
export const plugin: Plugin = /* @__PURE__ */ sentencepiecePlugin();

export default plugin;
