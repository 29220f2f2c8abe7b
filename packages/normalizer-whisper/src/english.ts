/**
 * Whisper's `EnglishTextNormalizer`: contractions and titles, spelled-out numbers to digits
 * (`EnglishNumberNormalizer`), British to American spellings (`EnglishSpellingNormalizer`), then
 * symbols. Integers are BigInts, as Python's are unbounded.
 */
import { isPythonWhitespace, pySplit, pyStrip } from "@gramscore/core";
import { pyLower } from "@gramscore/tokenizer-whitespace";

import { NON_ASCII, removeBracketed, removeSymbolsAndDiacritics } from "./basic.js";
import { SPELLINGS } from "./spelling-data.js";
import { collapseWhitespace, digitValue, pyDigitClass, pyRegex } from "./unicode.js";

const ONES_NAMES = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split(" ");
const TENS_NAMES = "twenty thirty forty fifty sixty seventy eighty ninety".split(" ");
const MULTIPLIER_NAMES = "hundred thousand million billion trillion quadrillion quintillion sextillion septillion octillion nonillion decillion".split(" ");

type Suffixed = readonly [bigint, string];

/** The word lists of the number normalizer, built once. */
interface Words {
  readonly zeros: ReadonlySet<string>;
  readonly ones: ReadonlyMap<string, bigint>;
  readonly onesSuffixed: ReadonlyMap<string, Suffixed>;
  readonly tens: ReadonlyMap<string, bigint>;
  readonly tensSuffixed: ReadonlyMap<string, Suffixed>;
  readonly multipliers: ReadonlyMap<string, bigint>;
  readonly multipliersSuffixed: ReadonlyMap<string, Suffixed>;
  readonly decimals: ReadonlySet<string>;
  readonly preceding: ReadonlyMap<string, string>;
  readonly following: ReadonlyMap<string, string>;
  readonly prefixes: ReadonlySet<string>;
  readonly specials: ReadonlySet<string>;
  readonly all: ReadonlySet<string>;
}

function buildWords(): Words {
  const zeros = new Set(["o", "oh", "zero"]);
  const ones = new Map(ONES_NAMES.map((name, i) => [name, BigInt(i + 1)] as const));
  const onesSuffixed = new Map<string, Suffixed>();
  for (const [name, v] of ones) onesSuffixed.set(name === "six" ? "sixes" : `${name}s`, [v, "s"]);
  const irregular: [string, number, string][] = [
    ["zeroth", 0, "th"],
    ["first", 1, "st"],
    ["second", 2, "nd"],
    ["third", 3, "rd"],
    ["fifth", 5, "th"],
    ["twelfth", 12, "th"],
  ];
  for (const [name, v, suffix] of irregular) onesSuffixed.set(name, [BigInt(v), suffix]);
  for (const [name, v] of ones) {
    if (v > 3n && v !== 5n && v !== 12n) onesSuffixed.set(name + (name.endsWith("t") ? "h" : "th"), [v, "th"]);
  }
  const tens = new Map(TENS_NAMES.map((name, i) => [name, BigInt((i + 2) * 10)] as const));
  const tensSuffixed = new Map<string, Suffixed>();
  for (const [name, v] of tens) tensSuffixed.set(name.replace("y", "ies"), [v, "s"]);
  for (const [name, v] of tens) tensSuffixed.set(name.replace("y", "ieth"), [v, "th"]);
  const multipliers = new Map(MULTIPLIER_NAMES.map((name, i) => [name, i === 0 ? 100n : 1000n ** BigInt(i)] as const));
  const multipliersSuffixed = new Map<string, Suffixed>();
  for (const [name, v] of multipliers) multipliersSuffixed.set(`${name}s`, [v, "s"]);
  for (const [name, v] of multipliers) multipliersSuffixed.set(`${name}th`, [v, "th"]);
  const decimals = new Set([...ones.keys(), ...tens.keys(), ...zeros]);
  const preceding = new Map([
    ["minus", "-"],
    ["negative", "-"],
    ["plus", "+"],
    ["positive", "+"],
  ]);
  const following = new Map([
    ["pound", "£"],
    ["pounds", "£"],
    ["euro", "€"],
    ["euros", "€"],
    ["dollar", "$"],
    ["dollars", "$"],
    ["cent", "¢"],
    ["cents", "¢"],
  ]);
  const prefixes = new Set([...preceding.values(), ...following.values()]);
  const specials = new Set(["and", "double", "triple", "point"]);
  const all = new Set<string>([
    ...zeros,
    ...ones.keys(),
    ...onesSuffixed.keys(),
    ...tens.keys(),
    ...tensSuffixed.keys(),
    ...multipliers.keys(),
    ...multipliersSuffixed.keys(),
    ...preceding.keys(),
    ...following.keys(),
    "per",
    "percent",
    ...specials,
  ]);
  return { zeros, ones, onesSuffixed, tens, tensSuffixed, multipliers, multipliersSuffixed, decimals, preceding, following, prefixes, specials, all };
}

/** Python's `int` digit-string limit (`sys.get_int_max_str_digits()`, 4300 in 3.11): longer strings raise ValueError. */
const MAX_STR_DIGITS = 4300;

/** `int(s)` for a string of decimal digits (any script), or undefined where Python raises ValueError. */
function pyInt(digits: string): bigint | undefined {
  let n = 0n;
  let count = 0;
  let chunk = 0;
  let chunkLen = 0;
  for (const c of digits) {
    chunk = chunk * 10 + digitValue(c.codePointAt(0)!);
    count++;
    if (++chunkLen === 15) {
      n = n * 10n ** 15n + BigInt(chunk);
      chunk = 0;
      chunkLen = 0;
    }
  }
  if (count > MAX_STR_DIGITS) return undefined;
  return chunkLen === 0 ? n : n * 10n ** BigInt(chunkLen) + BigInt(chunk);
}

/** A fraction num / den (den > 0, not necessarily reduced). */
interface Fraction {
  readonly num: bigint;
  readonly den: bigint;
}

let fractionPattern: RegExp | undefined;

/**
 * `Fraction(s)` of Python 3.11 for the strings the number normalizer builds (no `/`, `_` or
 * exponent ever occurs in them), or undefined where it raises ValueError. The decimal part may be
 * empty (`"2."`), as Python's pattern allows.
 */
function toFraction(s: string): Fraction | undefined {
  const d = pyDigitClass();
  fractionPattern ??= pyRegex(`^\\s*([-+]?)(?=[${d}]|\\.[${d}])([${d}]*)(?:\\.([${d}]*))?\\s*$`, "u");
  const m = fractionPattern.exec(s);
  if (m === null) return undefined;
  let num = pyInt(m[2] === "" ? "0" : m[2]!);
  if (num === undefined) return undefined;
  let den = 1n;
  const decimal = m[3];
  if (decimal !== undefined && decimal !== "") {
    const frac = pyInt(decimal);
    if (frac === undefined) return undefined;
    const scale = 10n ** BigInt([...decimal].length);
    num = num * scale + frac;
    den = scale;
  }
  if (m[1] === "-") num = -num;
  return { num, den };
}

/** A value under construction: an integer, a string of digits (and dots, signs), or nothing. */
type Value = bigint | string | null;

/** `str(value or "")` of Python: None, "" and 0 are falsy. */
function orEmpty(value: Value): string {
  return value === null || value === 0n ? "" : String(value);
}

/** Python's floor division and modulo on ints (values here are never negative, but stay exact anyway). */
function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return (a % b !== 0n && (a < 0n) !== (b < 0n)) ? q - 1n : q;
}

function pyMod(a: bigint, b: bigint): bigint {
  const r = a % b;
  return r !== 0n && (r < 0n) !== (b < 0n) ? r + b : r;
}

/** An `AssertionError` of the Python normalizer, which the port raises too (it never occurs on real text). */
function assertEndsWithZero(value: Value): string {
  const s = value as string;
  if (!s.endsWith("0")) throw new Error(`number normalizer: ${JSON.stringify(s)} does not end with 0`);
  return s;
}

let numericWord: RegExp | undefined;

/**
 * Whether the text has a currency symbol or the digit 1 (what `postprocess` looks for). Searches for
 * one character each (the engine's fastest search) rather than a class, here and below.
 */
function hasCurrencyOrOne(s: string): boolean {
  return s.includes("1") || s.includes("$") || s.includes("£") || s.includes("€");
}

/**
 * What {@link processWords} knows of a word on its most frequent path: `undefined` (a word no number
 * rule names and the spelling map does not hold), a string (a British spelling no number rule names:
 * its American form), or null (a word a number rule names).
 */
type WordInfo = string | null | undefined;

/** A {@link WordInfo} lookup: the number rules' words and the spelling map in one map (one lookup per word). */
interface WordTable {
  readonly info: ReadonlyMap<string, string | null>;
  /** The spelling map, for words that the number rules output. */
  readonly spellings: ReadonlyMap<string, string>;
  /** One bit per {@link filterKey} of the words in `info`: a word whose bit is clear is not there (most words, found without hashing them). */
  readonly filter: Uint32Array;
}

/** A word's length (modulo 8), first, second and last character (modulo 32): 18 bits. */
function filterKey(word: string): number {
  return ((word.length & 7) << 15) | ((word.charCodeAt(0) & 31) << 10) | ((word.charCodeAt(1) & 31) << 5) | (word.charCodeAt(word.length - 1) & 31);
}

/**
 * `EnglishNumberNormalizer.process_words`: spelled-out numbers to digits over a list of words. With
 * `spell`, each word of the result is also replaced by its American spelling (what
 * `EnglishSpellingNormalizer` does to the joined result; the same, as each word of the result is one
 * whitespace-free token of it), and `state.post` tells whether a word of the result has a currency
 * symbol or a 1 (without, `postprocess` has nothing to do but for words the caller checks).
 */
function processWords(words: readonly string[], W: Words, spell?: WordTable, state?: { post: boolean }): string[] {
  const out: string[] = [];
  if (words.length === 0) return out;
  numericWord ??= pyRegex("^\\d+(\\.\\d+)?$", "u");
  let prefix: string | null = null;
  let value: Value = null;
  let skip = false;
  const output = (result: Value | string): string => {
    let s = String(result);
    if (prefix !== null) s = prefix + s;
    value = null;
    prefix = null;
    if (spell !== undefined) {
      if (state !== undefined && !state.post && hasCurrencyOrOne(s)) state.post = true;
      return spell.spellings.get(s) ?? s;
    }
    return s;
  };
  for (let i = 0; i < words.length; i++) {
    const prev = i > 0 ? words[i - 1]! : null;
    const current = words[i]!;
    const next = i + 1 < words.length ? words[i + 1]! : null;
    if (skip) {
      skip = false;
      continue;
    }
    const first = current.charCodeAt(0);
    // A word of a lowercase ASCII letter first that no rule names: most words (the branch below for it).
    if (value === null && prefix === null && first >= 97 && first <= 122) {
      if (spell === undefined) {
        if (!W.all.has(current)) {
          out.push(current);
          continue;
        }
      } else {
        const key = filterKey(current);
        const info: WordInfo = (spell.filter[key >>> 5]! & (1 << (key & 31))) === 0 ? undefined : spell.info.get(current);
        if (info !== null) {
          out.push(info ?? current);
          continue;
        }
      }
    }
    const nextIsNumeric = next !== null && numericWord.test(next);
    const hasPrefix = W.prefixes.has(current[0]!);
    const withoutPrefix = hasPrefix ? current.slice(1) : current;
    const prevInOnes = prev !== null && W.ones.has(prev);
    const prevInTens = prev !== null && W.tens.has(prev);
    if (numericWord.test(withoutPrefix)) {
      const f = toFraction(withoutPrefix);
      if (f === undefined) throw new Error(`number normalizer: ${JSON.stringify(withoutPrefix)} is not a number`);
      if (value !== null) {
        if (typeof value === "string" && value.endsWith(".")) {
          value = value + current;
          continue;
        }
        out.push(output(value));
      }
      prefix = hasPrefix ? current[0]! : prefix;
      value = f.num % f.den === 0n ? f.num / f.den : withoutPrefix;
    } else if (!W.all.has(current)) {
      if (value !== null) out.push(output(value));
      out.push(output(current));
    } else if (W.zeros.has(current)) {
      value = `${orEmpty(value)}0`;
    } else if (W.ones.has(current)) {
      const ones = W.ones.get(current)!;
      if (value === null) value = ones;
      else if (typeof value === "string" || prevInOnes) {
        if (prevInTens && ones < 10n) value = assertEndsWithZero(value).slice(0, -1) + String(ones);
        else value = String(value) + String(ones);
      } else if (ones < 10n) {
        value = pyMod(value, 10n) === 0n ? value + ones : String(value) + String(ones);
      } else {
        value = pyMod(value, 100n) === 0n ? value + ones : String(value) + String(ones);
      }
    } else if (W.onesSuffixed.has(current)) {
      const [ones, suffix] = W.onesSuffixed.get(current)!;
      if (value === null) out.push(output(String(ones) + suffix));
      else if (typeof value === "string" || prevInOnes) {
        if (prevInTens && ones < 10n) out.push(output(assertEndsWithZero(value).slice(0, -1) + String(ones) + suffix));
        else out.push(output(String(value) + String(ones) + suffix));
      } else if (ones < 10n) {
        out.push(output(pyMod(value, 10n) === 0n ? String(value + ones) + suffix : String(value) + String(ones) + suffix));
      } else {
        out.push(output(pyMod(value, 100n) === 0n ? String(value + ones) + suffix : String(value) + String(ones) + suffix));
      }
      value = null;
    } else if (W.tens.has(current)) {
      const tens = W.tens.get(current)!;
      if (value === null) value = tens;
      else if (typeof value === "string") value = value + String(tens);
      else value = pyMod(value, 100n) === 0n ? value + tens : String(value) + String(tens);
    } else if (W.tensSuffixed.has(current)) {
      const [tens, suffix] = W.tensSuffixed.get(current)!;
      if (value === null) out.push(output(String(tens) + suffix));
      else if (typeof value === "string") out.push(output(value + String(tens) + suffix));
      else out.push(output(pyMod(value, 100n) === 0n ? String(value + tens) + suffix : String(value) + String(tens) + suffix));
    } else if (W.multipliers.has(current)) {
      const multiplier = W.multipliers.get(current)!;
      if (value === null) value = multiplier;
      else if (typeof value === "string" || value === 0n) {
        const f: Fraction | undefined = typeof value === "string" ? toFraction(value) : { num: 0n, den: 1n };
        if (f !== undefined && (f.num * multiplier) % f.den === 0n) value = (f.num * multiplier) / f.den;
        else {
          out.push(output(value));
          value = multiplier;
        }
      } else {
        const before: bigint = floorDiv(value, 1000n) * 1000n;
        const residual = pyMod(value, 1000n);
        value = before + residual * multiplier;
      }
    } else if (W.multipliersSuffixed.has(current)) {
      const [multiplier, suffix] = W.multipliersSuffixed.get(current)!;
      if (value === null) out.push(output(String(multiplier) + suffix));
      else if (typeof value === "string") {
        const f = toFraction(value);
        if (f !== undefined && (f.num * multiplier) % f.den === 0n) out.push(output(String((f.num * multiplier) / f.den) + suffix));
        else {
          out.push(output(value));
          out.push(output(String(multiplier) + suffix));
        }
      } else {
        const before: bigint = floorDiv(value, 1000n) * 1000n;
        const residual = pyMod(value, 1000n);
        value = before + residual * multiplier;
        out.push(output(String(value) + suffix));
      }
      value = null;
    } else if (W.preceding.has(current)) {
      if (value !== null) out.push(output(value));
      if ((next !== null && W.all.has(next)) || nextIsNumeric) prefix = W.preceding.get(current)!;
      else out.push(output(current));
    } else if (W.following.has(current)) {
      if (value !== null) {
        prefix = W.following.get(current)!;
        out.push(output(value));
      } else out.push(output(current));
    } else if (current === "per" || current === "percent") {
      if (value !== null) {
        if (current === "per") {
          if (next === "cent") {
            out.push(output(`${String(value)}%`));
            skip = true;
          } else {
            out.push(output(value));
            out.push(output(current));
          }
        } else out.push(output(`${String(value)}%`));
      } else out.push(output(current));
    } else {
      // "and", "double", "triple", "point"
      if (!(next !== null && W.all.has(next)) && !nextIsNumeric) {
        if (value !== null) out.push(output(value));
        out.push(output(current));
      } else if (current === "and") {
        if (!(prev !== null && W.multipliers.has(prev))) {
          if (value !== null) out.push(output(value));
          out.push(output(current));
        }
      } else if (current === "double" || current === "triple") {
        if (next !== null && (W.ones.has(next) || W.zeros.has(next))) {
          const repeats = current === "double" ? 2 : 3;
          const ones = W.ones.get(next) ?? 0n;
          value = orEmpty(value) + String(ones).repeat(repeats);
          skip = true;
        } else {
          if (value !== null) out.push(output(value));
          out.push(output(current));
        }
      } else if (next !== null && (W.decimals.has(next) || nextIsNumeric)) {
        value = `${orEmpty(value)}.`;
      }
    }
  }
  if (value !== null) out.push(output(value));
  return out;
}

interface EnglishPatterns {
  readonly andAHalf: RegExp;
  readonly letterDigit: RegExp;
  readonly digitLetter: RegExp;
  readonly suffixSpace: RegExp;
  readonly cents: RegExp;
  readonly centsOnly: RegExp;
  readonly one: RegExp;
  readonly ignore: RegExp;
  readonly spaceApostrophe: RegExp;
  /**
   * The replacers in groups, in order: each replacer with the literal text it needs (checked first:
   * most patterns occur in few strings), each group behind a test that no replacer of it can match
   * without passing (a group is skipped as a whole when it fails).
   */
  /** A test that either of the first two replacer groups may match (one scan instead of two; in ASCII text, exactly when one does). */
  readonly contractionOrTitle: RegExp;
  readonly replacerGroups: readonly (readonly [(s: string) => boolean, readonly (readonly [RegExp, string, string])[]])[];
  /** Runs of ASCII punctuation and symbols but `.`, `%` and `$`: what the symbol remover turns into spaces in ASCII text. */
  readonly asciiSymbols: RegExp;
  /**
   * In ASCII text, the period rule and the symbol remover in one pass: a period not followed by a
   * digit becomes a space, but for a period right after such a period (which the period rule takes as
   * the character after the first, so leaves as it is), and each run of symbols becomes one space.
   */
  readonly asciiPeriodsAndSymbols: RegExp;
  readonly digitComma: RegExp;
  readonly period: RegExp;
  readonly prefixSymbol: RegExp;
  readonly percent: RegExp;
}

/** Contractions, titles and perfect tenses, in Whisper's order (a Python `\b` pattern and its replacement). */
const REPLACERS: readonly (readonly [string, string])[] = [
  ["\\bwon't\\b", "will not"],
  ["\\bcan't\\b", "can not"],
  ["\\blet's\\b", "let us"],
  ["\\bain't\\b", "aint"],
  ["\\by'all\\b", "you all"],
  ["\\bwanna\\b", "want to"],
  ["\\bgotta\\b", "got to"],
  ["\\bgonna\\b", "going to"],
  ["\\bi'ma\\b", "i am going to"],
  ["\\bimma\\b", "i am going to"],
  ["\\bwoulda\\b", "would have"],
  ["\\bcoulda\\b", "could have"],
  ["\\bshoulda\\b", "should have"],
  ["\\bma'am\\b", "madam"],
  ...(
    [
      ["mr", "mister"],
      ["mrs", "missus"],
      ["st", "saint"],
      ["dr", "doctor"],
      ["prof", "professor"],
      ["capt", "captain"],
      ["gov", "governor"],
      ["ald", "alderman"],
      ["gen", "general"],
      ["sen", "senator"],
      ["rep", "representative"],
      ["pres", "president"],
      ["rev", "reverend"],
      ["hon", "honorable"],
      ["asst", "assistant"],
      ["assoc", "associate"],
      ["lt", "lieutenant"],
      ["col", "colonel"],
      ["jr", "junior"],
      ["sr", "senior"],
      ["esq", "esquire"],
    ] as const
  ).map(([abbr, word]) => [`\\b${abbr}\\b`, `${word} `] as const),
  ["'d been\\b", " had been"],
  ["'s been\\b", " has been"],
  ["'d gone\\b", " had gone"],
  ["'s gone\\b", " has gone"],
  ["'d done\\b", " had done"],
  ["'s got\\b", " has got"],
  ["n't\\b", " not"],
  ["'re\\b", " are"],
  ["'s\\b", " is"],
  ["'d\\b", " would"],
  ["'ll\\b", " will"],
  ["'t\\b", " not"],
  ["'ve\\b", " have"],
  ["'m\\b", " am"],
];

/** The abbreviations of titles among {@link REPLACERS} (the entries after the first 14). */
const TITLE_COUNT = 21;

/**
 * {@link REPLACERS} in three groups, each behind a test: the first 14 (contractions and slang) behind
 * their literals; the titles behind one pattern that finds any of them as a whole word (a title
 * replacement leaves the characters around it as they were, so one title's replacement never makes or
 * breaks another's match); the rest, which all contain an apostrophe, behind the apostrophe.
 */
function replacerGroups(ascii: boolean): Pick<EnglishPatterns, "replacerGroups" | "contractionOrTitle"> {
  const all = REPLACERS.map(([p, r]) => [pyRegex(p, "gu", ascii), r, p.replaceAll("\\b", "")] as const);
  const first = all.slice(0, 14);
  const titles = all.slice(14, 14 + TITLE_COUNT);
  const rest = all.slice(14 + TITLE_COUNT);
  const literals = new RegExp(first.map(([, , needle]) => needle).join("|"));
  // Longer abbreviations first where one begins another (mrs before mr), as a whole word.
  const names = titles.map(([, , needle]) => needle).sort((a, b) => b.length - a.length);
  const initials = [...new Set(names.map((n) => n[0]!))].join("");
  // In ASCII text "no word character before" is cheaper as "the start, or a character that is not one".
  const anyTitle = ascii
    ? new RegExp(`(?:^|[^0-9A-Za-z_])(?:${names.join("|")})(?![0-9A-Za-z_])`)
    : pyRegex(`(?=[${initials}])(?<!\\w)(?:${names.join("|")})(?!\\w)`, "u");
  return {
    replacerGroups: [
      [(s) => literals.test(s), first],
      [(s) => anyTitle.test(s), titles],
      [(s) => s.includes("'"), rest],
    ],
    // In ASCII text every pattern of the two groups is a whole word between "the start, or a character
    // that is not a word character" and "not a word character next": one test, which looks at the
    // words only where a word can begin.
    // In other text, where Python's word characters are more than these, it finds every match and
    // maybe more: it serves as the test there too, before each group's own.
    contractionOrTitle: new RegExp(`(?:^|[^0-9A-Za-z_])(?:${[...first.map(([, , needle]) => needle), ...names].join("|")})(?![0-9A-Za-z_])`),
  };
}

let patterns: EnglishPatterns | undefined;
let asciiPatterns: EnglishPatterns | undefined;

/** Whether the text has an opening bracket or parenthesis (what `removeBracketed` looks for). */
function hasOpener(s: string): boolean {
  return s.includes("(") || s.includes("[") || s.includes("<");
}
/** What the fillers pattern needs (hmm, mm, mhm, mmm, uh, um). */
const FILLER_LETTERS = /mm|mhm|uh|um/;
let words: Words | undefined;
let spellings: Map<string, string> | undefined;

/**
 * The patterns, for any text or (`ascii`) for text whose only characters outside ASCII are neither word
 * characters, digits nor whitespace (ASCII text, and what the steps below make of it: they add only
 * `£€$¢`), where Python's classes are their ASCII parts: the same matches, and much faster.
 */
function english(ascii = false): EnglishPatterns {
  if (ascii) return (asciiPatterns ??= buildPatterns(true));
  return (patterns ??= buildPatterns(false));
}

function buildPatterns(ascii: boolean): EnglishPatterns {
  const py = (source: string, flags?: string): RegExp => pyRegex(source, flags, ascii);
  return {
    andAHalf: py("\\band\\s+a\\s+half\\b"),
    letterDigit: /([a-z])([0-9])/g,
    digitLetter: /([0-9])([a-z])/g,
    suffixSpace: py("([0-9])\\s+(st|nd|rd|th|s)\\b"),
    cents: py("([€£$])([0-9]+) (?:and )?¢([0-9]{1,2})\\b"),
    centsOnly: py("[€£$]0[^\\n]([0-9]{1,2})\\b"),
    one: py("\\b1(s?)\\b"),
    // A word boundary before a letter is "no word character before": tested once the letter is found.
    ignore: py("(?=[hmu])(?<!\\w)(hmm|mm|mhm|mmm|uh|um)\\b"),
    spaceApostrophe: py("\\s+'"),
    ...replacerGroups(ascii),
    asciiSymbols: /[!-#&-\-/:-@[-`{-~]+/g,
    asciiPeriodsAndSymbols: /\.(?:(\.)|(?![0-9]))|[!-#&-\-/:-@[-`{-~]+/g,
    digitComma: py("(\\d),(\\d)"),
    period: /\.([^0-9]|$)/gu,
    prefixSymbol: /[.$¢€£]([^0-9])/gu,
    percent: /([^0-9])%/gu,
  };
}

/** `EnglishNumberNormalizer.preprocess`: "<number> and a half", spaces at letter/digit boundaries. */
function preprocess(s: string, W: Words, P: EnglishPatterns, general = false): string {
  // Without "half" the split finds one segment: the text, or nothing when it is only whitespace.
  if (!general && !s.includes("half")) return digitBoundaries(pyStrip(s).length === 0 ? "" : s, P);
  const segments = s.split(P.andAHalf);
  const results: string[] = [];
  segments.forEach((segment, i) => {
    if (pyStrip(segment).length === 0) return;
    results.push(segment);
    if (i === segments.length - 1) return;
    const parts = pySplit(segment);
    const last = parts[parts.length - 1]!;
    results.push(W.decimals.has(last) || W.multipliers.has(last) ? "point five" : "and a half");
  });
  const joined = results.join(" ");
  if (general) return joined.replace(P.letterDigit, "$1 $2").replace(P.digitLetter, "$1 $2").replace(P.suffixSpace, "$1$2");
  return digitBoundaries(joined, P);
}

/** The end of `preprocess`: spaces at letter/digit boundaries, then ordinal suffixes joined again (each needs an ASCII digit). */
function digitBoundaries(s: string, P: EnglishPatterns): string {
  if (!ASCII_DIGIT.test(s)) return s;
  // Two passes: one pattern for both boundaries (lookaheads) was slower, as the engine then tries
  // every letter rather than every letter-digit pair.
  return s.replace(P.letterDigit, "$1 $2").replace(P.digitLetter, "$1 $2").replace(P.suffixSpace, "$1$2");
}

const ASCII_DIGIT = /[0-9]/;
const CURRENCY = /[€£$]/;

/** `EnglishNumberNormalizer.postprocess`: currency amounts with cents, and "one(s)" for "1(s)". */
function postprocess(s: string, P: EnglishPatterns): string {
  let out = s;
  if (CURRENCY.test(out)) {
    out = out
      .replace(P.cents, (_m, currency: string, integer: string, cents: string) => `${currency}${integer}.${String(Number(cents)).padStart(2, "0")}`)
      .replace(P.centsOnly, (_m, cents: string) => `¢${Number(cents)}`);
  }
  return out.includes("1") ? out.replace(P.one, "one$1") : out;
}

/**
 * `EnglishNumberNormalizer()(text)` of openai/whisper: spelled-out numbers to digits ("twenty one" →
 * `21`, "two point five million" → `2500000`, "nineteen fifties" → `1950s`), currency words to symbols
 * before the number ("twenty dollars" → `$20`), "percent" to `%`, with Python's unbounded integers.
 */
export function normalizeEnglishNumbers(text: string): string {
  words ??= buildWords();
  const P = english();
  const s = preprocess(text, words, P);
  return postprocess(processWords(pySplit(s), words).join(" "), P);
}

/**
 * `normalizeEnglishSpelling(normalizeEnglishNumbers(text))`, with the spellings replaced word by word
 * as the number normalizer outputs its words (see {@link processWords}), before `postprocess`: the
 * spelling map's words are letters only (but for one key with spaces, which no word equals, and one
 * value that ends in `</span>`), never "one", "ones" or "and", so `postprocess`'s patterns (currency
 * amounts with cents, and `1` as a word) match the same text, and what they write (symbols, digits,
 * "one", "ones") is in no way a British spelling. `postprocess` runs only where the text or a word the
 * rules wrote has a currency symbol or a 1 (it changes nothing otherwise).
 */
function numbersThenSpelling(text: string, P: EnglishPatterns): string {
  words ??= buildWords();
  const table = wordTable(words);
  const pre = preprocess(text, words, P);
  const state = { post: hasCurrencyOrOne(pre) };
  const joined = wordsThenSpelling(pre, words, table, state);
  return state.post ? postprocess(joined, P) : joined;
}

/** Python's whitespace (`str.isspace()`), ASCII first. */
function isSpace(c: number): boolean {
  return c <= 32 ? c === 32 || (c >= 9 && c <= 13) || c >= 28 : c >= 0x85 && isPythonWhitespace(c);
}

/**
 * `processWords(pySplit(text), W, table, state).join(" ")` without taking most words out of the text.
 * A plain word (a lowercase ASCII letter first, and no number rule names it) leaves the number
 * normalizer idle: from idle it is output as it is (or in its American spelling); after a number it
 * ends the number and is output the same way; it is never skipped; and the rules that look at the word
 * before or after (`prev in ones`, `prev in multipliers`, `next in words`, `next` numeric, `next in
 * ones`...) find a plain word no more than the start or end of the list. So the words are read in
 * place: runs of plain words with single spaces between them are copied as they are, and each run of
 * other words goes through {@link processWords} on its own.
 */
function wordsThenSpelling(text: string, W: Words, table: WordTable, state: { post: boolean }): string {
  const pieces: string[] = [];
  const n = text.length;
  let runStart = -1; // the run of plain words copied as they are: text[runStart, runEnd)
  let runEnd = -1;
  let others: string[] | undefined; // a run of other words
  let i = 0;
  for (;;) {
    while (i < n && isSpace(text.charCodeAt(i))) i++;
    if (i >= n) break;
    const start = i;
    while (i < n && !isSpace(text.charCodeAt(i))) i++;
    const end = i;
    const first = text.charCodeAt(start);
    let plain = false;
    let american: string | undefined;
    let word: string | undefined;
    if (first >= 97 && first <= 122) {
      const key = (((end - start) & 7) << 15) | ((first & 31) << 10) | (end - start > 1 ? (text.charCodeAt(start + 1) & 31) << 5 : 0) | (text.charCodeAt(end - 1) & 31);
      if ((table.filter[key >>> 5]! & (1 << (key & 31))) === 0) plain = true;
      else {
        word = text.slice(start, end);
        const info = table.info.get(word);
        if (info !== null) {
          plain = true;
          american = info;
        }
      }
    }
    if (!plain) {
      if (runStart >= 0) pieces.push(text.slice(runStart, runEnd));
      runStart = -1;
      (others ??= []).push(word ?? text.slice(start, end));
      continue;
    }
    if (others !== undefined) {
      for (const out of processWords(others, W, table, state)) pieces.push(out);
      others = undefined;
    }
    if (american !== undefined) {
      if (runStart >= 0) pieces.push(text.slice(runStart, runEnd));
      runStart = -1;
      pieces.push(american);
    } else if (runStart >= 0 && runEnd === start - 1 && text.charCodeAt(runEnd) === 32) {
      runEnd = end;
    } else {
      if (runStart >= 0) pieces.push(text.slice(runStart, runEnd));
      runStart = start;
      runEnd = end;
    }
  }
  if (others !== undefined) for (const out of processWords(others, W, table, state)) pieces.push(out);
  if (runStart >= 0) pieces.push(text.slice(runStart, runEnd));
  return pieces.length === 1 ? pieces[0]! : pieces.join(" ");
}

let table: WordTable | undefined;

/** The number rules' words and the spelling map in one map. */
function wordTable(W: Words): WordTable {
  if (table === undefined) {
    const spellings = spellingMap();
    const info = new Map<string, string | null>(spellings);
    for (const word of W.all) info.set(word, null);
    const filter = new Uint32Array(1 << 13);
    for (const word of info.keys()) {
      const key = filterKey(word);
      filter[key >>> 5]! |= 1 << (key & 31);
    }
    table = { info, spellings, filter };
  }
  return table;
}

/**
 * Whisper's British-to-American map, decoded on first use from {@link SPELLINGS} (keys front-coded,
 * each value an edit of its key; counts are uppercase letters A + n). @internal
 */
export function spellingMap(): Map<string, string> {
  if (spellings === undefined) {
    spellings = new Map();
    const s = SPELLINGS;
    const n = s.length;
    const isCount = (i: number): boolean => {
      const c = s.charCodeAt(i);
      return c >= 65 && c <= 90;
    };
    let key = "";
    let i = 0;
    while (i < n) {
      const shared = s.charCodeAt(i++) - 65;
      let j = i;
      while (j < n && !isCount(j)) j++;
      key = key.slice(0, shared) + s.slice(i, j);
      const dropped = s.charCodeAt(j++) - 65;
      i = j;
      while (i < n && !isCount(i)) i++;
      spellings.set(key, key.slice(0, key.length - dropped) + s.slice(j, i));
    }
  }
  return spellings;
}

/** `EnglishSpellingNormalizer()(text)`: each whitespace-separated word in Whisper's British-to-American list is replaced. */
export function normalizeEnglishSpelling(text: string): string {
  const map = spellingMap();
  return pySplit(text)
    .map((word) => map.get(word) ?? word)
    .join(" ");
}

/**
 * `EnglishTextNormalizer()(text)` of openai/whisper: lowercase; remove `[…]`, `<…>`, `(…)` spans and the
 * fillers hmm, mm, mhm, mmm, uh, um; expand contractions and titles ("won't" → "will not", "mr" →
 * "mister"); drop commas between digits and periods not followed by a digit; remove symbols and
 * diacritics except `.%$¢€£`; numbers to digits; British to American spelling; then drop currency
 * and period symbols not next to a digit and collapse whitespace. Leading and trailing spaces stay, as
 * in Python.
 */
export function englishNormalize(text: string): string {
  // ASCII text stays ASCII up to the number normalizer (which adds only £€$¢): lowercasing is the
  // engine's, the patterns' classes are ASCII ones, NFKD changes nothing and no character is a diacritic.
  const ascii = !NON_ASCII.test(text);
  const P = english(ascii);
  let s = ascii ? text.toLowerCase() : pyLower(text);
  if (!ascii || hasOpener(s)) s = removeBracketed(s);
  if (FILLER_LETTERS.test(s)) s = s.replace(P.ignore, "");
  const apostrophe = s.includes("'");
  if (apostrophe) s = s.replace(P.spaceApostrophe, "'");
  const [contractions, titles, rest] = P.replacerGroups;
  if (P.contractionOrTitle.test(s)) {
    for (const [test, group] of [contractions!, titles!]) {
      if (!test(s)) continue;
      for (const [pattern, replacement, needle] of group) if (s.includes(needle)) s = s.replace(pattern, replacement);
    }
  }
  if (apostrophe && s.includes("'")) {
    // Each of these patterns needs an apostrophe followed by its letter (n't: by t); no replacement
    // writes an apostrophe, so the letters after the apostrophes of the text now are all there will be.
    let after = 0;
    for (let i = s.indexOf("'"); i >= 0; i = s.indexOf("'", i + 1)) after |= 1 << (s.charCodeAt(i + 1) & 31);
    for (const [pattern, replacement, needle] of rest![1]) {
      const letter = needle.charCodeAt(needle.indexOf("'") + 1);
      if ((after & (1 << (letter & 31))) !== 0 && s.includes(needle)) s = s.replace(pattern, replacement);
    }
  }
  if (s.includes(",") && (ascii ? ASCII_DIGIT.test(s) : true)) s = s.replace(P.digitComma, "$1$2");
  // In ASCII text a run of symbols becomes one space rather than one per symbol: the number
  // normalizer, next, splits on whitespace and joins with one space, and its patterns take any run.
  if (ascii) s = s.replace(P.asciiPeriodsAndSymbols, " $1");
  else s = removeSymbolsAndDiacritics(s.replace(P.period, " $1"), ".%$¢€£");
  const joined = numbersThenSpelling(s, P);
  // The words are joined by single spaces: whitespace to collapse comes only from the two rules below.
  let t = hasPrefixSymbol(joined) ? joined.replace(P.prefixSymbol, " $1") : joined;
  if (t.includes("%")) t = t.replace(P.percent, "$1 ");
  return t === joined ? t : collapseWhitespace(t);
}

/** Whether the text has one of the symbols the prefix-symbol rule looks for. */
function hasPrefixSymbol(s: string): boolean {
  return s.includes(".") || s.includes("$") || s.includes("¢") || s.includes("€") || s.includes("£");
}

/**
 * {@link englishNormalize} step by step, as Python runs it: every pattern on the whole text in
 * Whisper's order, with Python's Unicode classes, the number normalizer then the spelling normalizer,
 * none of the shortcuts above (what they are tested against). @internal
 */
export function englishGeneral(text: string): string {
  const P = english(false);
  let s = pyLower(text);
  s = removeBracketed(s);
  s = s.replace(P.ignore, "");
  s = s.replace(P.spaceApostrophe, "'");
  for (const [, group] of P.replacerGroups) for (const [pattern, replacement] of group) s = s.replace(pattern, replacement);
  s = s.replace(P.digitComma, "$1$2");
  s = s.replace(P.period, " $1");
  s = removeSymbolsAndDiacritics(s, ".%$¢€£");
  words ??= buildWords();
  s = postprocess(processWords(pySplit(preprocess(s, words, P, true)), words).join(" "), P);
  s = normalizeEnglishSpelling(s);
  s = s.replace(P.prefixSymbol, " $1");
  s = s.replace(P.percent, "$1 ");
  return collapseWhitespace(s);
}
