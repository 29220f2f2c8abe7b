import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ErrorCode, GramscoreError, defineMetric, definePlugin, defineTokenizer } from "@gramscore/core";
import type { Tokenizer, TokenizerNeeds } from "@gramscore/core";
import { createRegistry, pluginFromModule } from "@gramscore/registry";
import type { LazyPlugin, Registry } from "@gramscore/registry";
import { usePlugins, type LoadedPlugin } from "@gramscore/registry/node";
import { cliHint } from "./hints.js";

export { cliHint, type KnownPackage } from "./hints.js";

type Manifest = Record<string, { tokenizers: string[]; metrics: string[]; normalizers?: string[] } | null>;

let manifestCache: Manifest | null | undefined;
/** `builtins.json` (written at build time next to the CLI's files): names each built-in provides. */
function manifest(): Manifest | null {
  if (manifestCache === undefined) {
    try {
      const doc = JSON.parse(readFileSync(join(cliDir(), "builtins.json"), "utf8")) as { packages?: Manifest };
      manifestCache = doc.packages ?? null;
    } catch {
      manifestCache = null;
    }
  }
  return manifestCache;
}

function builtin(name: string, load: () => Promise<unknown>): LazyPlugin {
  if (name.startsWith("@gramscore/normalizer-")) {
    // Normalizers are asked for by name only through a metric's --normalize (`ensureNormalizer`).
    return { name, load, optional: true, kinds: [], provides: manifest()?.[name] ?? { tokenizers: [], metrics: [] } };
  }
  const match = /^@gramscore\/(metric|tokenizer)-(.+)$/.exec(name);
  const kind = match?.[1] === "metric" ? "metric" : "tokenizer";
  const short = match?.[2] ?? name;
  // Hints only: which names to look for in this package first.
  const known = manifest()?.[name];
  const provides = known ?? (kind === "metric" ? { metrics: [short], tokenizers: [] } : { tokenizers: [short], metrics: [] });
  return { name, load, optional: true, kinds: [kind], provides };
}

/** Options of {@link builtinPlugins}. */
export interface BuiltinOptions {
  /**
   * The model file of sacrebleu's SentencePiece tokenizers (`--spm-model`), an absolute path;
   * default: sacrebleu's folder (`$SACREBLEU/models/`).
   */
  spmModel?: string;
}

/**
 * The plugins of the installed @gramscore packages, each imported only when one of its names is
 * needed. A package that is missing or exports no plugin yet is skipped.
 */
export function builtinPlugins(options: BuiltinOptions = {}): LazyPlugin[] {
  return [
    builtin("@gramscore/tokenizer-whitespace", () => import("@gramscore/tokenizer-whitespace")),
    builtin("@gramscore/tokenizer-punctuation", () => import("@gramscore/tokenizer-punctuation")),
    builtin("@gramscore/tokenizer-sacrebleu", () => import("@gramscore/tokenizer-sacrebleu")),
    builtin("@gramscore/tokenizer-subword", () => import("@gramscore/tokenizer-subword")),
    builtin("@gramscore/tokenizer-sentencepiece", async () => {
      const module = await import("@gramscore/tokenizer-sentencepiece");
      return options.spmModel === undefined ? module : { default: module.sentencepiecePlugin({ model: options.spmModel }) };
    }),
    builtin("@gramscore/tokenizer-intl-words", () => import("@gramscore/tokenizer-intl-words")),
    jaMecabBuiltin(),
    builtin("@gramscore/metric-bleu", () => import("@gramscore/metric-bleu")),
    builtin("@gramscore/metric-rouge", () => import("@gramscore/metric-rouge")),
    builtin("@gramscore/metric-chrf", () => import("@gramscore/metric-chrf")),
    builtin("@gramscore/metric-ter", () => import("@gramscore/metric-ter")),
    builtin("@gramscore/metric-wer", () => import("@gramscore/metric-wer")),
    optional("@gramscore/metric-squad", () => import("@gramscore/metric-squad")),
    optional("@gramscore/metric-diversity", () => import("@gramscore/metric-diversity")),
    optional("@gramscore/metric-cider", () => import("@gramscore/metric-cider")),
    optional("@gramscore/metric-sari", () => import("@gramscore/metric-sari")),
    optional("@gramscore/metric-character", () => import("@gramscore/metric-character")),
    builtin("@gramscore/metric-gleu", () => import("@gramscore/metric-gleu")),
    builtin("@gramscore/metric-nist", () => import("@gramscore/metric-nist")),
    builtin("@gramscore/tokenizer-treebank", () => import("@gramscore/tokenizer-treebank")),
    meteorBuiltin(),
    builtin("@gramscore/normalizer-whisper", () => import("@gramscore/normalizer-whisper")),
  ];
}

function isModuleNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND";
}

/** The package of METEOR: an optional peer of the CLI, like WordNet, so that `npx gramscore` stays small. */
export const METEOR_PACKAGE = "@gramscore/metric-meteor";
/** The package of METEOR's synonyms (WordNet 3.0, about 5 MB installed), the other optional peer. */
export const WORDNET_PACKAGE = "@gramscore/wordnet";
/** The command that installs METEOR beside gramscore: the metric and its WordNet, as NLTK's METEOR needs both. */
export const METEOR_INSTALL = `npm install ${METEOR_PACKAGE} ${WORDNET_PACKAGE}`;

/** The metrics of `METEOR_PACKAGE`'s plugin, which its stand-in registers. */
const METEOR_METRICS = ["meteor", "meteor-hf"] as const;

/** The error a `meteor` stand-in gives when it is created: the metric package is not installed. */
function missingMeteor(name: string, cause: unknown): GramscoreError {
  return new GramscoreError(
    ErrorCode.MISSING_DEPENDENCY,
    `The metric "${name}" (NLTK's METEOR with WordNet synonyms) comes from ${METEOR_PACKAGE}, which is not installed: ` +
      `it is kept out of gramscore's own install for the size of WordNet. Install both where gramscore is installed: ` +
      `${METEOR_INSTALL} (pnpm add ${METEOR_PACKAGE} ${WORDNET_PACKAGE}; npm install -g beside a global gramscore).`,
    { cause, details: { dependency: METEOR_PACKAGE, install: METEOR_INSTALL } },
  );
}

/** The stand-in descriptors registered when a metric package is not installed, with the error each gives. */
const standIns = new WeakMap<object, () => GramscoreError>();

/**
 * The error a metric descriptor of a stand-in gives (a metric whose package is not installed), or
 * `undefined` for a real metric. The CLI asks before it reads the metric's flags, so that
 * `-m meteor --meteor-alpha 0.8` says what to install rather than that the flag is unknown.
 */
export function standInError(descriptor: object): GramscoreError | undefined {
  return standIns.get(descriptor)?.();
}

/**
 * A plugin named `pkg` whose metrics `names` only say how to install `pkg` (with `install`) when
 * they are used: `missing(name)` is the error each gives.
 */
function standInPlugin(pkg: string, names: readonly string[], what: string, install: string, missing: (name: string) => GramscoreError) {
  const metrics = names.map((name) => {
    const fail = () => missing(name);
    const descriptor = {
      ...defineMetric({
        name,
        description: `${what} (not installed: ${install})`,
        create: (): never => {
          throw fail();
        },
      }),
      // Read by `gramscore list` as it reads a tokenizer's needs.
      needs: (): TokenizerNeeds => ({ kind: "data-package", name: pkg, found: false, source: install }),
    };
    standIns.set(descriptor, fail);
    return descriptor;
  });
  return { default: definePlugin({ name: pkg, tokenizers: [], metrics }) };
}

/** A metric package that is an optional peer of the CLI: what it holds, for `gramscore list` and the error of a missing one. */
export interface OptionalMetricPackage {
  /** The npm package (`@gramscore/metric-cider`). */
  package: string;
  /** The metric names its plugin registers. */
  metrics: readonly string[];
  /** What the metrics are, for messages (`CIDEr-D for image captions`). */
  what: string;
}

/**
 * The metric packages of one task each (captioning, simplification, question answering, character-level
 * MT, diversity),
 * optional peers of the CLI so that `npx gramscore` stays under 2.5 MB installed; `pnpm install` in
 * the repository and `npm install gramscore <package>` bring them.
 */
export const OPTIONAL_METRIC_PACKAGES: readonly OptionalMetricPackage[] = [
  {
    package: "@gramscore/metric-character",
    metrics: ["character", "eed", "eed_rwth"],
    what: "characTER and EED, character-level MT metrics",
  },
  {
    package: "@gramscore/metric-sari",
    metrics: ["sari", "easse_sari"],
    what: "SARI for text simplification, with sources",
  },
  {
    package: "@gramscore/metric-cider",
    metrics: ["cider", "cider-original"],
    what: "CIDEr-D and CIDEr for image captions, with the coco-ptb tokenizer",
  },
  {
    package: "@gramscore/metric-squad",
    metrics: ["squad", "squad_v2"],
    what: "SQuAD v1.1 and v2.0 exact match and F1, for question answering",
  },
  {
    package: "@gramscore/metric-diversity",
    metrics: ["distinct", "distinct-mean", "self-bleu", "self-bleu-sacrebleu"],
    what: "distinct-n and Self-BLEU, diversity of generated texts",
  },
];

/** The error a stand-in of an optional metric package gives when it is created. */
function missingOptional(spec: OptionalMetricPackage, name: string, cause: unknown): GramscoreError {
  const install = `npm install ${spec.package}`;
  return new GramscoreError(
    ErrorCode.MISSING_DEPENDENCY,
    `The metric "${name}" (${spec.what}) comes from ${spec.package}, which is not installed: it is an optional ` +
      `part of gramscore, kept out of its own install. Install it where gramscore is installed: ${install} ` +
      `(pnpm add ${spec.package}; npm install -g beside a global gramscore).`,
    { cause, details: { dependency: spec.package, install } },
  );
}

/**
 * The built-in of an optional metric package: its plugin when it is installed, stand-ins that say
 * how to install it otherwise (as METEOR's). `load` imports the package.
 */
export function optionalMetricBuiltin(spec: OptionalMetricPackage, load: () => Promise<unknown>): LazyPlugin {
  return builtin(spec.package, async () => {
    try {
      return await load();
    } catch (error) {
      if (!packageNotFound(error, spec.package)) throw error;
      return standInPlugin(spec.package, spec.metrics, spec.what, `npm install ${spec.package}`, (name) => missingOptional(spec, name, error));
    }
  });
}

/** The built-in of the optional metric package named `pkg` (one of {@link OPTIONAL_METRIC_PACKAGES}). */
function optional(pkg: string, load: () => Promise<unknown>): LazyPlugin {
  const spec = OPTIONAL_METRIC_PACKAGES.find((p) => p.package === pkg);
  if (spec === undefined) throw new Error(`${pkg} is not in OPTIONAL_METRIC_PACKAGES`);
  return optionalMetricBuiltin(spec, load);
}

/** True when `error` says that `name` itself (not a dependency of it) cannot be found. */
function packageNotFound(error: unknown, name: string): boolean {
  return isModuleNotFound(error) && String((error as Error)?.message).includes(`'${name}'`);
}

/**
 * METEOR with WordNet synonyms by default, as NLTK (--meteor-synonyms none turns the stage off).
 * Both packages are optional peers of the CLI. When `@gramscore/metric-meteor` is not installed, a
 * stand-in registers `meteor` and `meteor-hf`, so that `gramscore list` shows them with the package
 * they need and `-m meteor` fails with `MISSING_DEPENDENCY` and the install command instead of
 * "unknown metric". When only `@gramscore/wordnet` is missing, loading fails with a
 * `MISSING_DEPENDENCY` that names it (the registry then reports it for `-m meteor` instead of
 * suggesting to install the metric package that is there). `load` replaces the imports (tests).
 */
export function meteorBuiltin(
  load: { meteor?: () => Promise<typeof import("@gramscore/metric-meteor")>; wordnet?: () => Promise<typeof import("@gramscore/wordnet")> } = {},
): LazyPlugin {
  return builtin(METEOR_PACKAGE, async () => {
    // Both imports start at once; the metric's own failure comes first (the package is not there).
    const wordnetModule = (load.wordnet ?? (() => import("@gramscore/wordnet")))().then(
      (module) => ({ module }),
      (error: unknown) => ({ error }),
    );
    let meteor: typeof import("@gramscore/metric-meteor");
    try {
      meteor = await (load.meteor ?? (() => import("@gramscore/metric-meteor")))();
    } catch (error) {
      if (!packageNotFound(error, METEOR_PACKAGE)) throw error;
      return standInPlugin(METEOR_PACKAGE, METEOR_METRICS, "METEOR", METEOR_INSTALL, (name) => missingMeteor(name, error));
    }
    const wordnet = await wordnetModule;
    if ("error" in wordnet) {
      const cause = wordnet.error;
      throw isModuleNotFound(cause)
        ? new GramscoreError(
            ErrorCode.MISSING_DEPENDENCY,
            `METEOR looks up synonyms in WordNet by default, as NLTK does, but ${WORDNET_PACKAGE} is not installed. ` +
              `Install it where gramscore is installed (npm install ${WORDNET_PACKAGE}).`,
            { cause, details: { dependency: WORDNET_PACKAGE } },
          )
        : new GramscoreError(
            ErrorCode.PLUGIN_LOAD_FAILED,
            `METEOR's synonyms come from ${WORDNET_PACKAGE}, which could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}. Reinstall it (npm install ${WORDNET_PACKAGE}).`,
            { cause, details: { dependency: WORDNET_PACKAGE } },
          );
    }
    return { default: meteor.meteorPlugin({ providers: { wordnet: wordnet.module.wordnet }, defaultSynonyms: "wordnet" }) };
  });
}

/** The package of `ja-mecab`: an optional peer of the CLI, so that its 8.8 MB dictionary is installed only on request. */
export const JA_MECAB_PACKAGE = "@gramscore/tokenizer-ja-mecab";
/** The command that installs it beside gramscore. */
export const JA_MECAB_INSTALL = `npm install ${JA_MECAB_PACKAGE}`;

function missingJaMecab(cause: unknown): GramscoreError {
  return new GramscoreError(
    ErrorCode.MISSING_DEPENDENCY,
    `The tokenizer "ja-mecab" (sacrebleu's MeCab 0.996 -Owakati with IPADIC) comes from ${JA_MECAB_PACKAGE}, which is not installed: ` +
      `it is kept out of gramscore's own install for the size of its dictionary. Install it where gramscore is installed: ` +
      `${JA_MECAB_INSTALL} (npm install -g ${JA_MECAB_PACKAGE} beside a global gramscore).`,
    { cause, details: { dependency: JA_MECAB_PACKAGE, install: JA_MECAB_INSTALL } },
  );
}

/**
 * `ja-mecab` from @gramscore/tokenizer-ja-mecab when it is installed. When it is not, a stand-in
 * registers the name, so that `gramscore list` shows it with the package it needs (not found) and
 * `--tokenize ja-mecab` fails with `MISSING_DEPENDENCY` and the install command instead of
 * "unknown tokenizer". `load` replaces the import (tests).
 */
export function jaMecabBuiltin(load: () => Promise<unknown> = () => import("@gramscore/tokenizer-ja-mecab")): LazyPlugin {
  return builtin(JA_MECAB_PACKAGE, async () => {
    try {
      return await load();
    } catch (error) {
      // Only the package itself missing; a dependency of it missing (its dictionary) is its own error.
      if (!packageNotFound(error, JA_MECAB_PACKAGE)) throw error;
      const tokenizer = defineTokenizer({
        name: "ja-mecab",
        description: `sacrebleu's ja-mecab: MeCab 0.996 -Owakati with IPADIC 2.7.0-20070801 (not installed: ${JA_MECAB_INSTALL})`,
        needs: () => ({ kind: "data-package", name: JA_MECAB_PACKAGE, found: false, source: JA_MECAB_INSTALL }),
        create: () => {
          throw missingJaMecab(error);
        },
      });
      return { default: definePlugin({ name: JA_MECAB_PACKAGE, tokenizers: [tokenizer], metrics: [] }) };
    }
  });
}

/**
 * The `ja-mecab` tokenizer itself, for commands that do not go through a registry (`gramscore sacrebleu`).
 * @throws GramscoreError `MISSING_DEPENDENCY` with the install command when the package is not installed.
 */
export async function loadJaMecab(load?: () => Promise<unknown>): Promise<Tokenizer> {
  const plugin = pluginFromModule(await jaMecabBuiltin(load).load(), JA_MECAB_PACKAGE);
  const descriptor = plugin.tokenizers?.find((t) => t.name === "ja-mecab");
  if (descriptor === undefined) throw new GramscoreError(ErrorCode.PLUGIN_LOAD_FAILED, `${JA_MECAB_PACKAGE} did not provide the tokenizer "ja-mecab"; reinstall it (${JA_MECAB_INSTALL}).`);
  return descriptor.create();
}

/** Folder of the CLI's own files: plugins installed next to the CLI resolve from here. */
export function cliDir(): string {
  return dirname(fileURLToPath(import.meta.url));
}

/** Options of {@link createCliRegistry}. */
export interface CliRegistryOptions {
  /** The user's working directory. */
  cwd: string;
  /** Plugins to load now (config file first, then `--plugin`s). */
  plugins: readonly string[];
  /** The built-in plugins; default {@link builtinPlugins} with `spmModel`. */
  builtins?: readonly LazyPlugin[];
  /** `--spm-model`, resolved against `cwd`. */
  spmModel?: string;
}

/**
 * A registry with the user's plugins loaded (resolved from `cwd` first, then from where the CLI is
 * installed) and the built-in plugins registered lazily. User plugins take precedence over
 * built-ins of the same name.
 */
export async function createCliRegistry(options: CliRegistryOptions): Promise<{ registry: Registry; loaded: LoadedPlugin[] }> {
  const builtins = options.builtins ?? builtinPlugins(options.spmModel === undefined ? {} : { spmModel: options.spmModel });
  const registry = createRegistry({ hint: (kind, name, suggestions) => cliHint(kind, name, suggestions, builtins) });
  for (const lazy of builtins) registry.useLazy(lazy);
  const unique = [...new Set(options.plugins)];
  const loaded = await usePlugins(registry, unique, { cwd: options.cwd, paths: [cliDir()] });
  return { registry, loaded };
}
