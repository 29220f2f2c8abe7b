import { BoundedCache, ErrorCode, GramscoreError, describeValue, readCacheSize } from "@gramscore/core";

/** The number of words a stemmer's cache holds by default (`cacheSize`). */
export const STEM_CACHE_SIZE = 100_000;

/**
 * The two modes of NLTK 3.8's `PorterStemmer`:
 * - `NLTK_EXTENSIONS` (NLTK's default, what rouge-score uses): an irregular-forms pool (skies → sky,
 *   dying → die, news → news, ...), words of one or two characters left alone, and NLTK's extra rules
 *   (-ies/-ied on four-letter words, -alli first, -fulli, -logi, a looser y → i, a two-letter cvc).
 * - `ORIGINAL_ALGORITHM`: Porter (1980) as published.
 */
export type PorterMode = "NLTK_EXTENSIONS" | "ORIGINAL_ALGORITHM";

/** The accepted {@link PorterMode} values. */
export const PORTER_MODES: readonly PorterMode[] = ["NLTK_EXTENSIONS", "ORIGINAL_ALGORITHM"];

/** Something that maps a word to its stem. */
export interface Stemmer {
  /** Stemmer name, e.g. `porter-nltk`, `porter-original`, `porter-rouge155`. */
  readonly name: string;
  /** The stem of `word`. */
  stem(word: string): string;
}

/** Options of {@link createPorterStemmer}. */
export interface PorterStemmerOptions {
  /** Algorithm variant; default `NLTK_EXTENSIONS` (NLTK's and rouge-score's default). */
  mode?: PorterMode;
  /** Most words remembered (the cache is emptied when full); 0 turns the cache off. Default 100,000. */
  cacheSize?: number;
}

// NLTK's table of irregular forms, used only in NLTK_EXTENSIONS mode: word -> stem.
const IRREGULAR: ReadonlyMap<string, string> = new Map([
  ["sky", "sky"],
  ["skies", "sky"],
  ["dying", "die"],
  ["lying", "lie"],
  ["tying", "tie"],
  ["news", "news"],
  ["innings", "inning"],
  ["inning", "inning"],
  ["outings", "outing"],
  ["outing", "outing"],
  ["cannings", "canning"],
  ["canning", "canning"],
  ["howe", "howe"],
  ["proceed", "proceed"],
  ["exceed", "exceed"],
  ["succeed", "succeed"],
]);

const A = 97;
const E = 101;
const I = 105;
const O = 111;
const U = 117;
const Y = 121;

// The word being stemmed, as UTF-16 code units in buf[0 … len); the steps shorten and extend it in
// place. `dirty` is the lowest position written since the word was loaded (all before it are the
// lowercased word's own code units), so the result is usually a slice of that word.
let buf = new Uint16Array(64);
let len = 0;
let dirty = 0;

function isVowelCode(c: number): boolean {
  return c === A || c === E || c === I || c === O || c === U;
}

/**
 * True when `buf[i]` is a consonant in Porter's sense: not a, e, i, o, u, and not a y that follows a
 * consonant (a y at the start is a consonant).
 */
function isConsonant(i: number): boolean {
  const c = buf[i]!;
  if (c !== Y) return !isVowelCode(c);
  // A run of y's alternates, starting from the letter before the run (a y at 0 is a consonant).
  let j = i;
  while (j > 0 && buf[j - 1] === Y) j--;
  const first = j === 0 ? true : !isConsonant0(buf[j - 1]!);
  return ((i - j) & 1) === 0 ? first : !first;
}

/** Consonant test for a letter that is not y. */
function isConsonant0(c: number): boolean {
  return !isVowelCode(c);
}

/** Porter's measure m of `buf[0 … end)`: the number of vowel-run → consonant-run transitions. */
function measure(end: number): number {
  let m = 0;
  let prevConsonant = true;
  let prevVowel = false;
  for (let i = 0; i < end; i++) {
    const c = buf[i]!;
    let cons: boolean;
    if (isVowelCode(c)) cons = false;
    else if (c !== Y) cons = true;
    else cons = i === 0 ? true : !prevConsonant;
    if (cons && prevVowel) m++;
    prevVowel = !cons;
    prevConsonant = cons;
  }
  return m;
}

/** True when `buf[0 … end)` has a vowel (in Porter's sense). */
function containsVowel(end: number): boolean {
  let prevConsonant = true;
  for (let i = 0; i < end; i++) {
    const c = buf[i]!;
    let cons: boolean;
    if (isVowelCode(c)) return true;
    else if (c !== Y) cons = true;
    else cons = i === 0 ? true : !prevConsonant;
    if (!cons) return true;
    prevConsonant = cons;
  }
  return false;
}

/** True when the word ends with the code units of `suffix` (given as codes, last first). */
function endsWithCodes(codes: readonly number[]): boolean {
  const k = codes.length;
  if (k > len) return false;
  for (let t = 0; t < k; t++) if (buf[len - 1 - t] !== codes[t]) return false;
  return true;
}

function endsWith1(c: number): boolean {
  return len >= 1 && buf[len - 1] === c;
}

function endsDoubleConsonant(end: number): boolean {
  return end >= 2 && buf[end - 1] === buf[end - 2] && isConsonant(end - 1);
}

/** Condition *o on `buf[0 … end)`: it ends consonant-vowel-consonant and the last is not w, x or y. */
function endsCvc(end: number, nltk: boolean): boolean {
  if (end >= 3 && isConsonant(end - 3) && !isConsonant(end - 2) && isConsonant(end - 1)) {
    const last = buf[end - 1];
    if (last !== 119 && last !== 120 && last !== Y) return true;
  }
  // NLTK extension: a two-letter word vowel + consonant also counts.
  return nltk && end === 2 && !isConsonant(0) && isConsonant(1);
}

/** Shortens the word to `n` code units. */
function cut(n: number): void {
  len = n;
}

/** Appends the code units of `codes`. */
function append(codes: readonly number[]): void {
  if (codes.length === 0) return;
  if (len < dirty) dirty = len;
  for (let t = 0; t < codes.length; t++) buf[len++] = codes[t]!;
}

/** Replaces the last code unit by `c`. */
function setLast(c: number): void {
  if (len - 1 < dirty) dirty = len - 1;
  buf[len - 1] = c;
}

const ALWAYS = 0;
const M_POSITIVE = 1;
const M_GREATER_THAN_ONE = 2;
const M_GREATER_THAN_ONE_ST = 3;
type Condition = typeof ALWAYS | typeof M_POSITIVE | typeof M_GREATER_THAN_ONE | typeof M_GREATER_THAN_ONE_ST;

/** A suffix rule: suffix, replacement, condition on the stem. */
type Rule = readonly [suffix: string, replacement: string, condition: Condition];

interface CompiledRule {
  /** Suffix code units, last first. */
  readonly suffix: readonly number[];
  readonly replacement: readonly number[];
  readonly condition: Condition;
}

/** Rules grouped by the last code unit of their suffix, in list order (all suffixes are ASCII). */
type RuleTable = readonly (readonly CompiledRule[] | undefined)[];

function compile(rules: readonly Rule[]): RuleTable {
  const table: (CompiledRule[] | undefined)[] = new Array<CompiledRule[] | undefined>(128).fill(undefined);
  for (const [suffix, replacement, condition] of rules) {
    const codes: number[] = [];
    for (let t = suffix.length - 1; t >= 0; t--) codes.push(suffix.charCodeAt(t));
    const rep: number[] = [];
    for (let t = 0; t < replacement.length; t++) rep.push(replacement.charCodeAt(t));
    (table[codes[0]!] ??= []).push({ suffix: codes, replacement: rep, condition });
  }
  return table;
}

function holds(condition: Condition, stemEnd: number): boolean {
  switch (condition) {
    case ALWAYS:
      return true;
    case M_POSITIVE:
      return measure(stemEnd) > 0;
    case M_GREATER_THAN_ONE:
      return measure(stemEnd) > 1;
    default:
      return measure(stemEnd) > 1 && stemEnd > 0 && (buf[stemEnd - 1] === 115 || buf[stemEnd - 1] === 116);
  }
}

/**
 * Applies the first rule whose suffix the word ends with; when its condition fails, no later rule
 * is tried (NLTK's `_apply_rule_list`). Returns false when no suffix matches.
 */
function applyTable(table: RuleTable): boolean {
  if (len === 0) return false;
  const last = buf[len - 1]!;
  if (last >= 128) return false;
  const rules = table[last];
  if (rules === undefined) return false;
  for (let r = 0; r < rules.length; r++) {
    const rule = rules[r]!;
    if (!endsWithCodes(rule.suffix)) continue;
    const stemEnd = len - rule.suffix.length;
    if (holds(rule.condition, stemEnd)) {
      cut(stemEnd);
      append(rule.replacement);
    }
    return true;
  }
  return false;
}

const STEP1A = compile([
  ["sses", "ss", ALWAYS],
  ["ies", "i", ALWAYS],
  ["ss", "ss", ALWAYS],
  ["s", "", ALWAYS],
]);

const STEP2_COMMON_HEAD: readonly Rule[] = [
  ["ational", "ate", M_POSITIVE],
  ["tional", "tion", M_POSITIVE],
  ["enci", "ence", M_POSITIVE],
  ["anci", "ance", M_POSITIVE],
  ["izer", "ize", M_POSITIVE],
];
const STEP2_COMMON_TAIL: readonly Rule[] = [
  ["alli", "al", M_POSITIVE],
  ["entli", "ent", M_POSITIVE],
  ["eli", "e", M_POSITIVE],
  ["ousli", "ous", M_POSITIVE],
  ["ization", "ize", M_POSITIVE],
  ["ation", "ate", M_POSITIVE],
  ["ator", "ate", M_POSITIVE],
  ["alism", "al", M_POSITIVE],
  ["iveness", "ive", M_POSITIVE],
  ["fulness", "ful", M_POSITIVE],
  ["ousness", "ous", M_POSITIVE],
  ["aliti", "al", M_POSITIVE],
  ["iviti", "ive", M_POSITIVE],
  ["biliti", "ble", M_POSITIVE],
];
const STEP2_ORIGINAL = compile([...STEP2_COMMON_HEAD, ["abli", "able", M_POSITIVE], ...STEP2_COMMON_TAIL]);
const STEP2_NLTK_BASE = compile([
  ...STEP2_COMMON_HEAD,
  ["bli", "ble", M_POSITIVE],
  ...STEP2_COMMON_TAIL,
  ["fulli", "ful", M_POSITIVE],
]);

const STEP3 = compile([
  ["icate", "ic", M_POSITIVE],
  ["ative", "", M_POSITIVE],
  ["alize", "al", M_POSITIVE],
  ["iciti", "ic", M_POSITIVE],
  ["ical", "ic", M_POSITIVE],
  ["ful", "", M_POSITIVE],
  ["ness", "", M_POSITIVE],
]);

const STEP4 = compile([
  ["al", "", M_GREATER_THAN_ONE],
  ["ance", "", M_GREATER_THAN_ONE],
  ["ence", "", M_GREATER_THAN_ONE],
  ["er", "", M_GREATER_THAN_ONE],
  ["ic", "", M_GREATER_THAN_ONE],
  ["able", "", M_GREATER_THAN_ONE],
  ["ible", "", M_GREATER_THAN_ONE],
  ["ant", "", M_GREATER_THAN_ONE],
  ["ement", "", M_GREATER_THAN_ONE],
  ["ment", "", M_GREATER_THAN_ONE],
  ["ent", "", M_GREATER_THAN_ONE],
  ["ion", "", M_GREATER_THAN_ONE_ST],
  ["ou", "", M_GREATER_THAN_ONE],
  ["ism", "", M_GREATER_THAN_ONE],
  ["ate", "", M_GREATER_THAN_ONE],
  ["iti", "", M_GREATER_THAN_ONE],
  ["ous", "", M_GREATER_THAN_ONE],
  ["ive", "", M_GREATER_THAN_ONE],
  ["ize", "", M_GREATER_THAN_ONE],
]);

const IES = [115, 101, 105]; // "ies", last first
const IED = [100, 101, 105];
const EED = [100, 101, 101];
const ED = [100, 101];
const ING = [103, 110, 105];
const AT = [116, 97];
const BL = [108, 98];
const IZ = [122, 105];
const ALLI = [105, 108, 108, 97];
const LOGI = [105, 103, 111, 108];
const LL = [108, 108];
const CODES_IE = [I, E];
const CODES_I = [I];
const CODES_E = [E];

function step1a(nltk: boolean): void {
  if (nltk && len === 4 && endsWithCodes(IES)) {
    cut(1);
    append(CODES_IE);
    return;
  }
  applyTable(STEP1A);
}

function step1b(nltk: boolean): void {
  if (nltk && endsWithCodes(IED)) {
    const four = len === 4;
    cut(len - 3);
    append(four ? CODES_IE : CODES_I);
    return;
  }
  if (endsWithCodes(EED)) {
    if (measure(len - 3) > 0) cut(len - 1); // -eed → -ee
    return;
  }
  let stemEnd = -1;
  if (endsWithCodes(ED)) {
    if (containsVowel(len - 2)) stemEnd = len - 2;
  } else if (endsWithCodes(ING)) {
    if (containsVowel(len - 3)) stemEnd = len - 3;
  }
  if (stemEnd < 0) return;
  cut(stemEnd);
  // The rules on the stem, in order: at → ate, bl → ble, iz → ize, a double consonant other than
  // l, s, z → single, else (m = 1 and *o) → + e.
  if (endsWithCodes(AT) || endsWithCodes(BL) || endsWithCodes(IZ)) {
    append(CODES_E);
    return;
  }
  if (endsDoubleConsonant(len)) {
    const last = buf[len - 1];
    if (last !== 108 && last !== 115 && last !== 122) cut(len - 1);
    return;
  }
  if (measure(len) === 1 && endsCvc(len, nltk)) append(CODES_E);
}

function step1c(nltk: boolean): void {
  if (!endsWith1(Y)) return;
  const stemEnd = len - 1;
  const ok = nltk ? stemEnd > 1 && isConsonant(stemEnd - 1) : containsVowel(stemEnd);
  if (ok) setLast(I);
}

function step2(nltk: boolean): void {
  if (!nltk) {
    applyTable(STEP2_ORIGINAL);
    return;
  }
  while (endsWithCodes(ALLI) && measure(len - 4) > 0) cut(len - 2); // -alli → -al, then again
  if (applyTable(STEP2_NLTK_BASE)) return;
  // Last rule: -logi → -log, measured with the 'l' kept on the stem (so geo-, theo- qualify).
  if (endsWithCodes(LOGI) && measure(len - 3) > 0) cut(len - 1);
}

function step5a(nltk: boolean): void {
  if (!endsWith1(E)) return;
  const stemEnd = len - 1;
  const m = measure(stemEnd);
  if (m > 1 || (m === 1 && !endsCvc(stemEnd, nltk))) cut(stemEnd);
}

function step5b(): void {
  if (endsWithCodes(LL) && measure(len - 1) > 1) cut(len - 1);
}

/** Loads `w` into the buffer. */
function load(w: string): void {
  const n = w.length;
  if (buf.length < n + 8) buf = new Uint16Array(Math.max(n + 8, buf.length * 2));
  for (let i = 0; i < n; i++) buf[i] = w.charCodeAt(i);
  len = n;
  dirty = n;
}

/** The buffer as a string, sharing what it can with `w` (the word it was loaded from). */
function result(w: string): string {
  let p = dirty < len ? dirty : len;
  const n = w.length < len ? w.length : len;
  while (p < n && buf[p] === w.charCodeAt(p)) p++;
  if (p === len) return len === w.length ? w : w.slice(0, len);
  let tail = "";
  for (let i = p; i < len; i++) tail += String.fromCharCode(buf[i]!);
  return p === 0 ? tail : w.slice(0, p) + tail;
}

function checkMode(mode: unknown): PorterMode {
  if (mode === undefined) return "NLTK_EXTENSIONS";
  if (mode === "NLTK_EXTENSIONS" || mode === "ORIGINAL_ALGORITHM") return mode;
  throw new GramscoreError(
    ErrorCode.INVALID_OPTION,
    `Porter stemmer mode must be "NLTK_EXTENSIONS" or "ORIGINAL_ALGORITHM", but got ${describeValue(mode)}. ` +
      'Use "NLTK_EXTENSIONS" for what NLTK and rouge-score do by default.',
    { details: { option: "mode" } },
  );
}

/**
 * Stems one word exactly as NLTK 3.8's `PorterStemmer(mode).stem(word)` does (which lowercases the
 * word first; the irregular-forms pool is looked up with the word as given). No cache.
 * @throws GramscoreError `INVALID_TYPE` when `word` is not a string, `INVALID_OPTION` for an unknown mode.
 */
export function porterStem(word: string, mode: PorterMode = "NLTK_EXTENSIONS"): string {
  if (typeof word !== "string") {
    throw new GramscoreError(ErrorCode.INVALID_TYPE, `porterStem expects a string word, but got ${describeValue(word)}.`);
  }
  return stemUnchecked(word, checkMode(mode) === "NLTK_EXTENSIONS");
}

function stemUnchecked(word: string, nltk: boolean): string {
  const w = word.toLowerCase();
  if (nltk) {
    const irregular = IRREGULAR.get(word);
    if (irregular !== undefined) return irregular;
    if (word.length <= 2) return w;
  }
  load(w);
  step1a(nltk);
  step1b(nltk);
  step1c(nltk);
  step2(nltk);
  applyTable(STEP3);
  applyTable(STEP4);
  step5a(nltk);
  step5b();
  return result(w);
}

/**
 * Creates NLTK 3.8's Porter stemmer in the given mode, with a bounded cache of stems.
 * ```ts
 * const porter = createPorterStemmer();
 * porter.stem("generously"); // "gener"
 * createPorterStemmer({ mode: "ORIGINAL_ALGORITHM" }).stem("dying"); // "dy"
 * ```
 * @throws GramscoreError `INVALID_OPTION` for an unknown mode or a bad cache size.
 */
export function createPorterStemmer(options: PorterStemmerOptions = {}): Stemmer {
  const mode = checkMode(options.mode);
  const nltk = mode === "NLTK_EXTENSIONS";
  const size = readCacheSize(options.cacheSize, STEM_CACHE_SIZE, (m) => new GramscoreError(ErrorCode.INVALID_OPTION, m, { details: { option: "cacheSize" } }));
  const name = nltk ? "porter-nltk" : "porter-original";
  if (size === 0) {
    return {
      name,
      stem: (word: string) => porterStem(word, mode),
    };
  }
  // Bounded in entries only (every entry counts 0 bytes against an unbounded byte budget).
  const cache = new BoundedCache<string>(size, Number.POSITIVE_INFINITY);
  return {
    name,
    stem(word: string): string {
      const hit = cache.get(word);
      if (hit !== undefined) return hit;
      if (typeof word !== "string") return porterStem(word, mode); // throws the typed error
      const out = stemUnchecked(word, nltk);
      cache.set(word, out, 0);
      return out;
    },
  };
}
