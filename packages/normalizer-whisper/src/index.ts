/**
 * openai/whisper's text normalizers (tag v20250625), identical to the Python ones: `BasicTextNormalizer`
 * (with `remove_diacritics` and `split_letters`) and `EnglishTextNormalizer` (contractions, spelled-out
 * numbers, currencies, British spellings), as functions and as {@link Normalizer} objects that metrics
 * take in their `normalize` option (`wer(hyps, [refs], { normalize: whisperEnglish })`).
 */
import { definePlugin } from "@gramscore/core";
import type { Normalizer, Plugin } from "@gramscore/core";

import { basicNormalize, type BasicNormalizerOptions } from "./basic.js";
import { englishNormalize } from "./english.js";
import { VERSION } from "./version.js";

export { VERSION } from "./version.js";
export { basicNormalize, removeSymbols, removeSymbolsAndDiacritics } from "./basic.js";
export type { BasicNormalizerOptions } from "./basic.js";
export { englishNormalize, normalizeEnglishNumbers, normalizeEnglishSpelling } from "./english.js";
export { UNICODE_VERSION } from "./unicode-tables.js";

/**
 * `BasicTextNormalizer(remove_diacritics, split_letters)` as a {@link Normalizer}. Its name and
 * signature are `whisper-basic`, with `+remove-diacritics` and `+split-letters` for the options set.
 */
export function createBasicNormalizer(options: BasicNormalizerOptions = {}): Normalizer {
  const removeDiacritics = options.removeDiacritics === true;
  const splitLetters = options.splitLetters === true;
  const name = `whisper-basic${removeDiacritics ? "+remove-diacritics" : ""}${splitLetters ? "+split-letters" : ""}`;
  const resolved = { removeDiacritics, splitLetters };
  return { name, signature: name, normalize: (text: string) => basicNormalize(text, resolved) };
}

/** `BasicTextNormalizer()`: the normalizer Whisper's papers use for languages other than English (`whisper-basic`). */
export const whisperBasic: Normalizer = /* @__PURE__ */ createBasicNormalizer();

/** `EnglishTextNormalizer()`: the open ASR leaderboard's normalizer for English (`whisper-en`). */
export const whisperEnglish: Normalizer = { name: "whisper-en", signature: "whisper-en", normalize: englishNormalize };

/**
 * Every normalizer of the package, by name: `whisper-en`, `whisper-basic`,
 * `whisper-basic+remove-diacritics`, `whisper-basic+split-letters` and
 * `whisper-basic+remove-diacritics+split-letters`.
 */
export const whisperNormalizers: readonly Normalizer[] = /* @__PURE__ */ (() => [
  whisperEnglish,
  whisperBasic,
  createBasicNormalizer({ removeDiacritics: true }),
  createBasicNormalizer({ splitLetters: true }),
  createBasicNormalizer({ removeDiacritics: true, splitLetters: true }),
])();

/**
 * The package's plugin: registers {@link whisperNormalizers}, so that a registry resolves
 * `normalize: "whisper-en"` (and the CLI's `--normalize whisper-en`).
 */
export const plugin: Plugin = /* @__PURE__ */ definePlugin({ name: "@gramscore/normalizer-whisper", version: VERSION, normalizers: whisperNormalizers });

export default plugin;
