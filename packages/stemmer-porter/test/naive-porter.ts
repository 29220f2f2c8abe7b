// A plain transcription of NLTK 3.8's PorterStemmer on strings (slices and suffix tests, one rule
// list per step), used to check the char-code stemmer of src/porter.ts on generated words.

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

function isVowelCode(c: number): boolean {
  return c === A || c === E || c === I || c === O || c === U;
}

/**
 * True when `w[i]` is a consonant in Porter's sense: not a, e, i, o, u, and not a y that follows a
 * consonant (a y at the start is a consonant).
 */
function isConsonant(w: string, i: number): boolean {
  const c = w.charCodeAt(i);
  if (isVowelCode(c)) return false;
  if (c !== Y) return true;
  return i === 0 ? true : !isConsonant(w, i - 1);
}

/** Porter's measure m: the number of vowel-run → consonant-run transitions ("vc") in `s`. */
function measure(s: string): number {
  let m = 0;
  let prevConsonant = true;
  let prevVowel = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
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

function containsVowel(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (!isConsonant(s, i)) return true;
  return false;
}

function endsDoubleConsonant(w: string): boolean {
  const n = w.length;
  return n >= 2 && w.charCodeAt(n - 1) === w.charCodeAt(n - 2) && isConsonant(w, n - 1);
}

/** Condition *o: the word ends consonant-vowel-consonant and the last is not w, x or y. */
function endsCvc(w: string, nltk: boolean): boolean {
  const n = w.length;
  if (n >= 3 && isConsonant(w, n - 3) && !isConsonant(w, n - 2) && isConsonant(w, n - 1)) {
    const last = w[n - 1];
    if (last !== "w" && last !== "x" && last !== "y") return true;
  }
  // NLTK extension: a two-letter word vowel + consonant also counts.
  return nltk && n === 2 && !isConsonant(w, 0) && isConsonant(w, 1);
}

type Condition = ((stem: string) => boolean) | null;
/** A suffix rule: suffix, replacement, condition on the stem (null = always). `*d` = double consonant. */
type Rule = readonly [suffix: string, replacement: string, condition: Condition];

/**
 * Applies the first rule whose suffix the word ends with; when its condition fails, no later rule
 * is tried (NLTK's `_apply_rule_list`). Returns undefined when no suffix matches.
 */
function matchRules(word: string, rules: readonly Rule[]): string | undefined {
  for (const [suffix, replacement, condition] of rules) {
    if (suffix === "*d") {
      if (endsDoubleConsonant(word)) {
        const stem = word.slice(0, -2);
        return condition === null || condition(stem) ? stem + replacement : word;
      }
      continue;
    }
    if (word.endsWith(suffix)) {
      const stem = suffix.length === 0 ? word : word.slice(0, -suffix.length);
      return condition === null || condition(stem) ? stem + replacement : word;
    }
  }
  return undefined;
}

/** {@link matchRules}, leaving the word unchanged when no suffix matches. */
function applyRules(word: string, rules: readonly Rule[]): string {
  return matchRules(word, rules) ?? word;
}

const positive = (stem: string): boolean => measure(stem) > 0;
const greaterThanOne = (stem: string): boolean => measure(stem) > 1;

const STEP1A: readonly Rule[] = [
  ["sses", "ss", null],
  ["ies", "i", null],
  ["ss", "ss", null],
  ["s", "", null],
];

const STEP2_COMMON_HEAD: readonly Rule[] = [
  ["ational", "ate", positive],
  ["tional", "tion", positive],
  ["enci", "ence", positive],
  ["anci", "ance", positive],
  ["izer", "ize", positive],
];
const STEP2_COMMON_TAIL: readonly Rule[] = [
  ["alli", "al", positive],
  ["entli", "ent", positive],
  ["eli", "e", positive],
  ["ousli", "ous", positive],
  ["ization", "ize", positive],
  ["ation", "ate", positive],
  ["ator", "ate", positive],
  ["alism", "al", positive],
  ["iveness", "ive", positive],
  ["fulness", "ful", positive],
  ["ousness", "ous", positive],
  ["aliti", "al", positive],
  ["iviti", "ive", positive],
  ["biliti", "ble", positive],
];
const STEP2_ORIGINAL: readonly Rule[] = [...STEP2_COMMON_HEAD, ["abli", "able", positive], ...STEP2_COMMON_TAIL];
const STEP2_NLTK_BASE: readonly Rule[] = [
  ...STEP2_COMMON_HEAD,
  ["bli", "ble", positive],
  ...STEP2_COMMON_TAIL,
  ["fulli", "ful", positive],
];

const STEP3: readonly Rule[] = [
  ["icate", "ic", positive],
  ["ative", "", positive],
  ["alize", "al", positive],
  ["iciti", "ic", positive],
  ["ical", "ic", positive],
  ["ful", "", positive],
  ["ness", "", positive],
];

const STEP4: readonly Rule[] = [
  ["al", "", greaterThanOne],
  ["ance", "", greaterThanOne],
  ["ence", "", greaterThanOne],
  ["er", "", greaterThanOne],
  ["ic", "", greaterThanOne],
  ["able", "", greaterThanOne],
  ["ible", "", greaterThanOne],
  ["ant", "", greaterThanOne],
  ["ement", "", greaterThanOne],
  ["ment", "", greaterThanOne],
  ["ent", "", greaterThanOne],
  ["ion", "", (stem) => measure(stem) > 1 && (stem.endsWith("s") || stem.endsWith("t"))],
  ["ou", "", greaterThanOne],
  ["ism", "", greaterThanOne],
  ["ate", "", greaterThanOne],
  ["iti", "", greaterThanOne],
  ["ous", "", greaterThanOne],
  ["ive", "", greaterThanOne],
  ["ize", "", greaterThanOne],
];

function step1a(word: string, nltk: boolean): string {
  if (nltk && word.length === 4 && word.endsWith("ies")) return word.slice(0, -3) + "ie";
  return applyRules(word, STEP1A);
}

function step1b(word: string, nltk: boolean): string {
  if (nltk && word.endsWith("ied")) return word.slice(0, -3) + (word.length === 4 ? "ie" : "i");
  if (word.endsWith("eed")) {
    const stem = word.slice(0, -3);
    return measure(stem) > 0 ? stem + "ee" : word;
  }
  let stem: string | undefined;
  if (word.endsWith("ed")) {
    const s = word.slice(0, -2);
    if (containsVowel(s)) stem = s;
  } else if (word.endsWith("ing")) {
    const s = word.slice(0, -3);
    if (containsVowel(s)) stem = s;
  }
  if (stem === undefined) return word;
  const last = stem[stem.length - 1]!;
  return applyRules(stem, [
    ["at", "ate", null],
    ["bl", "ble", null],
    ["iz", "ize", null],
    ["*d", last, () => last !== "l" && last !== "s" && last !== "z"],
    ["", "e", (s) => measure(s) === 1 && endsCvc(s, nltk)],
  ]);
}

function step1c(word: string, nltk: boolean): string {
  if (!word.endsWith("y")) return word;
  const stem = word.slice(0, -1);
  const ok = nltk ? stem.length > 1 && isConsonant(stem, stem.length - 1) : containsVowel(stem);
  return ok ? stem + "i" : word;
}

function step2(word: string, nltk: boolean): string {
  if (!nltk) return applyRules(word, STEP2_ORIGINAL);
  if (word.endsWith("alli") && measure(word.slice(0, -4)) > 0) return step2(word.slice(0, -4) + "al", true);
  const matched = matchRules(word, STEP2_NLTK_BASE);
  if (matched !== undefined) return matched;
  // Last rule: -logi → -log, measured with the 'l' kept on the stem (so geo-, theo- qualify).
  if (word.endsWith("logi") && measure(word.slice(0, -3)) > 0) return word.slice(0, -1);
  return word;
}

function step5a(word: string, nltk: boolean): string {
  if (!word.endsWith("e")) return word;
  const stem = word.slice(0, -1);
  const m = measure(stem);
  if (m > 1) return stem;
  if (m === 1 && !endsCvc(stem, nltk)) return stem;
  return word;
}

function step5b(word: string): string {
  if (word.endsWith("ll") && measure(word.slice(0, -1)) > 1) return word.slice(0, -1);
  return word;
}

/** NLTK 3.8 `PorterStemmer(mode).stem(word)`, step by step on strings. */
export function naivePorterStem(word: string, nltk: boolean): string {
  let w = word.toLowerCase();
  if (nltk) {
    const irregular = IRREGULAR.get(word);
    if (irregular !== undefined) return irregular;
    if (word.length <= 2) return w;
  }
  w = step1a(w, nltk);
  w = step1b(w, nltk);
  w = step1c(w, nltk);
  w = step2(w, nltk);
  w = applyRules(w, STEP3);
  w = applyRules(w, STEP4);
  w = step5a(w, nltk);
  w = step5b(w);
  return w;
}
