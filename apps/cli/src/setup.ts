import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRegistry } from "@gramscore/registry";
import type { Kind, LazyPlugin, Registry } from "@gramscore/registry";
import { usePlugins, type LoadedPlugin } from "@gramscore/registry/node";

type Manifest = Record<string, { tokenizers: string[]; metrics: string[] } | null>;

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
  const match = /^@gramscore\/(metric|tokenizer)-(.+)$/.exec(name);
  const kind = match?.[1] === "metric" ? "metric" : "tokenizer";
  const short = match?.[2] ?? name;
  // Hints only: which names to look for in this package first.
  const known = manifest()?.[name];
  const provides = known ?? (kind === "metric" ? { metrics: [short], tokenizers: [] } : { tokenizers: [short], metrics: [] });
  return { name, load, optional: true, kinds: [kind], provides };
}

/**
 * The plugins of the installed @gramscore packages, each imported only when one of its names is
 * needed. A package that is missing or exports no plugin yet is skipped.
 */
export function builtinPlugins(): LazyPlugin[] {
  return [
    builtin("@gramscore/tokenizer-whitespace", () => import("@gramscore/tokenizer-whitespace")),
    builtin("@gramscore/tokenizer-punctuation", () => import("@gramscore/tokenizer-punctuation")),
    builtin("@gramscore/tokenizer-sacrebleu", () => import("@gramscore/tokenizer-sacrebleu")),
    builtin("@gramscore/tokenizer-subword", () => import("@gramscore/tokenizer-subword")),
    builtin("@gramscore/metric-bleu", () => import("@gramscore/metric-bleu")),
    builtin("@gramscore/metric-rouge", () => import("@gramscore/metric-rouge")),
    builtin("@gramscore/metric-chrf", () => import("@gramscore/metric-chrf")),
    builtin("@gramscore/metric-ter", () => import("@gramscore/metric-ter")),
    builtin("@gramscore/metric-wer", () => import("@gramscore/metric-wer")),
    builtin("@gramscore/metric-gleu", () => import("@gramscore/metric-gleu")),
    builtin("@gramscore/metric-nist", () => import("@gramscore/metric-nist")),
    builtin("@gramscore/tokenizer-treebank", () => import("@gramscore/tokenizer-treebank")),
    // METEOR with WordNet synonyms by default, as NLTK (--meteor-synonyms none turns the stage off).
    builtin("@gramscore/metric-meteor", async () => {
      const [meteor, wordnet] = await Promise.all([import("@gramscore/metric-meteor"), import("@gramscore/wordnet")]);
      return { default: meteor.meteorPlugin({ providers: { wordnet: wordnet.wordnet }, defaultSynonyms: "wordnet" }) };
    }),
  ];
}

/** The hint appended to unknown-name errors in the CLI. */
export function cliHint(kind: Kind, name: string): string {
  const example = kind === "metric" ? `@gramscore/metric-${name} or gramscore-plugin-${name}` : `gramscore-plugin-${name}`;
  return (
    `If it comes from a plugin package, install it (for example npm install ${example}) and load it with --plugin ${name} ` +
    `(or list it under "plugins" in gramscore.config.json). \`gramscore list\` shows what is installed.`
  );
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
  /** The built-in plugins; default {@link builtinPlugins}. */
  builtins?: readonly LazyPlugin[];
}

/**
 * A registry with the user's plugins loaded (resolved from `cwd` first, then from where the CLI is
 * installed) and the built-in plugins registered lazily. User plugins take precedence over
 * built-ins of the same name.
 */
export async function createCliRegistry(options: CliRegistryOptions): Promise<{ registry: Registry; loaded: LoadedPlugin[] }> {
  const registry = createRegistry({ hint: cliHint });
  for (const lazy of options.builtins ?? builtinPlugins()) registry.useLazy(lazy);
  const unique = [...new Set(options.plugins)];
  const loaded = await usePlugins(registry, unique, { cwd: options.cwd, paths: [cliDir()] });
  return { registry, loaded };
}
