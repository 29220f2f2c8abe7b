/**
 * NLTK 3.8's METEOR alignment over integer-interned tokens. The three stages (exact, Porter stem,
 * synonym) each walk the unmatched hypothesis words from last to first and pair each with the last
 * unmatched reference word that matches it, as `_match_enums` and `_enum_wordnetsyn_match` do; the
 * words keep their positions, so "unmatched" is a flag instead of NLTK's popped lists.
 */
import { pow } from "@gramscore/core";
import { porterStem } from "@gramscore/stemmer-porter";
import { pyLower } from "@gramscore/tokenizer-whitespace";
import type { SynonymProvider } from "./options.js";

/** Stage numbers in {@link MeteorAligner}'s `stage` output. */
export const STAGE_EXACT = 0;
/** Matched by Porter stems. */
export const STAGE_STEM = 1;
/** Matched by the synonym provider. */
export const STAGE_SYNONYM = 2;

/** (chunks/matches)^beta for small counts, remembered per beta (the correctly rounded pow is slow). */
const fragCache = new Map<number, Float64Array>();
const FRAG_SIDE = 128;

/** `pow(chunks / matches, beta)`, from a table when both counts are below 128. */
function fragPow(chunks: number, matches: number, beta: number): number {
  if (chunks >= FRAG_SIDE || matches >= FRAG_SIDE) return pow(chunks / matches, beta);
  let table = fragCache.get(beta);
  if (table === undefined) {
    if (fragCache.size > 16) fragCache.clear();
    table = new Float64Array(FRAG_SIDE * FRAG_SIDE).fill(-1);
    fragCache.set(beta, table);
  }
  const k = chunks * FRAG_SIDE + matches;
  let v = table[k]!;
  if (v < 0) {
    v = pow(chunks / matches, beta);
    table[k] = v;
  }
  return v;
}

/**
 * METEOR of one hypothesis–reference pair from its counts, with NLTK 3.8's arithmetic and its rule
 * that any division by zero (no hypothesis or reference words, no match) gives 0.
 */
export function meteorFromCounts(matches: number, hypLen: number, refLen: number, chunks: number, alpha: number, beta: number, gamma: number): number {
  if (hypLen === 0 || refLen === 0) return 0;
  const precision = matches / hypLen;
  const recall = matches / refLen;
  const denominator = alpha * precision + (1 - alpha) * recall;
  if (denominator === 0 || matches === 0) return 0;
  const fmean = (precision * recall) / denominator;
  const penalty = gamma * fragPow(chunks, matches, beta);
  return (1 - penalty) * fmean;
}

/** Above this many distinct strings the vocabulary (and every cache keyed by it) starts over. */
const VOCAB_LIMIT = 1 << 21;

/**
 * Interns tokens and aligns hypotheses with references. One instance per metric; not reentrant.
 */
export class MeteorAligner {
  private vocab = new Map<string, number>();
  private words: string[] = [];
  /** Raw token -> id of its lowercased form. */
  private lowerIds = new Map<string, number>();
  /** Id -> id of its stem (−1: not computed yet). */
  private stemIds = new Int32Array(1024).fill(-1);
  /** Id -> its synonym set as ids (NLTK's filtered lemma names plus the word), when computed. */
  private synIds: (Set<number> | undefined)[] = [];
  /** Per id: the highest unmatched reference position with that key (−1: none), used inside a stage. */
  private head = new Int32Array(1024).fill(-1);
  private prev = new Int32Array(64);
  /** Per hypothesis position: the matched reference position or −1. */
  refOf = new Int32Array(64);
  /** Per hypothesis position: the stage that matched it. */
  stageOf = new Uint8Array(64);
  private refUsed = new Uint8Array(64);
  private hypStem = new Int32Array(64);
  private refStem = new Int32Array(64);
  /** Matches and chunks of the last {@link align}. */
  matches = 0;
  chunks = 0;

  constructor(
    private readonly stem: boolean,
    private readonly synonyms: SynonymProvider | null,
  ) {}

  /** Starts over when the vocabulary is too large; call between segments only. */
  maybeReset(): boolean {
    if (this.words.length <= VOCAB_LIMIT) return false;
    this.vocab = new Map();
    this.words = [];
    this.lowerIds = new Map();
    this.stemIds.fill(-1);
    this.synIds = [];
    return true;
  }

  private intern(word: string): number {
    let id = this.vocab.get(word);
    if (id === undefined) {
      id = this.words.length;
      this.vocab.set(word, id);
      this.words.push(word);
      if (id >= this.stemIds.length) {
        const grown = new Int32Array(this.stemIds.length * 2).fill(-1);
        grown.set(this.stemIds);
        this.stemIds = grown;
        const head = new Int32Array(this.head.length * 2).fill(-1);
        head.set(this.head);
        this.head = head;
      }
    }
    return id;
  }

  /** The id of a token after NLTK's preprocess (`str.lower`). */
  lowerId(token: string): number {
    let id = this.lowerIds.get(token);
    if (id === undefined) {
      id = this.intern(pyLower(token));
      this.lowerIds.set(token, id);
    }
    return id;
  }

  /** Token ids (lowercased) of a token list. */
  ids(tokens: readonly string[]): Int32Array {
    const out = new Int32Array(tokens.length);
    for (let i = 0; i < tokens.length; i++) out[i] = this.lowerId(tokens[i]!);
    return out;
  }

  /** The string of an id. */
  word(id: number): string {
    return this.words[id]!;
  }

  private stemId(id: number): number {
    let s = this.stemIds[id]!;
    if (s < 0) {
      s = this.intern(porterStem(this.words[id]!));
      this.stemIds[id] = s;
    }
    return s;
  }

  private synSet(id: number): Set<number> {
    let set = this.synIds[id];
    if (set === undefined) {
      set = new Set<number>();
      for (const name of this.synonyms!.synonyms(this.words[id]!)) {
        if (typeof name === "string" && name.indexOf("_") < 0) set.add(this.intern(name));
      }
      set.add(id);
      this.synIds[id] = set;
    }
    return set;
  }

  private grow(n: number, m: number): void {
    if (this.refOf.length < n) {
      const size = Math.max(n, 2 * this.refOf.length);
      this.refOf = new Int32Array(size);
      this.stageOf = new Uint8Array(size);
      this.hypStem = new Int32Array(size);
    }
    if (this.refUsed.length < m) {
      const size = Math.max(m, 2 * this.refUsed.length);
      this.refUsed = new Uint8Array(size);
      this.prev = new Int32Array(size);
      this.refStem = new Int32Array(size);
    }
  }

  /**
   * One greedy stage over keys `hk` / `rk`: for each unmatched hypothesis position from last to
   * first, the last unmatched reference position with the same key. Returns the matches made.
   */
  private stage(hk: Int32Array, n: number, rk: Int32Array, m: number, stage: number): number {
    const { head, prev, refUsed, refOf, stageOf } = this;
    let free = 0;
    for (let j = 0; j < m; j++) {
      if (refUsed[j] === 0) {
        const k = rk[j]!;
        prev[j] = head[k]!;
        head[k] = j;
        free++;
      }
    }
    let made = 0;
    for (let i = n - 1; i >= 0 && made < free; i--) {
      if (refOf[i]! >= 0) continue;
      const k = hk[i]!;
      const j = head[k]!;
      if (j >= 0) {
        refOf[i] = j;
        stageOf[i] = stage;
        refUsed[j] = 1;
        head[k] = prev[j]!;
        made++;
      }
    }
    for (let j = 0; j < m; j++) head[rk[j]!] = -1;
    return made;
  }

  /**
   * Aligns hypothesis ids `h` with reference ids `r` (both lowercased) as NLTK's `_enum_align_words`;
   * fills {@link refOf} / {@link stageOf} for the first `h.length` positions and sets
   * {@link matches} and {@link chunks} (NLTK's `_count_chunks`, 1 when nothing matched).
   */
  align(h: Int32Array, r: Int32Array): void {
    const n = h.length;
    const m = r.length;
    this.grow(n, m);
    const { refOf, refUsed } = this;
    refOf.fill(-1, 0, n);
    refUsed.fill(0, 0, m);
    let matched = this.stage(h, n, r, m, STAGE_EXACT);
    if (matched < n && matched < m && this.stem) {
      const hs = this.hypStem;
      const rs = this.refStem;
      for (let i = 0; i < n; i++) hs[i] = refOf[i]! >= 0 ? -1 : this.stemId(h[i]!);
      for (let j = 0; j < m; j++) rs[j] = refUsed[j] === 1 ? -1 : this.stemId(r[j]!);
      // Matched positions carry key −1: the stage skips them, and never reads head[−1].
      matched += this.stageKeys(hs, n, rs, m, STAGE_STEM);
    }
    if (matched < n && matched < m && this.synonyms !== null) {
      // NLTK looks synonyms up for the words after its stem stage: their stems (or the words
      // themselves when the stem stage is off).
      const hs = this.hypStem;
      const rs = this.refStem;
      for (let i = 0; i < n; i++) hs[i] = this.stem ? this.stemId(h[i]!) : h[i]!;
      for (let j = 0; j < m; j++) rs[j] = this.stem ? this.stemId(r[j]!) : r[j]!;
      // Unmatched reference positions chained per key, highest first. For each hypothesis word NLTK
      // takes the last unmatched reference word in its synonym set: the highest chain head over the
      // set's members, or (when the set is larger than what is left) the first hit scanning back.
      const prev = this.prev;
      let free = 0;
      for (let j = 0; j < m; j++) {
        if (refUsed[j] === 0) {
          const k = rs[j]!;
          prev[j] = this.head[k]!;
          this.head[k] = j;
          free++;
        }
      }
      for (let i = n - 1; i >= 0 && free > 0; i--) {
        if (refOf[i]! >= 0) continue;
        const syn = this.synSet(hs[i]!); // may grow this.head (interning names): read it afterwards
        const head = this.head;
        let best = -1;
        if (syn.size <= free) {
          for (const k of syn) {
            const j = head[k]!;
            if (j > best) best = j;
          }
        } else {
          for (let j = m - 1; j >= 0; j--) {
            if (refUsed[j] === 0 && syn.has(rs[j]!)) {
              best = j;
              break;
            }
          }
        }
        if (best >= 0) {
          refOf[i] = best;
          this.stageOf[i] = STAGE_SYNONYM;
          refUsed[best] = 1;
          head[rs[best]!] = prev[best]!;
          matched++;
          free--;
        }
      }
      const head = this.head;
      for (let j = 0; j < m; j++) head[rs[j]!] = -1;
    }
    let chunks = 1;
    let last = -2;
    let lastRef = -2;
    let first = true;
    for (let i = 0; i < n; i++) {
      const j = refOf[i]!;
      if (j < 0) continue;
      if (!first && !(i === last + 1 && j === lastRef + 1)) chunks++;
      first = false;
      last = i;
      lastRef = j;
    }
    this.matches = matched;
    this.chunks = chunks;
  }

  /** {@link stage} where key −1 marks positions already matched. */
  private stageKeys(hk: Int32Array, n: number, rk: Int32Array, m: number, stage: number): number {
    const { head, prev, refOf, stageOf, refUsed } = this;
    let free = 0;
    for (let j = 0; j < m; j++) {
      const k = rk[j]!;
      if (k >= 0) {
        prev[j] = head[k]!;
        head[k] = j;
        free++;
      }
    }
    let made = 0;
    for (let i = n - 1; i >= 0 && made < free; i--) {
      const k = hk[i]!;
      if (k < 0) continue;
      const j = head[k]!;
      if (j >= 0) {
        refOf[i] = j;
        stageOf[i] = stage;
        refUsed[j] = 1;
        head[k] = prev[j]!;
        made++;
      }
    }
    for (let j = 0; j < m; j++) {
      const k = rk[j]!;
      if (k >= 0) head[k] = -1;
    }
    return made;
  }
}
