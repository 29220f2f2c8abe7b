import { describeValue, invalidOption, resolveOptions } from "@gramscore/core";
import type { OptionRule, OptionRules, OptionSpec, TokenizerLike } from "@gramscore/core";

/**
 * Where METEOR's synonym stage finds synonyms: `synonyms(word)` gives the names NLTK 3.8 collects as
 * `chain.from_iterable(s.lemma_names() for s in wordnet.synsets(word))` (METEOR keeps those without
 * `_` and adds the word itself). `@gramscore/wordnet` exports `wordnet`, WordNet 3.0 as NLTK reads it.
 * The word passed is the lowercased, stemmed token (NLTK looks synonyms up after its stem stage).
 */
export interface SynonymProvider {
  /** A short name for the signature (`syn:<name>`), e.g. `wordnet-3.0`. */
  readonly name: string;
  /** The synonyms of `word` (any iterable of strings). */
  synonyms(word: string): Iterable<string>;
}

/** Options of METEOR (NLTK 3.8's `meteor_score` arguments, in camelCase). */
export interface MeteorOptions {
  /** Relative weight of precision and recall in the F-mean (NLTK `alpha`). Default 0.9. */
  alpha?: number;
  /** Shape of the fragmentation penalty (NLTK `beta`). Default 3. */
  beta?: number;
  /** Weight of the fragmentation penalty (NLTK `gamma`). Default 0.5. */
  gamma?: number;
  /**
   * How texts become the token lists NLTK's METEOR takes: a registry tokenizer name, a Tokenizer,
   * a function or an object with `tokenize`. Built in: `whitespace` (alias `none`: Python's
   * `str.split()`, the default) and `treebank` (NLTK's `word_tokenize` without Punkt sentence
   * splitting, from `@gramscore/tokenizer-treebank`).
   */
  tokenize?: string | TokenizerLike;
  /** The stem stage: `porter` (NLTK's `PorterStemmer()`, the default) or `none` (skipped). */
  stemmer?: "porter" | "none";
  /**
   * The synonym stage: a {@link SynonymProvider} (NLTK's default is WordNet: pass `wordnet` from
   * `@gramscore/wordnet`), or `null` / `"none"` to skip the stage (the default here, so that this
   * package never pulls WordNet's data in by itself).
   */
  synonyms?: SynonymProvider | null | "none";
}

/** {@link MeteorOptions} with every default filled in. */
export interface ResolvedMeteorOptions {
  /** Precision/recall weight. */
  readonly alpha: number;
  /** Penalty shape. */
  readonly beta: number;
  /** Penalty weight. */
  readonly gamma: number;
  /** The tokenizer option (resolved when the metric is created). */
  readonly tokenize: string | TokenizerLike;
  /** Stem stage on or off. */
  readonly stemmer: "porter" | "none";
  /** The synonym provider, or null for none. */
  readonly synonyms: SynonymProvider | null;
}

/** NLTK 3.8's defaults. */
export const METEOR_DEFAULTS = { alpha: 0.9, beta: 3, gamma: 0.5, tokenize: "whitespace", stemmer: "porter" } as const;

/**
 * The options of the `meteor` descriptor (the CLI prefixes `meteor-`: `--meteor-alpha`,
 * `--meteor-beta`, `--meteor-gamma`, `--meteor-stemmer`, `--meteor-synonyms`; the tokenizer is the
 * common `--tokenize`).
 */
export const meteorOptionSpecs: readonly OptionSpec[] = [
  { key: "alpha", flag: "alpha", type: "number", description: "weight of precision against recall in the F-mean", default: 0.9 },
  { key: "beta", flag: "beta", type: "number", description: "shape of the fragmentation penalty", default: 3 },
  { key: "gamma", flag: "gamma", type: "number", description: "weight of the fragmentation penalty", default: 0.5 },
  { key: "stemmer", flag: "stemmer", type: "string", choices: ["porter", "none"], description: "stem stage: NLTK's Porter stemmer or none", default: "porter" },
  { key: "tokenize", flag: "tokenize", type: "string", description: "tokenizer: whitespace (str.split, NLTK's usual input), treebank, or any registry name", default: "whitespace" },
];

function readSynonyms(value: unknown): SynonymProvider | null {
  if (value === undefined || value === null || value === "none") return null;
  if (
    typeof value === "object" &&
    typeof (value as { synonyms?: unknown }).synonyms === "function" &&
    typeof (value as { name?: unknown }).name === "string"
  ) {
    return value as SynonymProvider;
  }
  throw invalidOption(
    `METEOR option synonyms must be a synonym provider { name, synonyms(word) } (for WordNet: the wordnet export of the @gramscore/wordnet package) ` +
      `or "none", but got ${describeValue(value)}.`,
    "synonyms",
  );
}

/** A weight: a finite number, or a numeric string (as a command line gives it). */
function weight(key: "alpha" | "beta" | "gamma"): OptionRule {
  const spec = meteorOptionSpecs.find((s) => s.key === key)!;
  return { ...spec, numericString: true, expected: `a finite number (NLTK's default is ${METEOR_DEFAULTS[key]})` };
}

const RULES: OptionRules = {
  metric: "METEOR",
  example: "{ alpha: 0.9 }",
  rules: [
    weight("alpha"),
    weight("beta"),
    weight("gamma"),
    { key: "tokenize", type: "string", read: (value) => value ?? METEOR_DEFAULTS.tokenize },
    { ...meteorOptionSpecs[3]!, expected: `"porter" (NLTK's PorterStemmer) or "none"` },
    { key: "synonyms", type: "string", read: readSynonyms },
  ],
};

/**
 * Checks METEOR options and fills in the defaults.
 * @throws GramscoreError `INVALID_OPTION` naming the option, what it must be and what came.
 */
export function resolveMeteorOptions(options: MeteorOptions | undefined): ResolvedMeteorOptions {
  return resolveOptions<ResolvedMeteorOptions>(options, RULES);
}
