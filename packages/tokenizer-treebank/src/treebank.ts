import { ErrorCode, GramscoreError, PYTHON_WHITESPACE_CLASS, assertText, describeValue, pySplit } from "@gramscore/core";
import type { Tokenizer } from "@gramscore/core";

/*
 * NLTK 3.8's NLTKWordTokenizer (nltk/tokenize/destructive.py) as JavaScript regular expressions.
 * Python's `re` on str patterns is Unicode-aware where JavaScript's is not, so:
 *   \w  -> [\p{L}\p{N}_]          (Python: str.isalnum() or "_")
 *   \d  -> \p{Nd}                  (Python: str.isdecimal())
 *   \s  -> Python's whitespace     (str.isspace(): adds U+001C–001F and U+0085, lacks U+FEFF)
 *   \b  -> look-arounds on that \w
 *   $   -> (?=\n?$)                (Python's $ also matches before a final newline)
 * and (?i) becomes the `iu` flags (Unicode case folding, as Python's IGNORECASE on str).
 */
const W = "[\\p{L}\\p{N}_]";
const NOT_W_AFTER = `(?!${W})`;
const NOT_W_BEFORE = `(?<!${W})`;
const S = `[${PYTHON_WHITESPACE_CLASS}]`;
const END = "(?=\\n?$)";

type Rule = readonly [RegExp, string];

const rx = (source: string, flags = ""): RegExp => new RegExp(source, `gu${flags}`);

const STARTING_QUOTES: readonly Rule[] = [
  [rx("([«“‘„]|[`]+)"), " $1 "],
  [rx('^"'), "``"],
  [rx("(``)"), " $1 "],
  [rx("([ \\(\\[{<])(\"|'{2})"), "$1 `` "],
  [rx(`(')(?!re|ve|ll|m|t|s|d|n)(${W})${NOT_W_AFTER}`, "i"), "$1 $2"],
];

const ENDING_QUOTES: readonly Rule[] = [
  [rx("([»”’])"), " $1 "],
  [rx("''"), " '' "],
  [rx('"'), " '' "],
  [rx("([^' ])('[sS]|'[mM]|'[dD]|') "), "$1 $2 "],
  [rx("([^' ])('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) "), "$1 $2 "],
];

const PUNCTUATION: readonly Rule[] = [
  [rx(`([^\\.])(\\.)([\\]\\)}>"'»”’ ]*)${S}*${END}`), "$1 $2 $3 "],
  [rx("([:,])([^\\p{Nd}])"), " $1 $2"],
  [rx(`([:,])${END}`), " $1 "],
  [rx("\\.{2,}"), " $& "],
  [rx("[;@#$%&]"), " $& "],
  [rx(`([^\\.])(\\.)([\\]\\)}>"']*)${S}*${END}`), "$1 $2$3 "],
  [rx("[?!]"), " $& "],
  [rx("([^'])' "), "$1 ' "],
  [rx("[*]"), " $& "],
];

const PARENS_BRACKETS: Rule = [rx("[\\]\\[\\(\\)\\{\\}<>]"), " $& "];

const CONVERT_PARENTHESES: readonly Rule[] = [
  [rx("\\("), "-LRB-"],
  [rx("\\)"), "-RRB-"],
  [rx("\\["), "-LSB-"],
  [rx("\\]"), "-RSB-"],
  [rx("\\{"), "-LCB-"],
  [rx("\\}"), "-RCB-"],
];

const DOUBLE_DASHES: Rule = [rx("--"), " -- "];

// Robert MacIntyre's contractions (NLTK's MacIntyreContractions.CONTRACTIONS2 / CONTRACTIONS3).
const CONTRACTIONS2: readonly RegExp[] = [
  rx(`${NOT_W_BEFORE}(can)(not)${NOT_W_AFTER}`, "i"),
  rx(`${NOT_W_BEFORE}(d)('ye)${NOT_W_AFTER}`, "i"),
  rx(`${NOT_W_BEFORE}(gim)(me)${NOT_W_AFTER}`, "i"),
  rx(`${NOT_W_BEFORE}(gon)(na)${NOT_W_AFTER}`, "i"),
  rx(`${NOT_W_BEFORE}(got)(ta)${NOT_W_AFTER}`, "i"),
  rx(`${NOT_W_BEFORE}(lem)(me)${NOT_W_AFTER}`, "i"),
  rx(`${NOT_W_BEFORE}(more)('n)${NOT_W_AFTER}`, "i"),
  rx(`${NOT_W_BEFORE}(wan)(na)(?=${S})`, "i"),
];
const CONTRACTIONS3: readonly RegExp[] = [rx(` ('t)(is)${NOT_W_AFTER}`, "i"), rx(` ('t)(was)${NOT_W_AFTER}`, "i")];

/** Options of the Treebank tokenizer. */
export interface TreebankOptions {
  /** Replace brackets by PTB symbols (`(` → `-LRB-`, …), NLTK's `convert_parentheses`. Default false. */
  convertParentheses?: boolean;
}

/** The Treebank tokenizer. */
export interface TreebankTokenizer extends Tokenizer {
  readonly name: "treebank";
  /** `treebank`, or `treebank+ptb-parens` with `convertParentheses`. */
  readonly signature: string;
  tokenize(text: string): string[];
}

/**
 * NLTK 3.8's `NLTKWordTokenizer().tokenize(text)`: the improved Treebank tokenizer that
 * `nltk.word_tokenize` applies to each sentence, here applied to the whole text (as
 * `word_tokenize(text, preserve_line=True)`; Punkt's sentence splitting is not included).
 * @throws GramscoreError `INVALID_TYPE` for a non-string, `LONE_SURROGATE` for broken UTF-16.
 * @example treebankTokenize("They'll pay $3.88, won't they?"); // ["They", "'ll", "pay", "$", "3.88", ",", "wo", "n't", "they", "?"]
 */
export function treebankTokenize(text: string, options: TreebankOptions = {}): string[] {
  assertText(text, "The text");
  let t = text;
  for (const [re, sub] of STARTING_QUOTES) t = t.replace(re, sub);
  for (const [re, sub] of PUNCTUATION) t = t.replace(re, sub);
  t = t.replace(PARENS_BRACKETS[0], PARENS_BRACKETS[1]);
  if (options.convertParentheses === true) for (const [re, sub] of CONVERT_PARENTHESES) t = t.replace(re, sub);
  t = t.replace(DOUBLE_DASHES[0], DOUBLE_DASHES[1]);
  t = ` ${t} `;
  for (const [re, sub] of ENDING_QUOTES) t = t.replace(re, sub);
  for (const re of CONTRACTIONS2) t = t.replace(re, " $1 $2 ");
  for (const re of CONTRACTIONS3) t = t.replace(re, " $1 $2 ");
  return pySplit(t);
}

/**
 * Creates the Treebank tokenizer (see {@link treebankTokenize}).
 * @throws GramscoreError `INVALID_OPTION` for unknown or mistyped options.
 */
export function createTreebank(options: TreebankOptions = {}): TreebankTokenizer {
  if (options === null || typeof options !== "object" || Array.isArray(options)) {
    throw new GramscoreError(ErrorCode.INVALID_OPTION, `Options of the treebank tokenizer must be an object such as { convertParentheses: true }, but got ${describeValue(options)}.`);
  }
  for (const key of Object.keys(options)) {
    if (key !== "convertParentheses") {
      throw new GramscoreError(ErrorCode.INVALID_OPTION, `Unknown option "${key}" of the treebank tokenizer. Known options: convertParentheses.`, { details: { option: key } });
    }
  }
  const convert = options.convertParentheses ?? false;
  if (typeof convert !== "boolean") {
    throw new GramscoreError(ErrorCode.INVALID_OPTION, `Option convertParentheses of the treebank tokenizer must be true or false, but got ${describeValue(convert)}.`, {
      details: { option: "convertParentheses" },
    });
  }
  const opts = { convertParentheses: convert };
  return {
    name: "treebank",
    signature: convert ? "treebank+ptb-parens" : "treebank",
    tokenize: (text: string) => treebankTokenize(text, opts),
  };
}
