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

interface Tables {
  words: string[];
  ids: Map<string, number>;
  /** Synset k's lemma name ids are synLemmas[synStart[k] … synStart[k+1]). */
  synStart: Int32Array;
  synLemmas: Int32Array;
  /** Per part of speech: word id -> synset ids (index.* order). */
  index: Record<WordNetPos, Map<number, Int32Array>>;
  /** Per part of speech: word id -> base form ids (*.exc). */
  exc: Record<WordNetPos, Map<number, Int32Array>>;
}

let tables: Tables | undefined;

function parseLists(text: string): Map<number, Int32Array> {
  const out = new Map<number, Int32Array>();
  if (text.length === 0) return out;
  for (const entry of text.split(";")) {
    const colon = entry.indexOf(":");
    const key = parseInt(entry.slice(0, colon), 36);
    const rest = entry.slice(colon + 1);
    out.set(key, rest.length === 0 ? new Int32Array(0) : Int32Array.from(rest.split(","), (x) => parseInt(x, 36)));
  }
  return out;
}

/** Parses the generated data once, on first use. */
function load(): Tables {
  if (tables !== undefined) return tables;
  const words = WORDS.split("\n");
  const ids = new Map<string, number>();
  for (let i = 0; i < words.length; i++) ids.set(words[i]!, i);
  const groups = SYNSETS.split(";");
  const synStart = new Int32Array(groups.length + 1);
  const flat: number[] = [];
  for (let k = 0; k < groups.length; k++) {
    synStart[k] = flat.length;
    for (const x of groups[k]!.split(",")) flat.push(parseInt(x, 36));
  }
  synStart[groups.length] = flat.length;
  tables = {
    words,
    ids,
    synStart,
    synLemmas: Int32Array.from(flat),
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
  return id !== undefined && t.index[pos].has(id) ? id : -1;
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
    const bases = t.exc[pos].get(formId);
    if (bases !== undefined) return filterForms(t, [form, ...Array.from(bases, (b) => t.words[b]!)], pos);
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
      for (const s of t.index[p].get(form)!) out.push({ pos: p, lemmaNames: lemmaNamesOf(t, s) });
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
      for (const s of t.index[p].get(form)!) {
        for (let i = t.synStart[s]!; i < t.synStart[s + 1]!; i++) out.push(t.words[t.synLemmas[i]!]!);
      }
    }
  }
  return out;
}

/** Sizes of the loaded data, for reports and tests. */
export function wordnetStats(): { words: number; synsets: number; indexEntries: Record<WordNetPos, number>; exceptions: Record<WordNetPos, number> } {
  const t = load();
  const count = (r: Record<WordNetPos, Map<number, Int32Array>>): Record<WordNetPos, number> => ({ n: r.n.size, v: r.v.size, a: r.a.size, r: r.r.size });
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
