import { ErrorCode, GramscoreError, describeValue, pySplit, pyStrip } from "@gramscore/core";
import type { Tokenizer } from "@gramscore/core";
import { loadIpadic } from "@gramscore/dict-ipadic";
import { Lattice } from "./lattice.js";

/** The signature sacrebleu 2.6.0 prints for this tokenizer (`tok:ja-mecab-0.996-IPA`). */
export const JA_MECAB_SIGNATURE = "ja-mecab-0.996-IPA";

let lattice: Lattice | undefined;

/**
 * sacrebleu's `TokenizerJaMecab.__call__`: MeCab's `-Owakati` output for `text` with Python's `strip()`
 * applied before and after, i.e. the surfaces of MeCab's best path joined by single spaces. Reads the
 * dictionary on the first call (see @gramscore/dict-ipadic's `loadIpadic`).
 * @example tokenizeJaMecab("ご注文が遅くなって申し訳ありません。") // "ご 注文 が 遅く なっ て 申し訳 あり ませ ん 。"
 * @throws GramscoreError `INVALID_TYPE` when `text` is not a string; the dictionary's `IO_ERROR` when it cannot be read.
 */
export function tokenizeJaMecab(text: string): string {
  if (typeof text !== "string") {
    throw new GramscoreError(ErrorCode.INVALID_TYPE, `The ja-mecab tokenizer expects a string, but got ${describeValue(text)}. Pass the segment's text.`);
  }
  const stripped = pyStrip(text);
  if (stripped === "") return "";
  lattice ??= new Lattice(loadIpadic());
  return pyStrip(lattice.parse(stripped).join(" "));
}

/**
 * A {@link Tokenizer} named `ja-mecab` with sacrebleu's signature: `tokenize(text)` is
 * `tokenizeJaMecab(text)` split on whitespace as Python's `str.split()` does (what sacrebleu's BLEU
 * does with it).
 */
export function createJaMecab(): Tokenizer {
  return {
    name: "ja-mecab",
    signature: JA_MECAB_SIGNATURE,
    tokenize: (text: string) => pySplit(tokenizeJaMecab(text)),
  };
}
