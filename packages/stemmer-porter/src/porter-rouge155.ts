import { BoundedCache, ErrorCode, GramscoreError, describeValue, readCacheSize } from "@gramscore/core";
import { STEM_CACHE_SIZE } from "./porter.js";
import type { Stemmer } from "./porter.js";

/*
 * The Porter stemmer built into ROUGE-1.5.5.pl: Martin Porter's regular-expression Perl version
 * ("Release 1"), with Chin-Yew Lin's change of 2004-02-14 to step 4 (a word ending in -ement is not
 * tried again with -ment and -ent as one alternative; instead -ment and -ent are tried afterwards on
 * what is left). Its conditions are regular expressions over a crude consonant/vowel model ([aeiou] are
 * vowels, y is a vowel after a consonant run), so it differs from NLTK's stemmer in places. The
 * patterns below have the same meaning in JavaScript as in Perl for the strings this code sees
 * (no line breaks), including leftmost-match and backtracking behaviour.
 */
const cons = "[^aeiou]";
const vowel = "[aeiouy]";
const CONS_SEQ = `${cons}[^aeiouy]*`;
const VOWEL_SEQ = `${vowel}[aeiou]*`;

/** [C]VC... : m > 0. */
const MGR0 = new RegExp(`^(?:${CONS_SEQ})?${VOWEL_SEQ}${CONS_SEQ}`);
/** [C]VC[V] : m = 1. */
const MEQ1 = new RegExp(`^(?:${CONS_SEQ})?${VOWEL_SEQ}${CONS_SEQ}(?:${VOWEL_SEQ})?$`);
/** [C]VCVC... : m > 1. */
const MGR1 = new RegExp(`^(?:${CONS_SEQ})?${VOWEL_SEQ}${CONS_SEQ}${VOWEL_SEQ}${CONS_SEQ}`);
/** A vowel in the stem. */
const HAS_VOWEL = new RegExp(`^(?:${CONS_SEQ})?${vowel}`);
/** The whole word is C v c with the last not w, x, y (the restore-e test). */
const SHORT_CVC = new RegExp(`^${CONS_SEQ}${vowel}[^aeiouwxy]$`);

const STEP1A_ES = /(ss|i)es$/;
const STEP1A_S = /([^s])s$/;
const STEP1B_ED_ING = /(ed|ing)$/;
const STEP1B_AT_BL_IZ = /(at|bl|iz)$/;
const STEP1B_DOUBLE = /([^aeiouylsz])\1$/;
const STEP2 = /(ational|tional|enci|anci|izer|bli|alli|entli|eli|ousli|ization|ation|ator|alism|iveness|fulness|ousness|aliti|iviti|biliti|logi)$/;
const STEP3 = /(icate|ative|alize|iciti|ical|ful|ness)$/;
const STEP4 = /(al|ance|ence|er|ic|able|ible|ant|ement|ou|ism|ate|iti|ous|ive|ize)$/;
const STEP4_ION = /(s|t)(ion)$/;

const STEP2_MAP: Readonly<Record<string, string>> = {
  ational: "ate",
  tional: "tion",
  enci: "ence",
  anci: "ance",
  izer: "ize",
  bli: "ble",
  alli: "al",
  entli: "ent",
  eli: "e",
  ousli: "ous",
  ization: "ize",
  ation: "ate",
  ator: "ate",
  alism: "al",
  iveness: "ive",
  fulness: "ful",
  ousness: "ous",
  aliti: "al",
  iviti: "ive",
  biliti: "ble",
  logi: "log",
};

const STEP3_MAP: Readonly<Record<string, string>> = {
  icate: "ic",
  ative: "",
  alize: "al",
  iciti: "ic",
  ical: "ic",
  ful: "",
  ness: "",
};

/**
 * Stems one word exactly as ROUGE-1.5.5.pl's built-in `stem()` does (the `-m` option, after the
 * WordNet exception lookup). Words shorter than 3 characters come back unchanged; the input is
 * expected in lowercase, as ROUGE-1.5.5 passes it (uppercase letters count as consonants). No cache.
 * @throws GramscoreError `INVALID_TYPE` when `word` is not a string.
 */
export function rouge155PorterStem(word: string): string {
  if (typeof word !== "string") {
    throw new GramscoreError(ErrorCode.INVALID_TYPE, `rouge155PorterStem expects a string word, but got ${describeValue(word)}.`);
  }
  return stemRouge155(word);
}

function stemRouge155(word: string): string {
  if (word.length < 3) return word;
  let w = word;
  // An initial y is written Y so that the patterns never take it for a vowel.
  const initialY = w.charCodeAt(0) === 121;
  if (initialY) w = "Y" + w.slice(1);
  let m: RegExpExecArray | null;

  // Step 1a
  if ((m = STEP1A_ES.exec(w)) !== null) w = w.slice(0, m.index) + m[1];
  else if ((m = STEP1A_S.exec(w)) !== null) w = w.slice(0, m.index) + m[1];

  // Step 1b
  if (w.endsWith("eed")) {
    if (MGR0.test(w.slice(0, -3))) w = w.slice(0, -1);
  } else if ((m = STEP1B_ED_ING.exec(w)) !== null) {
    const stem = w.slice(0, m.index);
    if (HAS_VOWEL.test(stem)) {
      w = stem;
      if (STEP1B_AT_BL_IZ.test(w)) w += "e";
      else if (STEP1B_DOUBLE.test(w)) w = w.slice(0, -1);
      else if (SHORT_CVC.test(w)) w += "e";
    }
  }

  // Step 1c
  if (w.endsWith("y")) {
    const stem = w.slice(0, -1);
    if (HAS_VOWEL.test(stem)) w = stem + "i";
  }

  // Step 2
  if ((m = STEP2.exec(w)) !== null) {
    const stem = w.slice(0, m.index);
    if (MGR0.test(stem)) w = stem + STEP2_MAP[m[1]!]!;
  }

  // Step 3
  if ((m = STEP3.exec(w)) !== null) {
    const stem = w.slice(0, m.index);
    if (MGR0.test(stem)) w = stem + STEP3_MAP[m[1]!]!;
  }

  // Step 4 (three tests in a row on the current word, as modified for ROUGE-1.5.5)
  if ((m = STEP4.exec(w)) !== null) {
    const stem = w.slice(0, m.index);
    if (MGR1.test(stem)) w = stem;
  }
  if (w.endsWith("ment")) {
    const stem = w.slice(0, -4);
    if (MGR1.test(stem)) w = stem;
  }
  if (w.endsWith("ent")) {
    const stem = w.slice(0, -3);
    if (MGR1.test(stem)) w = stem;
  } else if ((m = STEP4_ION.exec(w)) !== null) {
    const stem = w.slice(0, m.index) + m[1];
    if (MGR1.test(stem)) w = stem;
  }

  // Step 5
  if (w.endsWith("e")) {
    const stem = w.slice(0, -1);
    if (MGR1.test(stem) || (MEQ1.test(stem) && !SHORT_CVC.test(stem))) w = stem;
  }
  if (w.endsWith("ll") && MGR1.test(w)) w = w.slice(0, -1);

  if (initialY) w = "y" + w.slice(1);
  return w;
}

/** Options of {@link createRouge155PorterStemmer}. */
export interface Rouge155PorterStemmerOptions {
  /** Most words remembered (the cache is emptied when full); 0 turns the cache off. Default 100,000. */
  cacheSize?: number;
}

/**
 * Creates ROUGE-1.5.5's Porter stemmer (see {@link rouge155PorterStem}) with a bounded cache.
 * @throws GramscoreError `INVALID_OPTION` for a bad cache size.
 */
export function createRouge155PorterStemmer(options: Rouge155PorterStemmerOptions = {}): Stemmer {
  const size = readCacheSize(options.cacheSize, STEM_CACHE_SIZE, (msg) => new GramscoreError(ErrorCode.INVALID_OPTION, msg, { details: { option: "cacheSize" } }));
  if (size === 0) return { name: "porter-rouge155", stem: rouge155PorterStem };
  const cache = new BoundedCache<string>(size, Number.POSITIVE_INFINITY);
  return {
    name: "porter-rouge155",
    stem(word: string): string {
      const hit = cache.get(word);
      if (hit !== undefined) return hit;
      const out = rouge155PorterStem(word);
      cache.set(word, out, 0);
      return out;
    },
  };
}
