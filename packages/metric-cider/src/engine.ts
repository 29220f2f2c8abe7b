/**
 * CIDEr's arithmetic, step for step as pycocoevalcap's `CiderScorer` (CIDEr-D) and vrama91/cider's
 * original `CiderScorer` do it: n-gram counts in order of first occurrence, document frequencies over
 * the references of the corpus scored, tf-idf vectors with their norms, the per-order cosine (clipped
 * and length-penalized for CIDEr-D), the mean over orders, over references, times 10, and `np.mean`
 * over the images. Tokens are numbered as the captions are read (by {@link Interner}) and n-grams get
 * ids, so no string key is built; the n-grams are numbered one order at a time over the whole corpus
 * (each order's table is small and hot), and the working arrays are kept for the next call.
 */
import { ErrorCode, GramscoreError, isPythonWhitespace } from "@gramscore/core";
import { log, npMean, powE } from "./numeric.js";

/** What changes the numbers. */
export interface CiderConfig {
  /** Highest n-gram order (pycocoevalcap: 4). */
  readonly n: number;
  /** CIDEr-D's Gaussian length penalty's sigma (pycocoevalcap: 6). */
  readonly sigma: number;
  /** `true`: CIDEr-D (clipped, length penalty); `false`: the original CIDEr. */
  readonly ciderD: boolean;
}

/** Per-order similarities of one image, before averaging (for explanations). */
export interface CiderItemDetail {
  /** Per order 1..n: the similarities summed over the references. */
  readonly orders: number[];
  /** Per reference: its per-order similarities. */
  readonly perRef: number[][];
  /** Bigram count of the candidate (the length the penalty compares: pycocoevalcap counts bigrams). */
  readonly length: number;
  /** Bigram count of each reference. */
  readonly refLengths: number[];
}


/** The most entries a table holds per slot before it doubles. */
const LOAD = 0.7;

/**
 * Numbers the n-grams of one order: an n-gram is (shorter n-gram, last token), with the key
 * `(shorter - first id of its order) * tokens + last + 1`, found in an open-addressing table of
 * [key, id] slots (0: empty) that `reset` empties for each order (ids keep counting across orders).
 * Keys of 2^31 or more (corpora of tens of thousands of distinct tokens and n-grams) go to a Map
 * (exact below 2^53, which `ciderCorpus` checks).
 */
class Grams {
  slots = new Int32Array(2 << 12);
  mask = (1 << 12) - 1;
  shift = 20;
  used = 0;
  next = 0;
  readonly wide = new Map<number, number>();

  /** Empties the table, sized for about `expected` n-grams (its array kept when large enough). */
  reset(expected: number): void {
    let bits = 12;
    while ((1 << bits) * LOAD < expected) bits++;
    const size = 1 << bits;
    if (size * 2 > this.slots.length) this.slots = new Int32Array(size * 2);
    else this.slots.fill(0, 0, size * 2);
    this.mask = size - 1;
    this.shift = 32 - bits;
    this.used = 0;
    this.wide.clear();
  }

  /** The id of the n-gram whose key is `key`, numbered now if new. */
  find(key: number): number {
    if (key > 0x7fffffff) {
      let id = this.wide.get(key);
      if (id === undefined) this.wide.set(key, (id = this.next++));
      return id;
    }
    const slots = this.slots;
    const mask = this.mask;
    let h = Math.imul(key, 0x9e3779b1) >>> this.shift;
    for (;;) {
      const a = slots[h << 1]!;
      if (a === key) return slots[(h << 1) + 1]!;
      if (a === 0) break;
      h = (h + 1) & mask;
    }
    const id = this.next++;
    slots[h << 1] = key;
    slots[(h << 1) + 1] = id;
    if (++this.used > (mask + 1) * LOAD) this.grow();
    return id;
  }

  private grow(): void {
    const old = this.slots;
    const end = (this.mask + 1) * 2; // the array may be longer: what lies past the table is left over
    const slots = new Int32Array(end * 2);
    const mask = 2 * this.mask + 1;
    const shift = --this.shift;
    for (let i = 0; i < end; i += 2) {
      const a = old[i]!;
      if (a === 0) continue;
      let k = Math.imul(a, 0x9e3779b1) >>> shift;
      while (slots[k << 1] !== 0) k = (k + 1) & mask;
      slots[k << 1] = a;
      slots[(k << 1) + 1] = old[i + 1]!;
    }
    this.slots = slots;
    this.mask = mask;
  }
}

/**
 * The working arrays of a call, kept for the next one: a corpus scored again (bootstrap samples, a
 * benchmark, a service) reuses them instead of asking the system for fresh zeroed memory each time.
 * Held through a WeakRef, so a full garbage collection takes them back when nothing is scoring.
 */
export class Scratch {
  readonly table = new Grams();
  readonly ints: Int32Array[] = [];
  readonly floats: Float64Array[] = [];
  /** The last stamp given (the stamps of `stamp` only grow, so old marks never match a new one). */
  now = 0;
  /** Whether a call is using the arrays (a tokenizer that scores a corpus while one is being read). */
  busy = false;
  /** The corpus whose token ids the arrays hold for the statistics it came from. */
  encoded: Encoded | undefined = undefined;

  /** Int32 array `k` with at least `size` entries: zero up to `size` if `zero`, else whatever was left. */
  int(k: number, size: number, zero: boolean): Int32Array {
    const a = this.ints[k];
    if (a === undefined || a.length < size) return (this.ints[k] = new Int32Array(Math.max(16, size + (size >> 3))));
    if (zero) a.fill(0, 0, size);
    return a;
  }

  /** Float64 array `k` with at least `size` entries (contents left over). */
  float(k: number, size: number): Float64Array {
    const a = this.floats[k];
    if (a === undefined || a.length < size) return (this.floats[k] = new Float64Array(Math.max(16, size + (size >> 3))));
    return a;
  }

  /** Int32 array `k` grown to `size` entries, its contents kept (new entries zero). */
  grow(k: number, size: number): Int32Array {
    const a = this.ints[k];
    if (a !== undefined && size <= a.length) return a;
    const grown = new Int32Array(Math.max(16, size + (size >> 1)));
    if (a !== undefined) grown.set(a);
    return (this.ints[k] = grown);
  }
}

let kept: WeakRef<Scratch> | undefined;

/** The kept working arrays, marked in use; fresh ones (not kept) when a call is using them already. */
function claim(): Scratch {
  let s = kept?.deref();
  if (s === undefined) {
    s = new Scratch();
    kept = new WeakRef(s);
  } else if (s.busy) return new Scratch();
  s.busy = true;
  return s;
}

function release(s: Scratch): void {
  s.busy = false;
}

/** FNV-1a over UTF-16 code units: the token table's hash. */
const HASH_SEED = 0x811c9dc5 | 0;
const HASH_PRIME = 0x01000193;
const SURROGATE = /[\uD800-\uDFFF]/;

// Int32 scratch arrays.
const HYP = 0;
const START = 1;
const TOK = 2;
const IDS = 3;
const OFF = 4;
const GRAMS = 5;
const COUNTS = 6;
const LENGTHS = 7;
const STAMP = 8;
const SLOT = 9;
const DF = 10;
const SEEN = 11;
// Float64 scratch arrays.
const IDF = 0;
const LOG = 1;
const NORM = 2;
const REFVAL = 3;
const TFIDF = 4;

/**
 * Turns captions into token ids in the working arrays: image by image, the candidate then its
 * references. Tokens are numbered in order of first occurrence; `vocabulary[id]` is the first string
 * seen for each. Captions given with `share` also get that first string in place of every equal one
 * (a corpus's statistics then keep one string per distinct token, and the duplicates die young).
 */
export class Interner {
  private readonly sc: Scratch;
  /** The tokens by id. */
  readonly vocabulary: string[] = [];
  /** The token table: open addressing over the tokens' hashes; a slot holds id + 1 (0: empty). */
  private slots = new Int32Array(1 << 12);
  private shift = 20;
  private hashes = new Int32Array(1 << 11);
  private tok: Int32Array;
  private start: Int32Array;
  private first: Int32Array;
  private images = 0;
  private captions = 0;
  private positions = 0;
  private done = false;

  constructor() {
    this.sc = claim();
    this.sc.encoded = undefined;
    this.tok = this.sc.int(TOK, 1 << 14, false);
    this.start = this.sc.int(START, 1 << 10, false);
    this.first = this.sc.int(HYP, 1 << 8, false);
  }

  /** Starts the next image (its candidate is the next caption). */
  image(): void {
    if (this.images + 2 > this.first.length) this.first = this.sc.grow(HYP, this.images + 2);
    this.first[this.images++] = this.captions;
  }

  /** Starts the next caption, with room for `tokens` more. */
  private open(tokens: number): void {
    if (this.captions + 2 > this.start.length) this.start = this.sc.grow(START, this.captions + 2);
    this.start[this.captions++] = this.positions;
    if (this.positions + tokens > this.tok.length) this.tok = this.sc.grow(TOK, this.positions + tokens);
  }

  /**
   * Adds the next caption's tokens. With `share`, returns them with each token's first string (in
   * place, or in a copy when the array is frozen); else returns `tokens` untouched.
   */
  caption(tokens: readonly string[], share: boolean): string[] {
    const out = share && Object.isFrozen(tokens) ? tokens.slice() : (tokens as string[]);
    this.open(tokens.length);
    let p = this.positions;
    const tok = this.tok;
    const vocabulary = this.vocabulary;
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      let h = HASH_SEED;
      for (let q = 0; q < t.length; q++) h = Math.imul(h ^ t.charCodeAt(q), HASH_PRIME);
      const id = this.find(h, t, 0, t.length, true);
      if (share) out[i] = vocabulary[id]!;
      tok[p++] = id;
    }
    this.positions = p;
    return out;
  }

  /**
   * Adds the next caption from its text as Python's `str.split()` splits it (runs of anything but
   * Python whitespace), without making a string per token: the number of tokens, or -1 (nothing
   * added) for a text with a UTF-16 surrogate, which the tokenizer itself must check.
   */
  text(text: string): number {
    if (SURROGATE.test(text)) return -1;
    const n = text.length;
    this.open((n + 1) >> 1); // at most one token per two units
    let p = this.positions;
    const tok = this.tok;
    let from = -1;
    let h = HASH_SEED;
    for (let i = 0; i <= n; i++) {
      const c = i < n ? text.charCodeAt(i) : 0x20;
      if (c === 0x20 || (c <= 0x3000 && isPythonWhitespace(c))) {
        if (from >= 0) {
          tok[p++] = this.find(h, text, from, i, false);
          from = -1;
          h = HASH_SEED;
        }
      } else {
        if (from < 0) from = i;
        h = Math.imul(h ^ c, HASH_PRIME);
      }
    }
    const count = p - this.positions;
    this.positions = p;
    return count;
  }

  /** The tokens of the caption added last, each token's first string. */
  lastTokens(): string[] {
    const from = this.start[this.captions - 1]!;
    const out = new Array<string>(this.positions - from);
    for (let p = from; p < this.positions; p++) out[p - from] = this.vocabulary[this.tok[p]!]!;
    return out;
  }

  /**
   * The id of the token `text[from..to)` whose hash is `h`, numbered now if new. `whole`: the token
   * is all of `text` (kept as it is when new; else its slice is).
   */
  private find(h: number, text: string, from: number, to: number, whole: boolean): number {
    const slots = this.slots;
    const vocabulary = this.vocabulary;
    const hashes = this.hashes;
    const length = to - from;
    const mask = slots.length - 1;
    let at = Math.imul(h, 0x9e3779b1) >>> this.shift;
    for (;;) {
      const e = slots[at]!;
      if (e === 0) break;
      if (hashes[e - 1] === h) {
        const v = vocabulary[e - 1]!;
        if (whole) {
          if (v === text) return e - 1;
        } else if (v.length === length) {
          let q = 0;
          while (q < length && v.charCodeAt(q) === text.charCodeAt(from + q)) q++;
          if (q === length) return e - 1;
        }
      }
      at = (at + 1) & mask;
    }
    const id = vocabulary.length;
    vocabulary.push(whole ? text : text.slice(from, to));
    if (id >= hashes.length) {
      const grown = new Int32Array(hashes.length * 2);
      grown.set(hashes);
      this.hashes = grown;
    }
    this.hashes[id] = h;
    slots[at] = id + 1;
    if ((id + 1) * 2 > slots.length) this.rehash();
    return id;
  }

  /** Doubles the token table. */
  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    const shift = this.shift - 1;
    for (let id = 0; id < this.vocabulary.length; id++) {
      let at = Math.imul(this.hashes[id]!, 0x9e3779b1) >>> shift;
      while (slots[at] !== 0) at = (at + 1) & mask;
      slots[at] = id + 1;
    }
    this.slots = slots;
    this.shift = shift;
  }

  /**
   * Ends the corpus. With an `owner` (the statistics the captions came from), the ids stay in the
   * working arrays for {@link ciderCorpus} of those same statistics, until another corpus takes them.
   */
  finish(owner?: object): Captions {
    this.first[this.images] = this.captions;
    this.start[this.captions] = this.positions;
    const out: Captions = { scratch: this.sc, images: this.images, captions: this.captions, positions: this.positions, vocabulary: this.vocabulary.length };
    if (!this.done) {
      this.done = true;
      release(this.sc);
      if (owner !== undefined) this.sc.encoded = { ...out, owner: new WeakRef(owner), tokens: this.vocabulary };
    }
    return out;
  }

  /** Gives the working arrays back (after an error: no corpus is kept). */
  abandon(): void {
    if (!this.done) {
      this.done = true;
      release(this.sc);
    }
  }
}

/** A corpus as token ids: the working arrays that hold them, and its sizes. */
export interface Captions {
  /** The working arrays: token ids (TOK), each caption's first position (START), each image's candidate (HYP). */
  readonly scratch: Scratch;
  /** Images. */
  readonly images: number;
  /** Captions: each image's candidate and references. */
  readonly captions: number;
  /** Tokens of every caption. */
  readonly positions: number;
  /** Distinct tokens (ids 0 .. vocabulary-1). */
  readonly vocabulary: number;
}

/** Captions kept in the working arrays for the statistics they came from. */
interface Encoded extends Captions {
  readonly owner: WeakRef<object>;
  readonly tokens: readonly string[];
}

/**
 * The ids of `segments` if the working arrays still hold them (interned by {@link Interner.finish} for
 * this `owner`, and every token still the one interned: statistics changed in place are interned
 * again); else `undefined`.
 */
export function keptCaptions(owner: object, segments: readonly (readonly [readonly string[], readonly (readonly string[])[]])[]): Captions | undefined {
  const sc = kept?.deref();
  const enc = sc?.encoded;
  if (sc === undefined || enc === undefined || sc.busy || enc.owner.deref() !== owner || segments.length !== enc.images) return undefined;
  const tok = sc.ints[TOK]!;
  const start = sc.ints[START]!;
  const first = sc.ints[HYP]!;
  const tokens = enc.tokens;
  let c = 0;
  for (let i = 0; i < segments.length; i++) {
    const [hyp, refs] = segments[i]!;
    if (first[i] !== c || first[i + 1]! - c - 1 !== refs.length) return undefined;
    for (let r = -1; r < refs.length; r++) {
      const t = r < 0 ? hyp : refs[r]!;
      let p = start[c]!;
      if (start[c + 1]! - p !== t.length) return undefined;
      for (let j = 0; j < t.length; j++) if (t[j] !== tokens[tok[p++]!]) return undefined;
      c++;
    }
  }
  return enc;
}

/**
 * Scores a corpus (its ids in the working arrays: {@link Interner}, {@link keptCaptions}): each image's
 * score and their `np.mean`.
 */
export function ciderCorpus(corpus: Captions, config: CiderConfig, details?: CiderItemDetail[]): { score: number; scores: Float64Array } {
  const sc = corpus.scratch;
  if (sc.busy) throw new Error("CIDEr: the working arrays of this corpus are in use");
  sc.busy = true;
  try {
    return score(sc, corpus, config, details);
  } finally {
    release(sc);
  }
}

function score(sc: Scratch, corpus: Captions, config: CiderConfig, details?: CiderItemDetail[]): { score: number; scores: Float64Array } {
  const { n, sigma, ciderD } = config;
  const { images, captions, positions } = corpus;
  const hyp = sc.ints[HYP]!; // image i's candidate is caption hyp[i], its references follow up to hyp[i+1]
  const start = sc.ints[START]!; // caption c's tokens: tok[start[c] .. start[c+1])
  const tok = sc.ints[TOK]!;
  let total = 0; // n-gram positions of every order: the most entries the per-caption lists take
  for (let c = 0; c < captions; c++) {
    const length = start[c + 1]! - start[c]!;
    const m = Math.min(length, n);
    total += m * length - (m * (m - 1)) / 2;
  }
  // Each order's distinct n-grams per caption in order of first occurrence, with their counts:
  // order k (0-based) of caption c is grams[off[k*(captions+1)+c] .. off[k*(captions+1)+c+1]).
  const stride = captions + 1;
  const off = sc.int(OFF, n * stride, false);
  const grams = sc.int(GRAMS, total, false);
  const counts = sc.int(COUNTS, total, false);
  let used = 0;
  const lengths = sc.int(LENGTHS, captions, true); // bigram counts (the length CIDEr-D's penalty compares)
  const ids = sc.int(IDS, positions, false); // ids[p]: the id of the current order's n-gram starting at position p
  ids.set(tok.subarray(0, positions));
  const table = sc.table;
  table.next = corpus.vocabulary;
  if (sc.now > 0x3fffffff - captions * n) {
    sc.int(STAMP, 0, false).fill(0);
    sc.now = 0;
  }
  let stamp = sc.grow(STAMP, corpus.vocabulary);
  let slot = sc.int(SLOT, corpus.vocabulary, false);
  let now = sc.now;
  let distinct = corpus.vocabulary; // of the order before
  let growth = 1; // of the order before over the one before it
  let df = sc.int(DF, distinct, false);
  let seen = sc.int(SEEN, distinct, false);
  for (let k = 0; k < n; k++) {
    if (k > 0) {
      const first = table.next;
      const before = first - distinct; // the first id of the order before
      const vocabulary = corpus.vocabulary;
      // An order has at most as many distinct n-grams as positions. On captions the bigrams are a
      // fourth of their positions or more, and each order after grows by about the square root of
      // the growth before (COCO: 7.2, 2.1 and 1.3 times the order before's); the table doubles when
      // it must.
      if (distinct * vocabulary >= 2 ** 53) {
        throw new GramscoreError(
          ErrorCode.LIMIT_EXCEEDED,
          `CIDEr numbers each n-gram by an exact key below 2^53, but this corpus has ${distinct} distinct ${k}-grams and ${vocabulary} distinct tokens, whose product is larger. Score a smaller corpus or a lower n.`,
        );
      }
      const positionsK = positions - captions * k;
      const guess = k === 1 ? positionsK / 4 : distinct * Math.sqrt(growth);
      table.reset(Math.min(positionsK, Math.max(guess, 1.2 * distinct)));
      // ids[p] covers tokens p..p+k-1; add token p+k (in place: ids[p] is read before it is written).
      for (let c = 0; c < captions; c++) {
        const end = start[c + 1]! - k;
        for (let p = start[c]!; p < end; p++) ids[p] = table.find((ids[p]! - before) * vocabulary + tok[p + k]! + 1);
      }
      growth = (table.next - first) / distinct;
      distinct = table.next - first;
    }
    if (table.next > stamp.length) {
      stamp = sc.grow(STAMP, table.next);
      slot = sc.int(SLOT, table.next, false);
    }
    // Document frequency, counted on the way: in how many images' references an n-gram occurs.
    const from = k === 0 ? 0 : table.next - distinct;
    if (table.next > df.length) df = sc.grow(DF, table.next);
    if (table.next > seen.length) seen = sc.grow(SEEN, table.next);
    df.fill(0, from, table.next);
    seen.fill(0, from, table.next);
    const row = k * stride;
    for (let i = 0; i < images; i++) {
      const h = hyp[i]!;
      const to = hyp[i + 1]!;
      for (let c = h; c < to; c++) {
        off[row + c] = used;
        const s = start[c]!;
        const m = start[c + 1]! - s - k;
        if (k === 1) lengths[c] = Math.max(0, m);
        const base = used;
        const ref = c !== h;
        now++;
        for (let p = s; p < s + m; p++) {
          const id = ids[p]!;
          if (stamp[id] === now) counts[base + slot[id]!]!++;
          else {
            stamp[id] = now;
            slot[id] = used - base;
            grams[used] = id;
            counts[used++] = 1;
            if (ref && seen[id] !== i + 1) {
              seen[id] = i + 1;
              df[id]!++;
            }
          }
        }
      }
    }
    off[row + captions] = used;
  }
  sc.now = now;
  const size = table.next;
  // idf of every n-gram: refLen - log(max(1, df)), the log computed once per distinct df.
  const refLen = log(images);
  const idf = sc.float(IDF, size);
  const logOf = sc.float(LOG, images + 1).fill(Number.NaN, 0, images + 1);
  for (let id = 0; id < size; id++) {
    const d = Math.max(1, df[id]!);
    let v = logOf[d]!;
    if (v !== v) v = logOf[d] = log(d);
    idf[id] = refLen - v;
  }
  // Every entry's tf-idf value, counts[j] * idf[grams[j]] (computed once, read in order below), and
  // every caption's norms per order.
  const norm = sc.float(NORM, captions * n);
  const tfidf = sc.float(TFIDF, used);
  for (let k = 0; k < n; k++) {
    const row = k * stride;
    for (let c = 0; c < captions; c++) {
      let sq = 0;
      for (let j = off[row + c]!; j < off[row + c + 1]!; j++) {
        const x = counts[j]! * idf[grams[j]!]!;
        tfidf[j] = x;
        sq += x * x;
      }
      norm[c * n + k] = Math.sqrt(sq);
    }
  }
  const penalties = new Map<number, number>();
  const refVal = sc.float(REFVAL, size);
  const refMark = df.fill(0, 0, size); // reused: df is read no more
  let mark = 0;
  const scores = new Float64Array(images);
  const score = new Float64Array(n);
  const val = new Float64Array(n);
  for (let i = 0; i < images; i++) {
    const h = hyp[i]!;
    score.fill(0);
    const perRef: number[][] = [];
    const refEnd = hyp[i + 1]!;
    for (let r = h + 1; r < refEnd; r++) {
      mark++;
      for (let k = 0; k < n; k++) {
        const row = k * stride + r;
        for (let j = off[row]!; j < off[row + 1]!; j++) {
          const id = grams[j]!;
          refVal[id] = tfidf[j]!;
          refMark[id] = mark;
        }
      }
      let pen = 1;
      if (ciderD) {
        const delta = lengths[h]! - lengths[r]!;
        const p = penalties.get(delta);
        if (p === undefined) {
          pen = powE(-(delta * delta) / (2 * sigma * sigma));
          penalties.set(delta, pen);
        } else pen = p;
      }
      for (let k = 0; k < n; k++) {
        const row = k * stride + h;
        let v = 0;
        for (let j = off[row]!; j < off[row + 1]!; j++) {
          const id = grams[j]!;
          const rx = refMark[id] === mark ? refVal[id]! : 0;
          const hx = tfidf[j]!;
          v += ciderD ? (rx < hx ? rx : hx) * rx : hx * rx;
        }
        const nh = norm[h * n + k]!;
        const nr = norm[r * n + k]!;
        if (nh !== 0 && nr !== 0) v /= nh * nr;
        if (ciderD) v *= pen;
        val[k] = v;
        score[k] = score[k]! + v;
      }
      if (details !== undefined) perRef.push(Array.from(val));
    }
    let avg = npMean(score);
    avg /= refEnd - h - 1;
    avg *= 10.0;
    scores[i] = avg;
    if (details !== undefined) {
      const refLengths: number[] = [];
      for (let r = h + 1; r < refEnd; r++) refLengths.push(lengths[r]!);
      details.push({ orders: Array.from(score), perRef, length: lengths[h]!, refLengths });
    }
  }
  return { score: npMean(scores), scores };
}
