import type { TokenizerLike } from "@gramscore/core";

/**
 * A tokenizer argument (`tokenizer` of `bleu`, `google_bleu` and `rouge`): HF evaluate takes a
 * function `text => tokens`; a gramscore Tokenizer (or an object with `tokenize(text)`) and, for
 * `bleu` and `google_bleu`, a tokenizer name (`13a`, `intl`, `zh`, `char`, `none`, …) work too.
 */
export type TokenizerArg = TokenizerLike | string;

/** The references of `bleu`, `sacrebleu`, `google_bleu`, `rouge`, `chrf`, `ter` and `meteor`: one string per prediction, or a list of strings per prediction. */
export type References = readonly string[] | readonly (readonly string[])[];

/** HF `bleu`'s arguments (TF-NMT's `compute_bleu`). */
export interface BleuArgs {
  /** Highest n-gram order. Default 4. */
  max_order?: number;
  /** Add one to the matches and possible matches of every order (Lin et al. 2004). Default false. */
  smooth?: boolean;
  /** Default: evaluate's `Tokenizer13a` (sacrebleu's 13a on the text as given). */
  tokenizer?: TokenizerArg | null;
}

/** HF `sacrebleu`'s arguments (sacrebleu's `corpus_bleu`). */
export interface SacrebleuArgs {
  /** `exp` (default), `floor`, `add-k` or `none`. */
  smooth_method?: "exp" | "floor" | "add-k" | "none";
  /** The value of `floor` (default 0.1) or `add-k` (default 1); `null` for the default. */
  smooth_value?: number | null;
  /** Accepted as HF does; it only silences a sacrebleu warning and changes no number. Default false. */
  force?: boolean;
  /** Case-insensitive BLEU. Default false. */
  lowercase?: boolean;
  /** `13a` (default when `null`), `intl`, `zh`, `char`, `none`, or any name a gramscore registry knows. */
  tokenize?: string | null;
  /** Leave out orders with no match (for sentence-level BLEU). Default false. */
  use_effective_order?: boolean;
}

/** HF `google_bleu`'s arguments (NLTK's `corpus_gleu`). */
export interface GoogleBleuArgs {
  /** Default: evaluate's `Tokenizer13a`. */
  tokenizer?: TokenizerArg | null;
  /** Shortest n-gram counted. Default 1. */
  min_len?: number;
  /** Longest n-gram counted. Default 4. */
  max_len?: number;
}

/** HF `rouge`'s arguments (rouge-score's `RougeScorer`). */
export interface RougeArgs {
  /** Default `["rouge1", "rouge2", "rougeL", "rougeLsum"]`; `rouge1` … `rouge9`, `rougeL`, `rougeLsum`. */
  rouge_types?: readonly string[] | null;
  /** true (default): one number per type (here the mean, see the README); false: one list per type. */
  use_aggregator?: boolean;
  /** Porter-stem tokens longer than 3 characters (ignored with a `tokenizer`, as in rouge-score). Default false. */
  use_stemmer?: boolean;
  /** Default: rouge-score's tokenizer (lowercase, `[a-z0-9]` runs). */
  tokenizer?: TokenizerArg | null;
}

/** HF `chrf`'s arguments (sacrebleu's `CHRF`). */
export interface ChrfArgs {
  /** Character n-gram order. Default 6. */
  char_order?: number;
  /** Word n-gram order (2 is chrF++). Default 0. */
  word_order?: number;
  /** Weight of recall. Default 2. */
  beta?: number;
  /** Case-insensitive. Default false. */
  lowercase?: boolean;
  /** Keep whitespace in character n-grams. Default false. */
  whitespace?: boolean;
  /** chrF++.py / NLTK / Moses-style epsilon smoothing. Default false. */
  eps_smoothing?: boolean;
}

/** HF `ter`'s arguments (sacrebleu's `TER`). */
export interface TerArgs {
  /** tercom's normalization and tokenization. Default false. */
  normalized?: boolean;
  /** Remove punctuation. Default false. */
  ignore_punct?: boolean;
  /** With `normalized`: split Chinese and Japanese characters. Default false. */
  support_zh_ja_chars?: boolean;
  /** Case-sensitive. Default false (HF's and sacrebleu's default: case-insensitive). */
  case_sensitive?: boolean;
}

/** HF `meteor`'s arguments (NLTK's `meteor_score`). */
export interface MeteorArgs {
  /** Relative weight of precision and recall. Default 0.9. */
  alpha?: number;
  /** Shape of the fragmentation penalty. Default 3. */
  beta?: number;
  /** Weight of the fragmentation penalty. Default 0.5. */
  gamma?: number;
}

/** HF `character`'s arguments. */
export interface CharacterArgs {
  /** How the per-prediction scores make `cer_score`: `mean` (default), `sum` or `median`. */
  aggregate?: "mean" | "sum" | "median";
  /** Also return every prediction's score as `cer_scores`. Default false. */
  return_all_scores?: boolean;
}

/** HF `character`'s dictionary. */
export interface CharacterOutput {
  /** The aggregated characTER (0–1, lower is better). */
  cer_score: number;
  /** Every prediction's score (the lowest over its references), with `return_all_scores`. */
  cer_scores?: number[];
}

/** HF `wer`'s and `cer`'s argument. */
export interface ErrorRateArgs {
  /** Accepted as HF does; with jiwer 3 both ways give the same number. Default false. */
  concatenate_texts?: boolean;
}

/** HF `bleu`'s dictionary, in its key order (0–1 scale). */
export interface BleuOutput {
  bleu: number;
  precisions: number[];
  brevity_penalty: number;
  length_ratio: number;
  translation_length: number;
  reference_length: number;
}

/** HF `sacrebleu`'s dictionary, in its key order (0–100 scale; precisions in percent). */
export interface SacrebleuOutput {
  score: number;
  counts: number[];
  totals: number[];
  precisions: number[];
  bp: number;
  sys_len: number;
  ref_len: number;
}

/** HF `google_bleu`'s dictionary. */
export interface GoogleBleuOutput {
  google_bleu: number;
}

/**
 * HF `rouge`'s dictionary: one key per requested type, in the order of `rouge_types` (by default
 * `rouge1`, `rouge2`, `rougeL`, `rougeLsum`): the F-measure, a number with `use_aggregator` (the
 * default), a list with one number per prediction without.
 */
export type RougeOutput = Record<string, number | number[]>;

/** HF `chrf`'s dictionary, in its key order. */
export interface ChrfOutput {
  score: number;
  char_order: number;
  word_order: number;
  beta: number;
}

/** HF `ter`'s dictionary, in its key order. */
export interface TerOutput {
  score: number;
  num_edits: number;
  ref_length: number;
}

/** HF `meteor`'s dictionary. */
export interface MeteorOutput {
  meteor: number;
}

/** HF `squad`'s dictionary. */
export interface SquadOutput {
  exact_match: number;
  f1: number;
}

/** HF `squad_v2`'s dictionary (the `HasAns_*` and `NoAns_*` keys only when such questions exist). */
export interface SquadV2Output {
  exact: number;
  f1: number;
  total: number;
  HasAns_exact?: number;
  HasAns_f1?: number;
  HasAns_total?: number;
  NoAns_exact?: number;
  NoAns_f1?: number;
  NoAns_total?: number;
  best_exact: number;
  best_exact_thresh: number;
  best_f1: number;
  best_f1_thresh: number;
}

/** HF `squad_v2`'s argument. */
export interface SquadV2Args {
  /** Above this no-answer probability a question is answered with no answer. Default 1.0. */
  no_answer_threshold?: number | null;
}

/** HF `sari`'s dictionary. */
export interface SariOutput {
  sari: number;
}

/** HF `sari`'s argument: the sentence each prediction simplifies (required). */
export interface SariArgs {
  sources: readonly string[];
}

/** A SQuAD reference as HF's features hold it. */
export interface SquadReference {
  id: string;
  answers: { text: readonly string[]; answer_start?: readonly number[] };
}

/** Each name's arguments (besides `predictions` and `references`). */
export interface MetricArgs {
  bleu: BleuArgs;
  sacrebleu: SacrebleuArgs;
  google_bleu: GoogleBleuArgs;
  rouge: RougeArgs;
  chrf: ChrfArgs;
  ter: TerArgs;
  meteor: MeteorArgs;
  wer: ErrorRateArgs;
  cer: ErrorRateArgs;
  squad: Record<never, never>;
  squad_v2: SquadV2Args;
  sari: SariArgs;
  character: CharacterArgs;
}

/** What each name's `compute` returns. `wer` and `cer` return a number, as HF does. */
export interface MetricOutputs {
  bleu: BleuOutput;
  sacrebleu: SacrebleuOutput;
  google_bleu: GoogleBleuOutput;
  rouge: RougeOutput;
  chrf: ChrfOutput;
  ter: TerOutput;
  meteor: MeteorOutput;
  wer: number;
  cer: number;
  squad: SquadOutput;
  squad_v2: SquadV2Output;
  sari: SariOutput;
  character: CharacterOutput;
}

/** The names `load` knows (HF evaluate's metric names). */
export type MetricName = keyof MetricOutputs;

/** The names `load` returns synchronously (METEOR needs WordNet: `loadAsync` or `@gramscore/evaluate/meteor`). */
export type SyncMetricName = Exclude<MetricName, "meteor">;

/** `compute`'s argument for a name: `predictions`, `references` and that metric's options. */
export type ComputeArgs<N extends MetricName> = {
  /** The texts to score (`squad`: `{ id, prediction_text }`; `squad_v2`: also `no_answer_probability`). */
  predictions: N extends "squad" ? readonly { id: string; prediction_text: string }[] : N extends "squad_v2" ? readonly { id: string; prediction_text: string; no_answer_probability: number }[] : readonly string[];
  /** `wer` and `cer`: one reference string per prediction; `squad`, `squad_v2`: SQuAD records; the others: a string or a list of strings per prediction. */
  references: N extends "wer" | "cer" ? readonly string[] : N extends "squad" | "squad_v2" ? readonly SquadReference[] : References;
} & MetricArgs[N];

/** What `load(name)` returns: HF evaluate's `EvaluationModule`, reduced to what computing needs. */
export interface EvaluationModule<N extends MetricName = MetricName> {
  /** The HF evaluate name. */
  readonly name: N;
  /** One line on what the metric is and which library's numbers it gives. */
  readonly description: string;
  /** Every argument `compute` accepts, in HF's order: `predictions`, `references`, then the options. */
  readonly arguments: readonly string[];
  /** The options' defaults (HF's; `null` stands for Python's `None`). */
  readonly defaults: Readonly<Record<string, unknown>>;
  /**
   * HF's `compute(predictions=..., references=..., **kwargs)`: the same argument names, the same
   * dictionary (keys in HF's order).
   * @throws GramscoreError `INVALID_OPTION` (unknown argument or bad value), `INVALID_TYPE`,
   * `LENGTH_MISMATCH`, `EMPTY_INPUT`, and the metric's own errors.
   */
  compute(args: ComputeArgs<N>): MetricOutputs[N];
}
