/**
 * ROUGE's engine: texts to token ids (with the word and reference caches), then per segment the hits
 * and counts of every type and reference, computed by the parts named for what they compute
 * (rouge-n.ts, rouge-l.ts, summary-lcs.ts, rouge-w.ts, skip-bigram.ts) and combined into the
 * statistics row by combine.ts.
 */
import { BoundedCache, ErrorCode, GramscoreError, describeValue } from "@gramscore/core";
import { NgramTable, countSkipBigrams, lcsLengthDense, lcsLimits, overlap, pow, type NgramCounts } from "@gramscore/ngram";
import { Combiner } from "./combine.js";
import { LocalIds, type LocalSegment } from "./local-ids.js";
import { round5, weightTable } from "./numbers.js";
import type { RougeConfig, TypeSpec } from "./options.js";
import type { PreparedText, ReferenceData } from "./prepared.js";
import { REFERENCE_CACHE, REFERENCE_CACHE_BYTES, buildTables, entryBytes, type ReferenceEntry, type ReferenceTables } from "./reference.js";
import { TableLcs } from "./rouge-l.js";
import { KeyOverlap, directOverlap, localOverlap, sortedKeys, sortedOverlap } from "./rouge-n.js";
import { wlcsDivisionByZero, wlcsHits } from "./rouge-w.js";
import { WordScanner } from "./scan.js";
import { Scratch } from "./scratch.js";
import { skipCount, skipPass } from "./skip-bigram.js";
import { unionHits } from "./summary-lcs.js";
import { Interner, checkText, newlineSentences, rouge155Text, type ResolvedTokenizer } from "./tokenize.js";

const EMPTY = new Int32Array(0);

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
  /** True when the types are only ROUGE-1, ROUGE-2 and rougeL (see `TableLcs.onePass` in rouge-l.ts). */
  readonly #fusable: boolean;
  /** The count arrays every part of a segment's computation shares. */
  readonly #scratch = new Scratch();
  /** ROUGE-N through the n-gram table's keys (astronomic `L^n`). */
  readonly #keys = new KeyOverlap();
  /** rougeL (and fused ROUGE-1/2/L) from references' tables. */
  readonly #tableLcs = new TableLcs();
  /** The segment's tokens renumbered 0 … L−1. */
  readonly #local = new LocalIds();
  /** Hits and counts to the statistics row. */
  readonly #combiner: Combiner;
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
    this.#combiner = new Combiner(config, this.stride);
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
  /** Scratch: the hypothesis as local ids of one reference. */
  #hypLocal = new Int32Array(256);
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
    const scratch = this.#scratch;
    const tableLcs = this.#tableLcs;
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
      if (fused) tableLcs.onePass(scratch, t, t.masks!, h, hn, localOf);
      else for (let j = 0; j < hn; j++) hl[j] = localOf[h[j]!]!;
      for (let i = 0; i < L; i++) localOf[distinct[i]!] = -1;
      for (let ti = 0; ti < T; ti++) {
        const type = types[ti]!;
        const i = ti * K + r;
        if (type.kind === "n") {
          const n = type.n;
          if (fused) hit[i] = n === 1 ? tableLcs.hits1 : tableLcs.hits2;
          else if (m >= n && hn >= n) {
            let span = 1;
            for (let k = 0; k < n && span <= DIRECT_LIMIT; k++) span *= L;
            if (span > DIRECT_LIMIT) return undefined;
            scratch.directSize(span);
            hit[i] = localOverlap(scratch.direct, a, m, hl, hn, n, L);
          } else hit[i] = 0;
          model[i] = Math.max(m - n + 1, 0);
          peer[i] = Math.max(hn - n + 1, 0);
        } else {
          // A fused reference has m > 0.
          hit[i] = m > 0 && hn > 0 ? (fused ? tableLcs.hitsL : tableLcs.lcs(t, hl, hn, limits!)) : 0;
          model[i] = m;
          peer[i] = hn;
        }
      }
    }
    return this.combine(data, undefined, this.#row);
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

  /** ROUGE-N hits of a segment (see {@link #ngramHits}). */
  #nHits = new Float64Array(64);

  /**
   * ROUGE-N hits of every reference against the hypothesis, orders 1 … maxN (index `r·maxN + n − 1`).
   * An n-gram of local ids is the number `Σ id·L^k`: counted in a plain array while `L^n` is small (no
   * hashing), else by sorting the numbers, else (astronomic `L^n`) through the n-gram table.
   */
  #ngramHits(hyp: PreparedText, refs: readonly PreparedText[], maxN: number, local: LocalSegment): Float64Array {
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
        this.#scratch.directSize(span);
        const c = this.#scratch.direct;
        for (let r = 0; r < K; r++) out[r * maxN + n - 1] = directOverlap(c, locs[r]!, h, n, L);
      } else if (span <= Number.MAX_SAFE_INTEGER) {
        // Too many possible n-grams for an array: sort the n-gram numbers and walk both lists.
        const hk = sortedKeys(h, n, L);
        for (let r = 0; r < K; r++) out[r * maxN + n - 1] = sortedOverlap(sortedKeys(locs[r]!, n, L), hk);
      } else {
        hypKeys ??= this.#ngramKeys(hyp, maxN);
        for (let r = 0; r < K; r++) {
          const a = this.#ngramKeys(refs[r]!, maxN)[n - 1]!;
          const b = hypKeys[n - 1]!;
          out[r * maxN + n - 1] = a.length > 0 && b.length > 0 ? this.#keys.overlap(a, b, this.#table.size) : 0;
        }
      }
    }
    return out;
  }

  /**
   * Union-LCS hits of model sentences against peer sentences (summary-lcs.ts's {@link unionHits});
   * `onHit(sentence, position)` sees each.
   */
  unionHits(model: PreparedText, peer: PreparedText, onHit?: (sentence: number, position: number, counted: boolean) => void): number {
    this.#scratch.countSize(this.#interner.size);
    return unionHits(this.#scratch, model, peer, onHit);
  }

  /** ROUGE-1.5.5's weighted union-LCS hits and base (rouge-w.ts's {@link wlcsHits}) at the metric's weight. */
  wlcsHits(
    model: PreparedText,
    peer: PreparedText,
    onRun?: (sentence: number, start: number, length: number, weight: number) => void,
    onHit?: (sentence: number, position: number, counted: boolean) => void,
  ): { hit: number; base: number } {
    this.#scratch.countSize(this.#interner.size);
    return wlcsHits(this.#scratch, this.config.weight, model, peer, onRun, onHit);
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
    const local = maxN > 0 || hasSkip || hasL ? this.#local.of(hyp, refs) : undefined;
    const nHits = maxN > 0 ? this.#ngramHits(hyp, refs, maxN, local!) : undefined;
    // Skip-bigrams in a plain array while L + L² is small, else through the n-gram table.
    const directSkip = hasSkip && local!.L + local!.L * local!.L <= DIRECT_LIMIT;
    if (directSkip) this.#scratch.directSize(local!.L + local!.L * local!.L);
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
              const c = this.#scratch.direct;
              skipPass(c, a, local!.L, d, unigrams, 0);
              hit[i] = skipPass(c, b, local!.L, d, unigrams, 1);
              skipPass(c, a, local!.L, d, unigrams, 2);
              model[i] = skipCount(a.length, d, unigrams);
              peer[i] = skipCount(b.length, d, unigrams);
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

  /** Writes P, R, F of one type from hits and counts into `out[o…o+2]` (combine.ts). */
  values(t: TypeSpec, hit: number, model: number, peer: number, out: Float64Array, o: number): void {
    this.#combiner.values(t, hit, model, peer, out, o);
  }

  /**
   * Combines the references of each type by the multi-reference policy into the segment's statistics
   * row (combine.ts). `chosen` receives the references each type used.
   */
  combine(data: ReferenceData, chosen?: number[][], into?: Float64Array): Float64Array {
    return this.#combiner.combine(data, chosen, into);
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
