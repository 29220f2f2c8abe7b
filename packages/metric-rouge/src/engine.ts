import { BoundedCache, ErrorCode, GramscoreError, describeValue } from "@gramscore/core";
import {
  NgramTable,
  countSkipBigrams,
  lcsLengthDense,
  lcsLengthMasked,
  lcsLimits,
  overlap,
  popcount32,
  pow,
  unionLcsIndices,
  unionWeightedLcsIndices,
  type NgramCounts,
} from "@gramscore/ngram";
import { fmeasure, fmeasure155, round5, weightTable } from "./numbers.js";
import type { RougeConfig, TypeSpec } from "./options.js";
import { REFERENCE_CACHE, REFERENCE_CACHE_BYTES, buildTables, entryBytes, type ReferenceEntry, type ReferenceTables } from "./reference.js";
import { WordScanner } from "./scan.js";
import { Interner, checkText, newlineSentences, rouge155Text, type ResolvedTokenizer } from "./tokenize.js";

const EMPTY = new Int32Array(0);

/** A text turned into token ids. */
export interface PreparedText {
  /** The tokens of the whole text (ROUGE-N, rougeL, S/SU; ROUGE-1.5.5's unigram counts). */
  readonly flat: Int32Array;
  /** The tokens of each sentence (rougeLsum, ROUGE-1.5.5's L and W). */
  readonly sents: Int32Array[];
  /** The tokens whose counts clip union-LCS hits (rouge-score: all sentence tokens; ROUGE-1.5.5: `flat`). */
  readonly counter: Int32Array;
  /** The token strings behind the ids: `flat` and `sents` (for explanations). */
  readonly strings?: { flat: string[]; sents: string[][] };
  /** The n-gram keys of `flat` per order (index n − 1), filled on first use within a segment. */
  keys?: Int32Array[];
  /** The segment `keys` belong to (keys are only valid until the n-gram table is cleared). */
  keysSegment?: number;
}

/** Distinct tokens (or raw words) kept before the caches start over. */
const VOCABULARY_LIMIT = 1 << 20;
/** Largest `L^n` (L = distinct tokens of a segment) whose n-grams are counted in a plain array. */
const DIRECT_LIMIT = 1 << 20;

/** @internal Settings of an engine that tests change; a metric uses the defaults. */
export interface EngineTuning {
  /** References kept between segments (default {@link REFERENCE_CACHE}; 0: none). */
  readonly referenceCache?: number;
  /** Estimated bytes those references may hold (default {@link REFERENCE_CACHE_BYTES}). */
  readonly referenceCacheBytes?: number;
  /** Score rouge-score's ROUGE-N and rougeL from the references' tables when possible (default true). */
  readonly tables?: boolean;
}

/**
 * What one segment yields per ROUGE type `t` and reference `r` (index `t·K + r`): the hits, the
 * reference (model) count, the hypothesis (peer) count, and ROUGE-1.5.5's `-f B` selection score.
 * For ROUGE-W the model count is `f(base)`, `base[t·K + r]` keeps `Σ f(sentence length)`.
 */
export interface ReferenceData {
  readonly refs: number;
  readonly hit: Float64Array;
  readonly model: Float64Array;
  readonly peer: Float64Array;
  readonly select: Float64Array;
}

function concat(parts: readonly Int32Array[]): Int32Array {
  if (parts.length === 1) return parts[0]!;
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Int32Array(n);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/** True when the policy compares ROUGE-1.5.5's `-f B` scores (best-recall, jackknife). */
function rouge155Selects(policy: string): boolean {
  return policy === "best-recall" || policy === "jackknife";
}

/** The n-grams of order `n` of a local-id sequence as the numbers `Σ id·L^k`, sorted. */
function sortedKeys(ids: Int32Array, n: number, L: number): Float64Array {
  const len = Math.max(ids.length - n + 1, 0);
  const out = new Float64Array(len);
  for (let i = 0; i < len; i++) {
    let key = 0;
    for (let j = 0; j < n; j++) key = key * L + ids[i + j]!;
    out[i] = key;
  }
  return out.sort();
}

/** `Σ_g min(a_g, b_g)` of two sorted lists of n-gram numbers. */
function sortedOverlap(a: Float64Array, b: Float64Array): number {
  let i = 0;
  let j = 0;
  let hits = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x < y) i++;
    else if (x > y) j++;
    else {
      hits++;
      i++;
      j++;
    }
  }
  return hits;
}

/** Throws the error ROUGE-1.5.5 dies with when ROUGE-W meets a reference without tokens. */
function wlcsDivisionByZero(reference: number): GramscoreError {
  return new GramscoreError(
    ErrorCode.EMPTY_INPUT,
    `ROUGE-W is undefined for reference ${reference} of this segment: it has no token left after tokenization ` +
      "(empty, only spaces or punctuation, non-ASCII only for ROUGE-1.5.5's tokenizer, or only stopwords). ROUGE-1.5.5.pl dies here " +
      "with \"Illegal division by zero\". Fix or drop that reference, leave rougeW out of rougeTypes, or set emptyReference: \"zero\" to score it 0.",
    { details: { reference, measure: "ROUGE-W" } },
  );
}

/** The per-segment computation of both modes. One engine per metric; not re-entrant. */
export class RougeEngine {
  readonly config: RougeConfig;
  readonly tokenizer: ResolvedTokenizer;
  /** Statistics columns per ROUGE type: P, R, F (+ model count, peer count, hits in rouge155 mode). */
  readonly stride: number;
  readonly #interner = new Interner();
  readonly #table = new NgramTable(1024);
  /** Raw word → id of its token (−1: no token, −2: several), for the built-in tokenizers. */
  readonly #wordIds = new Map<string, number>();
  /** References (and, when scored from tables, their tables) kept between segments. */
  readonly #refs: BoundedCache<ReferenceEntry>;
  readonly #scanner: WordScanner | undefined;
  /** True when every type is rouge-score's ROUGE-N or rougeL and the scanner reads the texts. */
  readonly #tables: boolean;
  /** True when a type is rougeL (rouge-score) scored from tables. */
  readonly #hasLcs: boolean;
  /** True when the types are only ROUGE-1, ROUGE-2 and rougeL (see {@link #onePass}). */
  readonly #fusable: boolean;
  #countA = new Int32Array(1024);
  #countB = new Int32Array(1024);
  #keyCount = new Int32Array(1024);
  /** Scratch hit mask of one sentence (ROUGE-W). */
  #mask = new Uint8Array(256);
  #segment = 0;
  readonly #needFlat: boolean;
  readonly #needSents: boolean;
  readonly #maxN: number;

  /**
   * @param tuning Cache bounds and paths (tests); the defaults otherwise.
   */
  constructor(config: RougeConfig, tokenizer: ResolvedTokenizer, tuning: EngineTuning = {}) {
    this.config = config;
    this.tokenizer = tokenizer;
    this.stride = config.mode === "rouge155" ? 6 : 3;
    let maxN = 0;
    let needFlat = config.mode === "rouge155";
    let needSents = false;
    for (const t of config.types) {
      if (t.kind === "n") {
        maxN = Math.max(maxN, t.n);
        needFlat = true;
      } else if (t.kind === "l") {
        if (config.mode === "rouge155") needSents = true;
        else needFlat = true;
      } else if (t.kind === "lsum" || t.kind === "w") needSents = true;
      else needFlat = true;
    }
    this.#needFlat = needFlat;
    this.#needSents = needSents;
    this.#maxN = maxN;
    this.#row = new Float64Array(config.types.length * this.stride);
    if (tokenizer.scan !== undefined) {
      const interner = this.#interner;
      const tok = tokenizer.tokenizer;
      const wordToken = tokenizer.wordToken;
      this.#scanner = new WordScanner(
        tokenizer.scan,
        wordToken !== undefined
          ? (word) => {
              const t = wordToken(word);
              return t.length === 0 ? -1 : interner.id(t);
            }
          : (word) => {
              const t = tok.tokenize(word);
              return t.length === 0 ? -1 : t.length === 1 ? interner.id(t[0]!) : -2;
            },
      );
    }
    this.#refs = new BoundedCache(tuning.referenceCache ?? REFERENCE_CACHE, tuning.referenceCacheBytes ?? REFERENCE_CACHE_BYTES);
    this.#tables =
      (tuning.tables ?? true) && config.mode === "rouge-score" && this.#scanner !== undefined && config.types.every((t) => t.kind === "n" || t.kind === "l");
    this.#hasLcs = this.#tables && config.types.some((t) => t.kind === "l");
    this.#fusable = this.#tables && config.types.every((t) => t.kind === "l" || (t.kind === "n" && t.n <= 2));
  }

  /** Number of statistics columns. */
  get columns(): number {
    return this.config.types.length * this.stride;
  }

  #tokens(text: string, what: string): string[] {
    if (!this.tokenizer.checksText) checkText(text, what);
    const tokens = this.tokenizer.tokenizer.tokenize(text);
    if (!Array.isArray(tokens)) {
      throw new GramscoreError(ErrorCode.INVALID_TYPE, `The tokenizer ${this.tokenizer.tokenizer.name} returned ${describeValue(tokens)} instead of an array of strings.`);
    }
    return tokens;
  }

  /** The token ids of `text`: per raw word from the cache when the tokenizer allows it. */
  #ids(text: string, what: string): Int32Array {
    if (this.#scanner !== undefined) {
      const ids = this.#scanner.ids(text);
      if (ids !== undefined) return ids;
      return this.#interner.ids(this.#tokens(text, what));
    }
    const words = this.tokenizer.words;
    if (words === undefined) return this.#interner.ids(this.#tokens(text, what));
    const ws = words(text);
    const cache = this.#wordIds;
    const out = new Int32Array(ws.length);
    let n = 0;
    for (let i = 0; i < ws.length; i++) {
      const w = ws[i]!;
      let v = cache.get(w);
      if (v === undefined) {
        const t = this.tokenizer.tokenizer.tokenize(w);
        v = t.length === 0 ? -1 : t.length === 1 ? this.#interner.id(t[0]!) : -2;
        cache.set(w, v);
      }
      if (v >= 0) out[n++] = v;
      else if (v === -2) return this.#interner.ids(this.#tokens(text, what));
    }
    return n === out.length ? out : out.slice(0, n);
  }

  /** Starts over (ids, caches, n-gram table) when they have grown too large; call between segments. */
  #maybeReset(): void {
    // The n-gram table lives for one segment: small tables stay in the processor's cache.
    this.#table.clear();
    this.#segment = (this.#segment + 1) & 0x3fffffff;
    if (this.#interner.full || this.#wordIds.size > VOCABULARY_LIMIT || (this.#scanner?.size ?? 0) > VOCABULARY_LIMIT) {
      this.#interner.clear();
      this.#wordIds.clear();
      this.#scanner?.clear();
      this.#refs.clear();
    }
  }

  /**
   * True when {@link segment} reads every code unit of the hypothesis and of each reference it does not
   * have cached (the one-pass scanner, or a tokenizer that checks its text), so it throws for text
   * with a lone surrogate: rouge-score's ROUGE-N and rougeL with the built-in rouge tokenizer.
   */
  get readsWholeTexts(): boolean {
    return this.#tables;
  }

  /** True when the reference `text` is cached (it was checked when it was cached). */
  hasReference(text: string): boolean {
    return this.#refs.has(text);
  }

  /**
   * A reference through the cache: its token ids (not its n-gram keys), and its tables when the engine
   * scores from them.
   */
  #reference(text: string, index: number): ReferenceEntry {
    const hit = this.#refs.get(text);
    if (hit !== undefined) return hit;
    const prepared = this.#scanned(text) ?? this.prepare(text, `Reference ${index}`);
    const entry: ReferenceEntry = { prepared, tables: this.#tables ? this.#buildTables(prepared.flat) : undefined };
    if (this.#refs.enabled) this.#refs.set(text, entry, entryBytes(text, entry));
    return entry;
  }

  /** {@link buildTables} with the engine's scratch. */
  #buildTables(ids: Int32Array): ReferenceTables {
    this.#localOfSize();
    if (this.#distinct.length < ids.length) this.#distinct = new Int32Array(ids.length * 2);
    return buildTables(ids, this.#localOf, this.#distinct);
  }

  /** Makes the token id → local id table cover every id handed out. */
  #localOfSize(): void {
    const size = this.#interner.size;
    if (this.#localOf.length < size) {
      let n = this.#localOf.length;
      while (n < size) n *= 2;
      const bigger = new Int32Array(n).fill(-1);
      bigger.set(this.#localOf);
      this.#localOf = bigger;
    }
  }

  /** Token id → local id of the reference at hand; −1 everywhere between uses. */
  #localOf = new Int32Array(1024).fill(-1);
  /** Scratch: the distinct ids of a reference being tabled. */
  #distinct = new Int32Array(256);
  /** Scratch: the hypothesis as local ids of one reference (and, for the general LCS, a copy). */
  #hypLocal = new Int32Array(256);
  #hypDense = new Int32Array(256);
  /** Scratch: the LCS bit vector. */
  #lcsVector = new Uint32Array(8);
  /** Scratch: the entries of a segment's references. */
  #entries: ReferenceEntry[] = [];
  /** The per-reference numbers of a segment scored from tables. */
  #tableData = { refs: 0, hit: new Float64Array(64), model: new Float64Array(64), peer: new Float64Array(64), select: new Float64Array(64) };

  /**
   * rouge-score's ROUGE-N and rougeL of one segment from its references' tables: the hypothesis is
   * scanned into the transient buffer, then, per reference, its tokens become the reference's local ids
   * (−1 for tokens the reference lacks) through one table indexed by token id; n-grams are counted in a
   * plain array, the LCS runs on the reference's bit masks. The same integers as the general path, so
   * the same row. Undefined when a text needs the general path (a word with several tokens, too many
   * distinct tokens for a plain n-gram array).
   */
  #fromTables(hyp: string, refs: readonly string[]): Float64Array | undefined {
    const scanner = this.#scanner!;
    const hn = scanner.scanTransient(hyp);
    if (hn < 0) return undefined;
    const K = refs.length;
    const entries = this.#entries;
    for (let r = 0; r < K; r++) {
      const e = this.#reference(refs[r]!, r);
      if (e.tables === undefined) return undefined;
      entries[r] = e;
    }
    const h = scanner.transientTokens;
    const types = this.config.types;
    const T = types.length;
    const data = this.#tableData;
    if (data.hit.length < T * K) {
      const size = Math.max(T * K, data.hit.length * 2);
      data.hit = new Float64Array(size);
      data.model = new Float64Array(size);
      data.peer = new Float64Array(size);
      data.select = new Float64Array(size);
    }
    data.refs = K;
    const { hit, model, peer } = data;
    this.#localOfSize();
    const localOf = this.#localOf;
    if (this.#hypLocal.length < hn) this.#hypLocal = new Int32Array(hn * 2);
    const hl = this.#hypLocal;
    const limits = this.#hasLcs ? lcsLimits() : undefined;
    for (let r = 0; r < K; r++) {
      const t = entries[r]!.tables!;
      const distinct = t.distinct;
      const L = distinct.length;
      const a = t.local;
      const m = a.length;
      for (let i = 0; i < L; i++) localOf[distinct[i]!] = i;
      // A reference of at most 32 tokens and only ROUGE-1, ROUGE-2 and rougeL: one pass over the
      // hypothesis counts unigram and bigram hits and runs the LCS. Otherwise the hypothesis becomes
      // the reference's local ids and each type is counted on its own.
      const fused = this.#fusable && m > 0 && t.words === 1 && t.masks !== undefined && (limits === undefined || (m * hn <= limits.cells && t.masks.length <= limits.maskWords));
      if (fused) this.#onePass(t, t.masks!, h, hn, localOf);
      else for (let j = 0; j < hn; j++) hl[j] = localOf[h[j]!]!;
      for (let i = 0; i < L; i++) localOf[distinct[i]!] = -1;
      for (let ti = 0; ti < T; ti++) {
        const type = types[ti]!;
        const i = ti * K + r;
        if (type.kind === "n") {
          const n = type.n;
          if (fused) hit[i] = n === 1 ? this.#hits1 : this.#hits2;
          else if (m >= n && hn >= n) {
            let span = 1;
            for (let k = 0; k < n && span <= DIRECT_LIMIT; k++) span *= L;
            if (span > DIRECT_LIMIT) return undefined;
            this.#directSize(span);
            hit[i] = this.#localOverlap(a, m, hl, hn, n, L);
          } else hit[i] = 0;
          model[i] = Math.max(m - n + 1, 0);
          peer[i] = Math.max(hn - n + 1, 0);
        } else {
          // A fused reference has m > 0.
          hit[i] = m > 0 && hn > 0 ? (fused ? this.#hitsL : this.#lcs(t, hl, hn, limits!)) : 0;
          model[i] = m;
          peer[i] = hn;
        }
      }
    }
    return this.combine(data, undefined, this.#row);
  }

  /** What {@link #onePass} found: unigram hits, bigram hits, LCS length. */
  #hits1 = 0;
  #hits2 = 0;
  #hitsL = 0;

  /**
   * Unigram hits, bigram hits and the LCS length of a reference of 1 to 32 tokens (one mask word per
   * local id) and the hypothesis `h[0 … hn)`, whose tokens `localOf` maps to the reference's local ids
   * (−1: absent), in one pass over the hypothesis: the reference's unigrams and bigrams are counted
   * in the plain array (bigram `(x, y)` at `L + x·L + y`), consumed, then cleared.
   */
  #onePass(t: ReferenceTables, masks: Uint32Array, h: Int32Array, hn: number, localOf: Int32Array): void {
    const a = t.local;
    const m = a.length;
    const L = t.distinct.length;
    this.#directSize(L + L * L);
    const c = this.#direct;
    c[a[0]!]!++;
    for (let i = 1; i < m; i++) {
      c[a[i]!]!++;
      c[L + a[i - 1]! * L + a[i]!]!++;
    }
    let h1 = 0;
    let h2 = 0;
    let x = 0xffffffff;
    let prev = -1;
    for (let j = 0; j < hn; j++) {
      const y = localOf[h[j]!]!;
      if (y >= 0) {
        if (c[y]! > 0) {
          h1++;
          c[y]!--;
        }
        if (prev >= 0) {
          const k = L + prev * L + y;
          if (c[k]! > 0) {
            h2++;
            c[k]!--;
          }
        }
        const u = x & masks[y]!;
        x = ((x + u) | (x & ~u)) >>> 0;
      }
      prev = y;
    }
    c[a[0]!] = 0;
    for (let i = 1; i < m; i++) {
      c[a[i]!] = 0;
      c[L + a[i - 1]! * L + a[i]!] = 0;
    }
    this.#hits1 = h1;
    this.#hits2 = h2;
    this.#hitsL = m - popcount32(m === 32 ? x : x & ((1 << m) - 1));
  }

  /**
   * The LCS length of a reference (its tables) and the hypothesis as its local ids: from the masks
   * within the LCS limits, else through `lcsLengthDense` (which throws where the general path throws).
   */
  #lcs(t: ReferenceTables, hl: Int32Array, hn: number, limits: { cells: number; maskWords: number }): number {
    const m = t.local.length;
    const L = t.distinct.length;
    if (t.masks !== undefined && m * hn <= limits.cells && t.masks.length <= limits.maskWords) {
      if (this.#lcsVector.length < t.words) this.#lcsVector = new Uint32Array(t.words * 2);
      return lcsLengthMasked(t.masks, t.words, m, hl, hn, this.#lcsVector);
    }
    // Tokens the reference lacks all become id L, which matches nothing of the reference.
    if (this.#hypDense.length < hn) this.#hypDense = new Int32Array(hn * 2);
    const b = this.#hypDense.subarray(0, hn);
    for (let j = 0; j < hn; j++) b[j] = hl[j]! < 0 ? L : hl[j]!;
    return lcsLengthDense(t.local, b, L + 1);
  }

  /** `Σ_g min(a_g, b_g)` over the n-grams of local-id sequences (`b` may hold −1: no match), in the plain array. */
  #localOverlap(a: Int32Array, m: number, b: Int32Array, bn: number, n: number, L: number): number {
    const c = this.#direct;
    let hits = 0;
    if (n === 1) {
      for (let i = 0; i < m; i++) c[a[i]!]!++;
      for (let j = 0; j < bn; j++) {
        const k = b[j]!;
        if (k >= 0 && c[k]! > 0) {
          hits++;
          c[k]!--;
        }
      }
      for (let i = 0; i < m; i++) c[a[i]!] = 0;
      return hits;
    }
    if (n === 2) {
      for (let i = 1; i < m; i++) c[a[i - 1]! * L + a[i]!]!++;
      let x = b[0]!;
      for (let j = 1; j < bn; j++) {
        const y = b[j]!;
        if (x >= 0 && y >= 0) {
          const k = x * L + y;
          if (c[k]! > 0) {
            hits++;
            c[k]!--;
          }
        }
        x = y;
      }
      for (let i = 1; i < m; i++) c[a[i - 1]! * L + a[i]!] = 0;
      return hits;
    }
    for (let i = 0; i + n <= m; i++) {
      let key = 0;
      for (let k = 0; k < n; k++) key = key * L + a[i + k]!;
      c[key]!++;
    }
    for (let j = 0; j + n <= bn; j++) {
      let key = 0;
      let k = 0;
      for (; k < n; k++) {
        const x = b[j + k]!;
        if (x < 0) break;
        key = key * L + x;
      }
      if (k === n && c[key]! > 0) {
        hits++;
        c[key]!--;
      }
    }
    for (let i = 0; i + n <= m; i++) {
      let key = 0;
      for (let k = 0; k < n; k++) key = key * L + a[i + k]!;
      c[key] = 0;
    }
    return hits;
  }

  /** {@link prepare} by the one-pass scanner, when the tokenizer has one and no length limit applies. */
  #scanned(text: string, transient = false): PreparedText | undefined {
    const scanner = this.#scanner;
    if (scanner === undefined) return undefined;
    if (this.config.mode === "rouge155") {
      if (this.config.lengthLimit > 0 || this.config.byteLimit > 0) return undefined;
      if (!this.#needSents) {
        const flat = scanner.ids(text, transient);
        return flat === undefined ? undefined : { flat, sents: [], counter: flat };
      }
      const r = scanner.lines(text, transient);
      return r === undefined ? undefined : { flat: r.flat, sents: r.lines, counter: r.flat };
    }
    if (this.#needSents) {
      const r = scanner.lines(text, transient);
      if (r === undefined) return undefined;
      return { flat: this.#needFlat ? r.flat : EMPTY, sents: r.lines, counter: r.flat };
    }
    const flat = scanner.ids(text, transient);
    return flat === undefined ? undefined : { flat, sents: [], counter: EMPTY };
  }

  /** Tokenizes and interns one text. `keepStrings` keeps the token strings (for explanations). */
  prepare(text: string, what: string, keepStrings = false): PreparedText {
    const ids = keepStrings
      ? (t: string, into: string[][]) => {
          const tokens = this.#tokens(t, what);
          into.push(tokens);
          return this.#interner.ids(tokens);
        }
      : (t: string) => this.#ids(t, what);
    const sentTokens: string[][] = [];
    const flatTokens: string[][] = [];
    let sents: Int32Array[] = [];
    let flat: Int32Array = EMPTY;
    let counter: Int32Array = EMPTY;
    if (this.config.mode === "rouge155") {
      const { flat: pieces, sentences } = rouge155Text(text, this.config.lengthLimit, this.config.byteLimit);
      if (this.#needSents) sents = sentences.map((s) => ids(s, sentTokens));
      if (this.tokenizer.lineSafe && this.#needSents && pieces === sentences) {
        flat = concat(sents);
        flatTokens.push(...sentTokens);
      } else if (pieces.length > 0) {
        flat = ids(pieces.join(" "), flatTokens);
      }
      counter = flat;
    } else if (this.#needSents) {
      sents = newlineSentences(text).map((s) => ids(s, sentTokens));
      counter = concat(sents);
      if (this.#needFlat) {
        if (this.tokenizer.lineSafe) {
          flat = counter;
          flatTokens.push(...sentTokens);
        } else flat = ids(text, flatTokens);
      }
    } else {
      flat = ids(text, flatTokens);
    }
    if (!keepStrings) return { flat, sents, counter };
    return { flat, sents, counter, strings: { flat: flatTokens.flat(), sents: sentTokens } };
  }

  /** The n-gram keys of orders 1 … maxN of a text (cached on it). */
  #ngramKeys(p: PreparedText, maxN: number): Int32Array[] {
    if (p.keys !== undefined && p.keysSegment === this.#segment && p.keys.length >= maxN) return p.keys;
    const ids = p.flat;
    const table = this.#table;
    const keys: Int32Array[] = [];
    let prev = EMPTY;
    for (let n = 1; n <= maxN; n++) {
      const len = Math.max(ids.length - n + 1, 0);
      const k = new Int32Array(len);
      for (let i = 0; i < len; i++) k[i] = table.child(n === 1 ? 0 : prev[i]!, ids[i + n - 1]!);
      keys.push(k);
      prev = k;
    }
    p.keys = keys;
    p.keysSegment = this.#segment;
    return keys;
  }

  #direct = new Int32Array(1024);

  /**
   * ROUGE-N hits of every reference against the hypothesis, orders 1 … maxN (index `r·maxN + n − 1`).
   * The segment's tokens get local ids `0 … L−1`; an n-gram is then the number `Σ id·L^k`, counted in a
   * plain array while `L^n` stays small (no hashing), else through the n-gram table.
   */
  /**
   * The segment's tokens renumbered `0 … L−1` (hypothesis last in `locs`), so that n-grams and
   * skip-bigrams become small numbers that index plain arrays.
   */
  #localIds(hyp: PreparedText, refs: readonly PreparedText[]): { locs: Int32Array[]; L: number } {
    const K = refs.length;
    let total = hyp.flat.length;
    for (const r of refs) total += r.flat.length;
    // A small open-addressing table (global id → local id), cleared through the keys it took: it stays
    // in the processor's cache, where an array indexed by global ids would not.
    let cap = this.#localKeys.length;
    if (cap < total * 2) {
      while (cap < total * 2) cap *= 2;
      this.#localKeys = new Int32Array(cap).fill(-1);
      this.#localVals = new Int32Array(cap);
      this.#localTaken = new Int32Array(cap);
    }
    const keys = this.#localKeys;
    const vals = this.#localVals;
    const taken = this.#localTaken;
    const mask = cap - 1;
    let L = 0;
    const locs = new Array<Int32Array>(K + 1);
    const bufs = this.#locBufs;
    for (let r = 0; r <= K; r++) {
      const ids = r === K ? hyp.flat : refs[r]!.flat;
      let buf = bufs[r];
      if (buf === undefined || buf.length < ids.length) buf = bufs[r] = new Int32Array(Math.max(256, ids.length * 2));
      const loc = buf.subarray(0, ids.length);
      for (let i = 0; i < ids.length; i++) {
        const g = ids[i]!;
        let slot = Math.imul(g, 0x9e3779b1) >>> 7 & mask;
        for (;;) {
          const k = keys[slot]!;
          if (k === g) break;
          if (k === -1) {
            keys[slot] = g;
            taken[L] = slot;
            vals[slot] = L++;
            break;
          }
          slot = (slot + 1) & mask;
        }
        loc[i] = vals[slot]!;
      }
      locs[r] = loc;
    }
    for (let k = 0; k < L; k++) keys[taken[k]!] = -1;
    return { locs, L };
  }

  /** Scratch arrays for the local ids of each text of a segment. */
  #locBufs: Int32Array[] = [];
  #localKeys = new Int32Array(1024).fill(-1);
  #localVals = new Int32Array(1024);
  #localTaken = new Int32Array(1024);

  #nHits = new Float64Array(64);

  /** Makes the plain count array hold at least `size` entries. */
  #directSize(size: number): void {
    if (this.#direct.length < size) {
      let m = this.#direct.length;
      while (m < size) m *= 2;
      this.#direct = new Int32Array(m);
    }
  }

  /**
   * ROUGE-N hits of every reference against the hypothesis, orders 1 … maxN (index `r·maxN + n − 1`).
   * An n-gram of local ids is the number `Σ id·L^k`: counted in a plain array while `L^n` is small (no
   * hashing), else by sorting the numbers, else (astronomic `L^n`) through the n-gram table.
   */
  #ngramHits(hyp: PreparedText, refs: readonly PreparedText[], maxN: number, local: { locs: Int32Array[]; L: number }): Float64Array {
    const K = refs.length;
    if (this.#nHits.length < K * maxN) this.#nHits = new Float64Array(K * maxN * 2);
    const out = this.#nHits;
    const { locs, L } = local;
    const h = locs[K]!;
    let hypKeys: Int32Array[] | undefined;
    let span = 1;
    for (let n = 1; n <= maxN; n++) {
      span *= L;
      if (span <= DIRECT_LIMIT) {
        this.#directSize(span);
        for (let r = 0; r < K; r++) out[r * maxN + n - 1] = this.#directOverlap(locs[r]!, h, n, L);
      } else if (span <= Number.MAX_SAFE_INTEGER) {
        // Too many possible n-grams for an array: sort the n-gram numbers and walk both lists.
        const hk = sortedKeys(h, n, L);
        for (let r = 0; r < K; r++) out[r * maxN + n - 1] = sortedOverlap(sortedKeys(locs[r]!, n, L), hk);
      } else {
        hypKeys ??= this.#ngramKeys(hyp, maxN);
        for (let r = 0; r < K; r++) {
          const a = this.#ngramKeys(refs[r]!, maxN)[n - 1]!;
          const b = hypKeys[n - 1]!;
          out[r * maxN + n - 1] = a.length > 0 && b.length > 0 ? this.#overlap(a, b) : 0;
        }
      }
    }
    return out;
  }

  /**
   * One pass over the skip-bigrams of a local-id sequence as ROUGE-1.5.5's `createSkipBigram` makes
   * them (pairs `i < j ≤ i + d + 1`, `d < 0` unlimited; with `unigrams`, the unigram of every token but
   * the last): `mode` 0 counts them into the plain array, 1 consumes them from it and returns the hits,
   * 2 clears their entries. A unigram is the number `id`, a pair `L + a·L + b`.
   */
  #skipPass(a: Int32Array, L: number, d: number, unigrams: boolean, mode: 0 | 1 | 2): number {
    const c = this.#direct;
    const n = a.length;
    let hits = 0;
    for (let i = 0; i < n - 1; i++) {
      const x = a[i]!;
      const end = d < 0 ? n - 1 : Math.min(n - 1, i + d + 1);
      const base = L + x * L;
      for (let j = unigrams ? i : i + 1; j <= end; j++) {
        const k = j === i ? x : base + a[j]!;
        if (mode === 0) c[k]!++;
        else if (mode === 1) {
          if (c[k]! > 0) {
            hits++;
            c[k]!--;
          }
        } else c[k] = 0;
      }
    }
    return hits;
  }

  /** Number of grams {@link #skipPass} visits for a sequence of `n` tokens (ROUGE-1.5.5's `_cn_`). */
  static skipCount(n: number, d: number, unigrams: boolean): number {
    let count = unigrams ? Math.max(n - 1, 0) : 0;
    for (let i = 0; i < n - 1; i++) count += (d < 0 ? n - 1 : Math.min(n - 1, i + d + 1)) - i;
    return count;
  }

  /** `Σ_g min(a_g, b_g)` over the n-grams of two local-id sequences, counted in a plain array. */
  #directOverlap(a: Int32Array, b: Int32Array, n: number, L: number): number {
    if (a.length < n || b.length < n) return 0;
    const c = this.#direct;
    let hits = 0;
    if (n === 1) {
      for (let i = 0; i < a.length; i++) c[a[i]!]!++;
      for (let i = 0; i < b.length; i++) {
        const k = b[i]!;
        if (c[k]! > 0) {
          hits++;
          c[k]!--;
        }
      }
      for (let i = 0; i < a.length; i++) c[a[i]!] = 0;
      return hits;
    }
    if (n === 2) {
      for (let i = 1; i < a.length; i++) c[a[i - 1]! * L + a[i]!]!++;
      for (let i = 1; i < b.length; i++) {
        const k = b[i - 1]! * L + b[i]!;
        if (c[k]! > 0) {
          hits++;
          c[k]!--;
        }
      }
      for (let i = 1; i < a.length; i++) c[a[i - 1]! * L + a[i]!] = 0;
      return hits;
    }
    for (let i = 0; i + n <= a.length; i++) {
      let key = 0;
      for (let j = 0; j < n; j++) key = key * L + a[i + j]!;
      c[key]!++;
    }
    for (let i = 0; i + n <= b.length; i++) {
      let key = 0;
      for (let j = 0; j < n; j++) key = key * L + b[i + j]!;
      if (c[key]! > 0) {
        hits++;
        c[key]!--;
      }
    }
    for (let i = 0; i + n <= a.length; i++) {
      let key = 0;
      for (let j = 0; j < n; j++) key = key * L + a[i + j]!;
      c[key] = 0;
    }
    return hits;
  }

  /** `Σ_g min(a_g, b_g)` over the n-grams `g` of two key lists. */
  #overlap(a: Int32Array, b: Int32Array): number {
    const need = this.#table.size + 1;
    if (this.#keyCount.length < need) {
      let n = this.#keyCount.length;
      while (n < need) n *= 2;
      this.#keyCount = new Int32Array(n);
    }
    const c = this.#keyCount;
    for (let i = 0; i < a.length; i++) c[a[i]!]!++;
    let h = 0;
    for (let i = 0; i < b.length; i++) {
      const k = b[i]!;
      if (c[k]! > 0) {
        h++;
        c[k]!--;
      }
    }
    for (let i = 0; i < a.length; i++) c[a[i]!] = 0;
    return h;
  }

  /** Makes the two count scratch arrays large enough for every id handed out. */
  #scratch(): void {
    const size = this.#interner.size;
    if (this.#countA.length < size) {
      let n = this.#countA.length;
      while (n < size) n *= 2;
      this.#countA = new Int32Array(n);
      this.#countB = new Int32Array(n);
    }
  }

  /**
   * Union-LCS hits of model sentences against peer sentences, clipped by unigram counts (rouge-score's
   * `_summary_level_lcs`, ROUGE-1.5.5's `lcs`). Returns the hits; `onHit(sentence, position)` sees each.
   */
  unionHits(
    model: PreparedText,
    peer: PreparedText,
    onHit?: (sentence: number, position: number, counted: boolean) => void,
  ): number {
    this.#scratch();
    const M = this.#countA;
    const P = this.#countB;
    for (const id of model.counter) M[id]!++;
    for (const id of peer.counter) P[id]!++;
    let hits = 0;
    for (let si = 0; si < model.sents.length; si++) {
      const s = model.sents[si]!;
      if (s.length === 0) continue;
      const idx = unionLcsIndices(s, peer.sents);
      for (let k = 0; k < idx.length; k++) {
        const t = s[idx[k]!]!;
        const counted = M[t]! > 0 && P[t]! > 0;
        if (counted) {
          hits++;
          M[t]!--;
          P[t]!--;
        }
        onHit?.(si, idx[k]!, counted);
      }
    }
    for (const id of model.counter) M[id] = 0;
    for (const id of peer.counter) P[id] = 0;
    return hits;
  }

  /**
   * ROUGE-1.5.5's `wlcs`: weighted union-LCS hits and the base `Σ f(sentence length)`. A run of
   * counted hits adds `f(run length)` when the next position is unmarked or the sentence ends.
   */
  wlcsHits(
    model: PreparedText,
    peer: PreparedText,
    onRun?: (sentence: number, start: number, length: number, weight: number) => void,
    onHit?: (sentence: number, position: number, counted: boolean) => void,
  ): { hit: number; base: number } {
    const weight = this.config.weight;
    let longest = 0;
    for (const s of model.sents) if (s.length > longest) longest = s.length;
    const f = weightTable(weight, longest + 1);
    this.#scratch();
    const M = this.#countA;
    const P = this.#countB;
    for (const id of model.counter) M[id]!++;
    for (const id of peer.counter) P[id]!++;
    let hit = 0;
    let base = 0;
    for (let si = 0; si < model.sents.length; si++) {
      const s = model.sents[si]!;
      base += f[s.length]!;
      if (s.length === 0) continue;
      const idx = unionWeightedLcsIndices(s, peer.sents, weight);
      if (this.#mask.length <= s.length) this.#mask = new Uint8Array(2 * s.length + 1);
      const mask = this.#mask;
      mask.fill(0, 0, s.length + 1);
      for (let k = 0; k < idx.length; k++) mask[idx[k]!] = 1;
      let run = 0;
      let start = 0;
      for (let j = 0; j < s.length; j++) {
        if (mask[j] !== 1) continue;
        const t = s[j]!;
        const counted = M[t]! > 0 && P[t]! > 0;
        onHit?.(si, j, counted);
        if (!counted) continue;
        if (run === 0) start = j;
        run++;
        if ((j + 1 < s.length && mask[j + 1] === 0) || j + 1 === s.length) {
          hit += f[run]!;
          onRun?.(si, start, run, f[run]!);
          run = 0;
        }
        M[t]!--;
        P[t]!--;
      }
    }
    for (const id of model.counter) M[id] = 0;
    for (const id of peer.counter) P[id] = 0;
    return { hit, base };
  }

  #data: ReferenceData = { refs: 0, hit: new Float64Array(64), model: new Float64Array(64), peer: new Float64Array(64), select: new Float64Array(64) };

  /**
   * Per type and reference: hits, counts and selection scores of one segment. Unless `fresh`, the
   * arrays are the engine's own and are overwritten by the next call.
   */
  referenceData(hyp: PreparedText, refs: readonly PreparedText[], fresh = false): ReferenceData {
    const { types, mode } = this.config;
    const K = refs.length;
    const T = types.length;
    let data = this.#data;
    if (fresh || data.hit.length < T * K) {
      const size = Math.max(T * K, fresh ? 0 : data.hit.length * 2);
      data = { refs: K, hit: new Float64Array(size), model: new Float64Array(size), peer: new Float64Array(size), select: new Float64Array(size) };
      if (!fresh) this.#data = data;
    }
    data = { ...data, refs: K };
    const { hit, model, peer, select } = data;
    const table = this.#table;
    const maxN = this.#maxN;
    const d = this.config.skipDistance;
    const hasSkip = types.some((t) => t.kind === "s" || t.kind === "su");
    // Local ids serve n-grams, skip-bigrams and (rouge-score mode) the LCS bit masks.
    const hasL = mode !== "rouge155" && types.some((t) => t.kind === "l");
    const local = maxN > 0 || hasSkip || hasL ? this.#localIds(hyp, refs) : undefined;
    const nHits = maxN > 0 ? this.#ngramHits(hyp, refs, maxN, local!) : undefined;
    // Skip-bigrams in a plain array while L + L² is small, else through the n-gram table.
    const directSkip = hasSkip && local!.L + local!.L * local!.L <= DIRECT_LIMIT;
    if (directSkip) this.#directSize(local!.L + local!.L * local!.L);
    let hypS: NgramCounts | undefined;
    let hypSU: NgramCounts | undefined;
    if (hasSkip && !directSkip) {
      for (const t of types) {
        if (t.kind === "s" && hypS === undefined) hypS = countSkipBigrams(table, hyp.flat, d);
        if (t.kind === "su" && hypSU === undefined) hypSU = countSkipBigrams(table, hyp.flat, d, { unigrams: true });
      }
    }
    const needSelect = rouge155Selects(this.config.multiRef);
    const rouge155 = mode === "rouge155";
    for (let r = 0; r < K; r++) {
      const ref = refs[r]!;
      let ovS: Int32Array | undefined;
      let refS: NgramCounts | undefined;
      let ovSU: Int32Array | undefined;
      let refSU: NgramCounts | undefined;
      for (let ti = 0; ti < T; ti++) {
        const t = types[ti]!;
        const i = ti * K + r;
        switch (t.kind) {
          case "n": {
            hit[i] = nHits![r * maxN + t.n - 1]!;
            model[i] = Math.max(ref.flat.length - t.n + 1, 0);
            peer[i] = Math.max(hyp.flat.length - t.n + 1, 0);
            if (rouge155) select[i] = model[i] !== 0 ? round5(hit[i]! / model[i]!) : 0;
            break;
          }
          case "s":
          case "su": {
            const unigrams = t.kind === "su";
            if (directSkip) {
              const a = local!.locs[r]!;
              const b = local!.locs[K]!;
              this.#skipPass(a, local!.L, d, unigrams, 0);
              hit[i] = this.#skipPass(b, local!.L, d, unigrams, 1);
              this.#skipPass(a, local!.L, d, unigrams, 2);
              model[i] = RougeEngine.skipCount(a.length, d, unigrams);
              peer[i] = RougeEngine.skipCount(b.length, d, unigrams);
              select[i] = model[i] !== 0 ? round5(hit[i]! / model[i]!) : 0;
              break;
            }
            let h: Int32Array;
            let m: NgramCounts;
            let p: NgramCounts;
            if (t.kind === "s") {
              refS ??= countSkipBigrams(table, ref.flat, this.config.skipDistance);
              ovS ??= overlap(refS, hypS!);
              h = ovS;
              m = refS;
              p = hypS!;
            } else {
              refSU ??= countSkipBigrams(table, ref.flat, this.config.skipDistance, { unigrams: true });
              ovSU ??= overlap(refSU, hypSU!);
              h = ovSU;
              m = refSU;
              p = hypSU!;
            }
            hit[i] = h[0]! + h[1]!;
            model[i] = m.totals[0]! + m.totals[1]!;
            peer[i] = p.totals[0]! + p.totals[1]!;
            select[i] = model[i] !== 0 ? round5(hit[i]! / model[i]!) : 0;
            break;
          }
          case "l": {
            if (rouge155) {
              const h = this.unionHits(ref, hyp);
              let base = 0;
              for (const s of ref.sents) base += s.length;
              hit[i] = h;
              model[i] = base;
              peer[i] = hyp.flat.length;
              select[i] = base > 0 ? h / base : 0;
            } else {
              hit[i] = ref.flat.length > 0 && hyp.flat.length > 0 ? lcsLengthDense(local!.locs[r]!, local!.locs[K]!, local!.L) : 0;
              model[i] = ref.flat.length;
              peer[i] = hyp.flat.length;
            }
            break;
          }
          case "lsum": {
            let m = 0;
            let n = 0;
            for (const s of ref.sents) m += s.length;
            for (const s of hyp.sents) n += s.length;
            hit[i] = m > 0 && n > 0 ? this.unionHits(ref, hyp) : 0;
            model[i] = m;
            peer[i] = n;
            break;
          }
          case "w": {
            const w = this.config.weight;
            const { hit: h, base } = this.wlcsHits(ref, hyp);
            if (base === 0 && this.config.emptyReference === "error") throw wlcsDivisionByZero(r);
            hit[i] = h;
            model[i] = pow(base, w);
            peer[i] = weightTable(w, hyp.flat.length)[hyp.flat.length]!;
            select[i] = base === 0 || !needSelect ? 0 : pow(h / base, 1 / w);
            break;
          }
        }
      }
    }
    return data;
  }

  /** Writes P, R, F of one type from hits and counts into `out[o…o+2]`. */
  values(t: TypeSpec, hit: number, model: number, peer: number, out: Float64Array, o: number): void {
    if (this.config.mode === "rouge155") {
      const inverse = t.kind === "w" ? 1 / this.config.weight : 0;
      const R = model !== 0 ? round5(inverse ? pow(hit / model, inverse) : hit / model) : 0;
      const P = peer !== 0 ? round5(inverse ? pow(hit / peer, inverse) : hit / peer) : 0;
      out[o] = P;
      out[o + 1] = R;
      out[o + 2] = fmeasure155(P, R, this.config.alpha);
      return;
    }
    let p: number;
    let r: number;
    if (t.kind === "n") {
      p = hit / Math.max(peer, 1);
      r = hit / Math.max(model, 1);
    } else if (model === 0 || peer === 0) {
      p = 0;
      r = 0;
    } else {
      p = hit / peer;
      r = hit / model;
    }
    out[o] = p;
    out[o + 1] = r;
    out[o + 2] = fmeasure(p, r);
  }

  /**
   * The reference the selection picks (first of the best; `exclude` ≥ 0 leaves one out): by recall
   * (rouge155: ROUGE-1.5.5's `-f B` score; rouge-score: unrounded recall) or by F.
   */
  #pick(ti: number, data: ReferenceData, perRef: Float64Array, exclude: number, byRecall: boolean): number {
    const K = data.refs;
    const rouge155 = this.config.mode === "rouge155";
    let best = -1;
    let bestScore = -Infinity;
    for (let r = 0; r < K; r++) {
      if (r === exclude) continue;
      const score = byRecall ? (rouge155 ? data.select[ti * K + r]! : perRef[r * 3 + 1]!) : perRef[r * 3 + 2]!;
      if (score > bestScore) {
        bestScore = score;
        best = r;
      }
    }
    return best;
  }

  #perRef = new Float64Array(64);

  /**
   * Combines the references of each type by the multi-reference policy into the segment's statistics
   * row: per type P, R, F (and model count, peer count, hits in rouge155 mode). `chosen` receives the
   * references each type used.
   */
  combine(data: ReferenceData, chosen?: number[][], into?: Float64Array): Float64Array {
    const { types, multiRef, mode } = this.config;
    const stride = this.stride;
    const K = data.refs;
    const out = into ?? new Float64Array(types.length * stride);
    if (this.#perRef.length < K * 3) this.#perRef = new Float64Array(K * 3);
    const perRef = this.#perRef;
    const rouge155 = mode === "rouge155";
    const { hit, model, peer } = data;
    for (let ti = 0; ti < types.length; ti++) {
      const t = types[ti]!;
      const o = ti * stride;
      const base = ti * K;
      if (multiRef === "pooled") {
        let h = 0;
        let m = 0;
        let p = 0;
        for (let r = 0; r < K; r++) {
          h += hit[base + r]!;
          m += model[base + r]!;
          p += peer[base + r]!;
        }
        this.values(t, h, m, p, out, o);
        if (rouge155) {
          out[o + 3] = m;
          out[o + 4] = p;
          out[o + 5] = h;
        }
        if (chosen !== undefined) chosen.push(Array.from({ length: K }, (_, r) => r));
        continue;
      }
      for (let r = 0; r < K; r++) this.values(t, hit[base + r]!, model[base + r]!, peer[base + r]!, perRef, r * 3);
      if (multiRef === "best-f" || multiRef === "best-recall") {
        const r = this.#pick(ti, data, perRef, -1, multiRef === "best-recall");
        out[o] = perRef[r * 3]!;
        out[o + 1] = perRef[r * 3 + 1]!;
        out[o + 2] = perRef[r * 3 + 2]!;
        if (rouge155) {
          out[o + 3] = model[base + r]!;
          out[o + 4] = peer[base + r]!;
          out[o + 5] = hit[base + r]!;
        }
        if (chosen !== undefined) chosen.push([r]);
        continue;
      }
      // average: every reference; jackknife: for each reference left out, the best of the others
      // (one reference: the base selection of that one). Means of the per-reference results.
      let sp = 0;
      let sr = 0;
      let sf = 0;
      let sm = 0;
      let spc = 0;
      let sh = 0;
      const used: number[] = [];
      const rounds = multiRef === "average" || K === 1 ? 1 : K;
      for (let k = 0; k < (multiRef === "average" ? K : rounds); k++) {
        const r = multiRef === "average" ? k : this.#pick(ti, data, perRef, K === 1 ? -1 : k, rouge155);
        sp += perRef[r * 3]!;
        sr += perRef[r * 3 + 1]!;
        sf += perRef[r * 3 + 2]!;
        sm += model[base + r]!;
        spc += peer[base + r]!;
        sh += hit[base + r]!;
        used.push(r);
      }
      const count = used.length;
      out[o] = rouge155 ? round5(sp / count) : sp / count;
      out[o + 1] = rouge155 ? round5(sr / count) : sr / count;
      out[o + 2] = rouge155 ? round5(sf / count) : sf / count;
      if (rouge155) {
        out[o + 3] = sm / count;
        out[o + 4] = spc / count;
        out[o + 5] = sh / count;
      }
      if (chosen !== undefined) chosen.push(used);
    }
    return out;
  }

  /** The statistics row of one segment (the engine's buffer: copy what you keep before the next call). */
  segment(hyp: string, refs: readonly string[]): Float64Array {
    this.#maybeReset();
    if (this.#tables) {
      const row = this.#fromTables(hyp, refs);
      if (row !== undefined) return row;
    }
    // References come back (several systems are scored against them); hypotheses rarely do.
    // The hypothesis lives in the scanner's transient buffer until the next segment.
    const h = this.#refs.get(hyp)?.prepared ?? this.#scanned(hyp, true) ?? this.prepare(hyp, "The hypothesis");
    const prepared = new Array<PreparedText>(refs.length);
    for (let r = 0; r < refs.length; r++) prepared[r] = this.#reference(refs[r]!, r).prepared;
    return this.combine(this.referenceData(h, prepared), undefined, this.#row);
  }

  /** The row {@link segment} returns (overwritten by the next call). */
  #row = new Float64Array(0);

  /** Starts a segment for callers that prepare texts themselves (explanations). */
  begin(): void {
    this.#maybeReset();
  }
}
