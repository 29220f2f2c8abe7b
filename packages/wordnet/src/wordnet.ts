import { ErrorCode, GramscoreError, describeValue } from "@gramscore/core";
import { EXC_A, EXC_N, EXC_R, EXC_V, INDEX_A, INDEX_N, INDEX_R, INDEX_V, SYNSETS, WORDS } from "./data.js";

/** WordNet's parts of speech as NLTK names them: noun, verb, adjective, adverb. */
export type WordNetPos = "n" | "v" | "a" | "r";

/** The parts of speech in NLTK's `POS_LIST` order, the order `synsets` visits them. */
export const POS_LIST: readonly WordNetPos[] = ["n", "v", "a", "r"];

/** NLTK 3.8's `MORPHOLOGICAL_SUBSTITUTIONS`: suffix rules of morphy, per part of speech, in order. */
export const MORPHOLOGICAL_SUBSTITUTIONS: Readonly<Record<WordNetPos, readonly (readonly [string, string])[]>> = {
  n: [
    ["s", ""],
    ["ses", "s"],
    ["ves", "f"],
    ["xes", "x"],
    ["zes", "z"],
    ["ches", "ch"],
    ["shes", "sh"],
    ["men", "man"],
    ["ies", "y"],
  ],
  v: [
    ["s", ""],
    ["ies", "y"],
    ["es", "e"],
    ["es", ""],
    ["ed", "e"],
    ["ed", ""],
    ["ing", "e"],
    ["ing", ""],
  ],
  a: [
    ["er", ""],
    ["est", ""],
    ["er", "e"],
    ["est", "e"],
  ],
  r: [],
};

interface Lists {
  /** Word id -> position of its list in `start`. */
  readonly at: Map<number, number>;
  /** List j is values[start[j] … start[j+1]). */
  readonly start: Int32Array;
  readonly values: Int32Array;
}

interface Tables {
  words: string[];
  ids: Map<string, number>;
  /** Synset k's lemma name ids are synLemmas[synStart[k] … synStart[k+1]). */
  synStart: Int32Array;
  synLemmas: Int32Array;
  /** Per part of speech: word id -> synset ids (index.* order). */
  index: Record<WordNetPos, Lists>;
  /** Per part of speech: word id -> base form ids (*.exc). */
  exc: Record<WordNetPos, Lists>;
}

let tables: Tables | undefined;

const COLON = 58;
const COMMA = 44;
const SEMI = 59;

/** The value of a base-36 digit (0-9, a-z). */
function digit(c: number): number {
  return c <= 57 ? c - 48 : c - 87;
}

/** Parses `key:v,v;key:v;…` (base 36) in one pass over the character codes. */
function parseLists(text: string): Lists {
  let entries = 0;
  let numbers = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === SEMI) entries++;
    else if (c === COMMA) numbers++;
  }
  if (text.length > 0) entries++;
  const at = new Map<number, number>();
  const start = new Int32Array(entries + 1);
  const values = new Int32Array(numbers + entries);
  let n = 0;
  let j = 0;
  let value = 0;
  let key = -1;
  let digits = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : SEMI;
    if (c === COLON) {
      key = value;
      value = 0;
      digits = 0;
      at.set(key, j);
      start[j] = n;
    } else if (c === COMMA || c === SEMI) {
      if (digits > 0) values[n++] = value;
      value = 0;
      digits = 0;
      if (c === SEMI && key >= 0) {
        j++;
        key = -1;
      }
    } else {
      value = value * 36 + digit(c);
      digits++;
    }
  }
  start[j] = n;
  return { at, start, values: values.subarray(0, n) };
}

/** Parses the generated data once, on first use. */
function load(): Tables {
  if (tables !== undefined) return tables;
  const words = WORDS.split("\n");
  const ids = new Map<string, number>();
  for (let i = 0; i < words.length; i++) ids.set(words[i]!, i);
  // SYNSETS is "v,v;v,v;…": the same list syntax without keys.
  let groups = 1;
  let numbers = 1;
  for (let i = 0; i < SYNSETS.length; i++) {
    const c = SYNSETS.charCodeAt(i);
    if (c === SEMI) groups++;
    if (c === SEMI || c === COMMA) numbers++;
  }
  const synStart = new Int32Array(groups + 1);
  const synLemmas = new Int32Array(numbers);
  let n = 0;
  let g = 0;
  let value = 0;
  for (let i = 0; i <= SYNSETS.length; i++) {
    const c = i < SYNSETS.length ? SYNSETS.charCodeAt(i) : SEMI;
    if (c === COMMA || c === SEMI) {
      synLemmas[n++] = value;
      value = 0;
      if (c === SEMI) synStart[++g] = n;
    } else {
      value = value * 36 + digit(c);
    }
  }
  tables = {
    words,
    ids,
    synStart,
    synLemmas,
    index: { n: parseLists(INDEX_N), v: parseLists(INDEX_V), a: parseLists(INDEX_A), r: parseLists(INDEX_R) },
    exc: { n: parseLists(EXC_N), v: parseLists(EXC_V), a: parseLists(EXC_A), r: parseLists(EXC_R) },
  };
  return tables;
}

function checkWord(word: unknown): asserts word is string {
  if (typeof word !== "string") {
    throw new GramscoreError(ErrorCode.INVALID_TYPE, `A WordNet lookup takes a word (a string), but got ${describeValue(word)}.`);
  }
}

function checkPos(pos: unknown): asserts pos is WordNetPos {
  if (pos !== "n" && pos !== "v" && pos !== "a" && pos !== "r") {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `A WordNet part of speech must be "n", "v", "a" or "r", but got ${describeValue(pos)}. Omit it to look in all four.`,
      { details: { option: "pos" } },
    );
  }
}

function inIndex(t: Tables, form: string, pos: WordNetPos): number {
  const id = t.ids.get(form);
  return id !== undefined && t.index[pos].at.has(id) ? id : -1;
}

/** NLTK's `filter_forms`: the forms in the index under `pos`, first occurrences, as word ids. */
function filterForms(t: Tables, forms: readonly string[], pos: WordNetPos): number[] {
  const out: number[] = [];
  for (const f of forms) {
    const id = inIndex(t, f, pos);
    if (id >= 0 && !out.includes(id)) out.push(id);
  }
  return out;
}

function applyRules(forms: readonly string[], pos: WordNetPos): string[] {
  const rules = MORPHOLOGICAL_SUBSTITUTIONS[pos];
  const out: string[] = [];
  // Repeated forms are dropped: filter_forms keeps first occurrences, and the rules map each form
  // independently, so the first occurrences (and the answer) are the same as without dropping.
  const seen = new Set<string>();
  for (const form of forms) {
    for (const [old, repl] of rules) {
      if (form.endsWith(old)) {
        const next = form.slice(0, form.length - old.length) + repl;
        if (!seen.has(next)) {
          seen.add(next);
          out.push(next);
        }
      }
    }
  }
  return out;
}

function morphyIds(t: Tables, form: string, pos: WordNetPos): number[] {
  const formId = t.ids.get(form);
  if (formId !== undefined) {
    const j = t.exc[pos].at.get(formId);
    if (j !== undefined) {
      const { start, values } = t.exc[pos];
      const forms = [form];
      for (let k = start[j]!; k < start[j + 1]!; k++) forms.push(t.words[values[k]!]!);
      return filterForms(t, forms, pos);
    }
  }
  let forms = applyRules([form], pos);
  const first = filterForms(t, [form, ...forms], pos);
  if (first.length > 0) return first;
  while (forms.length > 0) {
    forms = applyRules(forms, pos);
    const found = filterForms(t, forms, pos);
    if (found.length > 0) return found;
  }
  return [];
}

/**
 * The base forms WordNet knows for `form` under one part of speech: NLTK 3.8's
 * `WordNetCorpusReader._morphy(form, pos)` (the exception list first, then the suffix rules applied
 * repeatedly until a form in the index turns up). `form` is used as given (not lowercased).
 * @throws GramscoreError `INVALID_TYPE` for a non-string, `INVALID_OPTION` for an unknown part of speech.
 * @example morphy("geese", "n"); // ["goose"]
 */
export function morphy(form: string, pos: WordNetPos): string[] {
  checkWord(form);
  checkPos(pos);
  const t = load();
  return morphyIds(t, form, pos).map((id) => t.words[id]!);
}

/** One synset as {@link synsets} returns it. */
export interface WordNetSynset {
  /** The part of speech it was found under (`a` for adjectives and adjective satellites). */
  readonly pos: WordNetPos;
  /** Its lemma names as NLTK's `Synset.lemma_names()` gives them (case kept, `_` for spaces). */
  readonly lemmaNames: readonly string[];
}

function lemmaNamesOf(t: Tables, synset: number): string[] {
  const out: string[] = [];
  for (let i = t.synStart[synset]!; i < t.synStart[synset + 1]!; i++) out.push(t.words[t.synLemmas[i]!]!);
  return out;
}

/**
 * The synsets of a word, as NLTK 3.8's `wordnet.synsets(word, pos)`: the word lowercased, each
 * part of speech (`n`, `v`, `a`, `r`, or only `pos`) in turn, morphy's base forms, their synsets in
 * the index's order. A synset reached twice appears twice, as in NLTK.
 * @throws GramscoreError `INVALID_TYPE` for a non-string, `INVALID_OPTION` for an unknown part of speech.
 * @example synsets("dogs", "n")[0].lemmaNames; // ["dog", "domestic_dog", "Canis_familiaris"]
 */
export function synsets(word: string, pos?: WordNetPos): WordNetSynset[] {
  checkWord(word);
  if (pos !== undefined) checkPos(pos);
  const t = load();
  const lower = word.toLowerCase();
  const out: WordNetSynset[] = [];
  for (const p of pos === undefined ? POS_LIST : [pos]) {
    for (const form of morphyIds(t, lower, p)) {
      const { at, start, values } = t.index[p];
      const j = at.get(form)!;
      for (let k = start[j]!; k < start[j + 1]!; k++) out.push({ pos: p, lemmaNames: lemmaNamesOf(t, values[k]!) });
    }
  }
  return out;
}

/**
 * The lemma names of every synset of a word, in order: NLTK's
 * `list(chain.from_iterable(s.lemma_names() for s in wordnet.synsets(word)))`.
 * @throws GramscoreError `INVALID_TYPE` for a non-string.
 * @example lemmaNames("car").slice(0, 4); // ["car", "auto", "automobile", "machine"]
 */
export function lemmaNames(word: string): string[] {
  checkWord(word);
  const t = load();
  const lower = word.toLowerCase();
  const out: string[] = [];
  for (const p of POS_LIST) {
    for (const form of morphyIds(t, lower, p)) {
      const { at, start, values } = t.index[p];
      const j = at.get(form)!;
      for (let k = start[j]!; k < start[j + 1]!; k++) {
        const s = values[k]!;
        for (let i = t.synStart[s]!; i < t.synStart[s + 1]!; i++) out.push(t.words[t.synLemmas[i]!]!);
      }
    }
  }
  return out;
}

/** Sizes of the loaded data, for reports and tests. */
export function wordnetStats(): { words: number; synsets: number; indexEntries: Record<WordNetPos, number>; exceptions: Record<WordNetPos, number> } {
  const t = load();
  const count = (r: Record<WordNetPos, Lists>): Record<WordNetPos, number> => ({ n: r.n.at.size, v: r.v.at.size, a: r.a.at.size, r: r.r.at.size });
  return { words: t.words.length, synsets: t.synStart.length - 1, indexEntries: count(t.index), exceptions: count(t.exc) };
}

/**
 * A synonym provider for METEOR's synonym stage (`@gramscore/metric-meteor`'s `SynonymProvider`):
 * `lemmaNames(word)` of WordNet 3.0 as a set. METEOR applies NLTK's filter (names without `_`) and
 * adds the word itself.
 */
export interface WordNetSynonymProvider {
  /** `wordnet-3.0`; it goes into METEOR's signature. */
  readonly name: string;
  /** The lemma names of every synset of `word` (see {@link lemmaNames}). */
  synonyms(word: string): ReadonlySet<string>;
}

/**
 * WordNet 3.0 as a METEOR synonym provider: pass it as `createMeteor({ synonyms: wordnet })`. The
 * data is parsed on the first lookup (about 0.2 s); nothing is cached here (METEOR caches per word).
 */
export const wordnet: WordNetSynonymProvider = {
  name: "wordnet-3.0",
  synonyms(word: string): ReadonlySet<string> {
    return new Set(lemmaNames(word));
  },
};
