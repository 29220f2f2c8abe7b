/**
 * The hot path of chrF: per-order `[hyp, ref, match]` statistics of one hypothesis against each of
 * its references, on integer token ids (code points, or word ids), without building any string.
 *
 * Order by order, every n-gram of the hypothesis gets a dense integer rank (1, 2, …): at order 1 the
 * rank of its token, at order n the rank interned for the pair (rank of its (n−1)-prefix, rank of its
 * last token). Hypothesis counts live in an array indexed by rank. A reference n-gram is looked up,
 * never interned: when it is absent, no longer n-gram starting there can be in the hypothesis either,
 * so that position is dropped for the higher orders; likewise a hypothesis position is dropped once
 * no reference has its prefix. Matches `Σ min(hyp_g, ref_g)` are summed on the fly: a reference
 * occurrence matches while its n-gram's reference count is below its hypothesis count.
 *
 * Pairs are interned in a directly indexed table (`prefix rank × (distinct tokens + 1) + token rank`)
 * when it is small, else in an open-addressing hash table.
 */
import { ErrorCode, GramscoreError } from "@gramscore/core";

/** The rank of nothing: ranks start at 1, and `seen[DEAD]` and row and column DEAD of the pair table are never set. */
const DEAD = 0;
/** Largest directly indexed pair table (entries); larger products use the hash table. */
const DIRECT_LIMIT = 1 << 18;
const MAX_GEN = 0x3fffffff;
/** Largest base of the pair table's ranks (see `#pairs`). */
const MAX_BASE = 0x7fffffff;

/** Reusable buffers for {@link NgramStatsCounter.count}; one per metric instance (not re-entrant). */
export class NgramStatsCounter {
  /** Order-1 hash: token + 1 (0 = empty) and its rank, cleared after each call. */
  #tokKeys = new Int32Array(64);
  #tokRanks = new Int32Array(64);
  #tokBits = 6;
  /** Slot of each order-1 rank in the order-1 hash, to clear it. */
  #tokSlot = new Int32Array(64);
  /**
   * Directly indexed pair table: `base + rank` for the order being interned, where `base` is
   * {@link #pairBase} at the start of that order; anything not above `base` is empty. Bases only grow,
   * so the table never needs clearing between orders or calls (only when the base would overflow).
   */
  #pairs = new Int32Array(1024);
  #pairBase = 0;
  /** Pair hash slots, 4 numbers each: generation (empty unless current), prefix rank, token rank, rank. */
  #slots = new Int32Array(4 << 6);
  #bits = 6;
  #gen = 0;
  /** Per rank of the current order: hypothesis count. */
  #hypCount = new Int32Array(64);
  /** Per rank: count in the reference being scanned (zeroed before each scan). */
  #refCount = new Int32Array(64);
  /** Per rank: the generation of the order in which some reference had it. */
  #seen = new Int32Array(64);
  #seenGen = 0;
  /** Order-1 rank of every position (DEAD in a reference when the hypothesis lacks the token). */
  #hypTok = new Int32Array(64);
  #refTok = new Int32Array(64);
  /** Rank of the n-gram at every position for the current order, or DEAD. */
  #hypRank = new Int32Array(64);
  #refRank = new Int32Array(64);
  /** Largest directly indexed pair table allowed, in entries. */
  readonly #directLimit: number;
  /** Largest base of the pair table's ranks before it is cleared. */
  readonly #maxBase: number;

  /**
   * @param directLimit Largest directly indexed pair table, in entries; beyond it pairs go to a hash
   *   table. (Tests lower it to exercise both paths.)
   * @param maxBase Largest base of the pair table's ranks, after which the table is cleared. (Tests
   *   lower it to exercise the clearing.)
   */
  constructor(directLimit = DIRECT_LIMIT, maxBase = MAX_BASE) {
    this.#directLimit = directLimit;
    this.#maxBase = maxBase;
  }

  /**
   * Adds per-order statistics to `out`: for reference `k` and order `n` (1 … `orders`) the triple
   * `[hyp_n, ref_n, match_n]` goes to `out[k * stride + offset + 3 * (n − 1) …]`, exactly as
   * sacrebleu's `CHRF._get_match_statistics`: `hyp_n` is the number of hypothesis n-grams, or 0 when
   * the reference has none of that order; `ref_n` the number of reference n-grams; `match_n` the
   * clipped overlap. `out` must hold zeros there.
   *
   * @param hyp Hypothesis token ids (`hyp[0 … hypLen)`), integers from 0 to 2^31 − 2.
   * @param refs Token ids of all references, back to back; reference `k` is `refs[refStart[k] … refStart[k + 1])`.
   */
  count(
    hyp: Int32Array,
    hypLen: number,
    refs: Int32Array,
    refStart: Int32Array,
    nRefs: number,
    orders: number,
    out: Int32Array,
    stride: number,
    offset: number,
  ): void {
    const refTotal = refStart[nRefs]!;
    // Totals are arithmetic; hyp_n counts only where the reference has n-grams of that order.
    for (let k = 0; k < nRefs; k++) {
      const refLen = refStart[k + 1]! - refStart[k]!;
      for (let n = 1; n <= orders; n++) {
        const refN = refLen - n + 1;
        if (refN <= 0) break;
        const at = k * stride + offset + 3 * (n - 1);
        out[at] = hypLen - n + 1 > 0 ? hypLen - n + 1 : 0;
        out[at + 1] = refN;
      }
    }
    if (hypLen === 0 || refTotal === 0) return;
    this.#reserve(hypLen, refTotal);
    // A call takes at most `orders` generations; restart them while no call is under way.
    if (this.#seenGen > MAX_GEN - orders) {
      this.#seen.fill(0);
      this.#seenGen = 0;
    }
    const distinct = this.#order1(hyp, hypLen, refs, refStart, nRefs, out, stride, offset);
    if (orders === 1 || hypLen === 1) return;
    const width = distinct + 1;
    if ((hypLen + 1) * width <= this.#directLimit) this.#direct(hypLen, refStart, nRefs, orders, width, out, stride, offset);
    else this.#hashed(hypLen, refStart, nRefs, orders, out, stride, offset);
  }

  /** Order 1: ranks the hypothesis tokens, maps reference tokens to them; returns the number of distinct tokens. */
  #order1(hyp: Int32Array, hypLen: number, refs: Int32Array, refStart: Int32Array, nRefs: number, out: Int32Array, stride: number, offset: number): number {
    const keys = this.#tokKeys;
    const ranks = this.#tokRanks;
    const slotOf = this.#tokSlot;
    const shift = 32 - this.#tokBits;
    const mask = (1 << this.#tokBits) - 1;
    const hypTok = this.#hypTok;
    const refTok = this.#refTok;
    const hypRank = this.#hypRank;
    const refRank = this.#refRank;
    const hypCount = this.#hypCount;
    const refCount = this.#refCount;
    const seen = this.#seen;
    // With one reference, its counts of the previous order say which prefixes it has: no marks needed.
    const multi = nRefs > 1;
    const seenGen = this.#nextSeenGen();
    let m = 0;
    for (let i = 0; i < hypLen; i++) {
      const key = hyp[i]! + 1;
      let h = Math.imul(key, 0x9e3779b1) >>> shift;
      let r: number;
      for (;;) {
        const k = keys[h]!;
        if (k === 0) {
          r = ++m;
          keys[h] = key;
          ranks[h] = r;
          slotOf[r] = h;
          hypCount[r] = 1;
          break;
        }
        if (k === key) {
          r = ranks[h]!;
          hypCount[r]!++;
          break;
        }
        h = (h + 1) & mask;
      }
      hypTok[i] = r;
      hypRank[i] = r;
    }
    for (let k = 0; k < nRefs; k++) {
      const start = refStart[k]!;
      const end = refStart[k + 1]!;
      if (end <= start) continue;
      refCount.fill(0, 0, m + 1);
      let matches = 0;
      for (let j = start; j < end; j++) {
        const key = refs[j]! + 1;
        let h = Math.imul(key, 0x9e3779b1) >>> shift;
        let r = DEAD;
        for (;;) {
          const x = keys[h]!;
          if (x === 0) break;
          if (x === key) {
            r = ranks[h]!;
            break;
          }
          h = (h + 1) & mask;
        }
        refTok[j] = r;
        refRank[j] = r;
        if (r === DEAD) continue;
        if (multi) seen[r] = seenGen;
        const c = refCount[r]!;
        matches += (c - hypCount[r]!) >>> 31; // c < hypCount[r]
        refCount[r] = c + 1;
      }
      out[k * stride + offset + 2] = matches;
    }
    for (let r = 1; r <= m; r++) keys[slotOf[r]!] = 0;
    return m;
  }

  /** Orders 2 … `orders` with the directly indexed pair table (`width` = distinct tokens + 1). */
  #direct(hypLen: number, refStart: Int32Array, nRefs: number, orders: number, width: number, out: Int32Array, stride: number, offset: number): void {
    if (this.#pairs.length < (hypLen + 1) * width) this.#pairs = new Int32Array(grow((hypLen + 1) * width));
    const pairs = this.#pairs;
    // Each order takes at most hypLen ranks above the base.
    if (this.#pairBase > this.#maxBase - orders * hypLen) {
      pairs.fill(0);
      this.#pairBase = 0;
    }
    let base = this.#pairBase;
    const hypTok = this.#hypTok;
    const refTok = this.#refTok;
    const hypRank = this.#hypRank;
    const refRank = this.#refRank;
    const hypCount = this.#hypCount;
    const refCount = this.#refCount;
    const seen = this.#seen;
    // With one reference, its counts of the previous order say which prefixes it has: no marks needed.
    const multi = nRefs > 1;
    let prevSeen = this.#seenGen;
    for (let n = 2; n <= orders; n++) {
      const hypN = hypLen - n + 1;
      if (hypN <= 0) return;
      const seenGen = this.#nextSeenGen();
      let ranks = 0;
      for (let i = 0; i < hypN; i++) {
        const parent = hypRank[i]!;
        if (multi ? seen[parent] !== prevSeen : refCount[parent] === 0) {
          // DEAD, or no reference had the prefix.
          hypRank[i] = DEAD;
          continue;
        }
        const at = parent * width + hypTok[i + n - 1]!;
        let r = pairs[at]! - base;
        if (r <= 0) {
          r = ++ranks;
          pairs[at] = base + r;
          hypCount[r] = 1;
        } else hypCount[r]!++;
        hypRank[i] = r;
      }
      if (ranks === 0) return;
      for (let k = 0; k < nRefs; k++) {
        const start = refStart[k]!;
        const end = refStart[k + 1]! - n + 1;
        if (end <= start) continue;
        refCount.fill(0, 0, ranks + 1);
        let matches = 0;
        for (let j = start; j < end; j++) {
          const parent = refRank[j]!;
          if (parent === DEAD) continue;
          const t = refTok[j + n - 1]!;
          const r = pairs[parent * width + t]! - base; // column DEAD is never set
          if (r <= 0) {
            refRank[j] = DEAD;
            continue;
          }
          refRank[j] = r;
          if (multi) seen[r] = seenGen;
          const c = refCount[r]!;
          matches += (c - hypCount[r]!) >>> 31; // c < hypCount[r]
          refCount[r] = c + 1;
        }
        out[k * stride + offset + 3 * (n - 1) + 2] = matches;
      }
      base += ranks;
      this.#pairBase = base;
      prevSeen = seenGen;
    }
  }

  /** Orders 2 … `orders` with the pair hash table (for long hypotheses with many distinct tokens). */
  #hashed(hypLen: number, refStart: Int32Array, nRefs: number, orders: number, out: Int32Array, stride: number, offset: number): void {
    const slots = this.#slots;
    const shift = 32 - this.#bits;
    const mask = (1 << this.#bits) - 1;
    const hypTok = this.#hypTok;
    const refTok = this.#refTok;
    const hypRank = this.#hypRank;
    const refRank = this.#refRank;
    const hypCount = this.#hypCount;
    const refCount = this.#refCount;
    const seen = this.#seen;
    // With one reference, its counts of the previous order say which prefixes it has: no marks needed.
    const multi = nRefs > 1;
    let prevSeen = this.#seenGen;
    for (let n = 2; n <= orders; n++) {
      const hypN = hypLen - n + 1;
      if (hypN <= 0) return;
      const seenGen = this.#nextSeenGen();
      let gen = this.#gen + 1;
      if (gen > MAX_GEN) {
        slots.fill(0);
        gen = 1;
      }
      this.#gen = gen;
      let ranks = 0;
      for (let i = 0; i < hypN; i++) {
        const parent = hypRank[i]!;
        if (multi ? seen[parent] !== prevSeen : refCount[parent] === 0) {
          // DEAD, or no reference had the prefix.
          hypRank[i] = DEAD;
          continue;
        }
        const token = hypTok[i + n - 1]!;
        let h = Math.imul(Math.imul(parent, 0x2c1b3c6d) ^ token, 0x9e3779b1) >>> shift;
        for (;;) {
          const s = h << 2;
          if (slots[s] !== gen) {
            const r = ++ranks;
            slots[s] = gen;
            slots[s + 1] = parent;
            slots[s + 2] = token;
            slots[s + 3] = r;
            hypCount[r] = 1;
            hypRank[i] = r;
            break;
          }
          if (slots[s + 2] === token && slots[s + 1] === parent) {
            const r = slots[s + 3]!;
            hypCount[r]!++;
            hypRank[i] = r;
            break;
          }
          h = (h + 1) & mask;
        }
      }
      if (ranks === 0) return;
      for (let k = 0; k < nRefs; k++) {
        const start = refStart[k]!;
        const end = refStart[k + 1]! - n + 1;
        if (end <= start) continue;
        refCount.fill(0, 0, ranks + 1);
        let matches = 0;
        for (let j = start; j < end; j++) {
          const parent = refRank[j]!;
          if (parent === DEAD) continue;
          const token = refTok[j + n - 1]!;
          let r = DEAD;
          if (token !== DEAD) {
            let h = Math.imul(Math.imul(parent, 0x2c1b3c6d) ^ token, 0x9e3779b1) >>> shift;
            for (;;) {
              const s = h << 2;
              if (slots[s] !== gen) break;
              if (slots[s + 2] === token && slots[s + 1] === parent) {
                r = slots[s + 3]!;
                break;
              }
              h = (h + 1) & mask;
            }
          }
          refRank[j] = r;
          if (r === DEAD) continue;
          if (multi) seen[r] = seenGen;
          const c = refCount[r]!;
          matches += (c - hypCount[r]!) >>> 31; // c < hypCount[r]
          refCount[r] = c + 1;
        }
        out[k * stride + offset + 3 * (n - 1) + 2] = matches;
      }
      prevSeen = seenGen;
    }
  }

  #nextSeenGen(): number {
    return ++this.#seenGen;
  }

  /**
   * Makes room for a hypothesis of `hypLen` tokens and references of `refLen` tokens in all.
   * @throws GramscoreError `LIMIT_EXCEEDED` past {@link MAX_SEGMENT_TOKENS} (the tables are int32-indexed).
   */
  #reserve(hypLen: number, refLen: number): void {
    checkSegmentTokens(hypLen, refLen);
    if (this.#hypRank.length < hypLen) {
      const size = grow(hypLen);
      this.#hypRank = new Int32Array(size);
      this.#hypTok = new Int32Array(size);
    }
    if (this.#hypCount.length <= hypLen) {
      // Ranks of one order go up to hypLen.
      const size = grow(hypLen + 1);
      this.#hypCount = new Int32Array(size);
      this.#refCount = new Int32Array(size);
      this.#seen = new Int32Array(size);
      this.#tokSlot = new Int32Array(size);
      this.#seenGen = 0;
    }
    if (this.#refRank.length < refLen) {
      const size = grow(refLen);
      this.#refRank = new Int32Array(size);
      this.#refTok = new Int32Array(size);
    }
    // At most hypLen keys per table: keep the load factor at or below 1/2.
    let bits = this.#tokBits;
    while (1 << bits < 2 * hypLen) bits++;
    if (bits !== this.#tokBits) {
      this.#tokKeys = new Int32Array(1 << bits);
      this.#tokRanks = new Int32Array(1 << bits);
      this.#tokBits = bits;
      this.#slots = new Int32Array(4 << bits);
      this.#bits = bits;
      this.#gen = 0;
    }
  }
}

/**
 * The longest hypothesis (and the most reference tokens of one segment, all references together)
 * chrF scores: 2^26 characters or words. Its tables are indexed with 32-bit integers and sized
 * 4 × 2^⌈log2(2 × length)⌉, which would overflow past 2^28.
 */
export const MAX_SEGMENT_TOKENS = 1 << 26;

/**
 * Checks a segment's size against {@link MAX_SEGMENT_TOKENS}: `hypLen` tokens of the hypothesis,
 * `refLen` of all its references together.
 * @throws GramscoreError `LIMIT_EXCEEDED` past the limit.
 */
export function checkSegmentTokens(hypLen: number, refLen: number): void {
  if (hypLen > MAX_SEGMENT_TOKENS || refLen > MAX_SEGMENT_TOKENS) {
    const which = hypLen > MAX_SEGMENT_TOKENS ? `the hypothesis has ${hypLen}` : `the references have ${refLen}`;
    throw new GramscoreError(
      ErrorCode.LIMIT_EXCEEDED,
      `chrF scores segments of at most ${MAX_SEGMENT_TOKENS} characters (or words) on each side, but ${which}. ` +
        "A segment this long is almost certainly a whole document on one line: split it into sentences or paragraphs.",
      { details: { limit: MAX_SEGMENT_TOKENS, hypLen, refLen } },
    );
  }
}

function grow(n: number): number {
  let size = 64;
  while (size < n) size *= 2;
  return size;
}

/** Per code unit below U+0085: 1 to keep it. Python's whitespace there: \t-\r, U+001C-U+001F, space. */
const KEEP_ALL = new Uint8Array(0x85).fill(1);
const KEEP_NON_SPACE = new Uint8Array(0x85).fill(1);
for (const c of [0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20]) KEEP_NON_SPACE[c] = 0;

/**
 * Writes the code points of `text` to `out` from `at` and returns how many: all of them when
 * `keepWhitespace`, else all but Python's whitespace (sacrebleu's `''.join(line.split())`).
 * `out` needs room for `text.length` ids.
 * @throws GramscoreError `LONE_SURROGATE` for an unpaired UTF-16 surrogate.
 */
export function writeCodePoints(text: string, keepWhitespace: boolean, out: Int32Array, at: number): number {
  const n = text.length;
  const step = keepWhitespace ? KEEP_ALL : KEEP_NON_SPACE;
  let o = at;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x85) {
      // Written always, kept by advancing: no branch on the character.
      out[o] = c;
      o += step[c]!;
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const d = i + 1 < n ? text.charCodeAt(i + 1) : 0;
      if (c > 0xdbff || d < 0xdc00 || d > 0xdfff) throw loneSurrogate(text, i);
      out[o++] = (c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000;
      i++;
      continue;
    }
    if (
      !keepWhitespace &&
      (c === 0x85 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000)
    ) {
      continue;
    }
    out[o++] = c;
  }
  return o - at;
}

function loneSurrogate(text: string, index: number): GramscoreError {
  const unit = text.charCodeAt(index).toString(16).toUpperCase().padStart(4, "0");
  return new GramscoreError(
    ErrorCode.LONE_SURROGATE,
    `The text contains an unpaired UTF-16 surrogate U+${unit} at index ${index}, so it is not valid Unicode text. ` +
      "Repair the text (e.g. with String.prototype.toWellFormed()) or fix how it was decoded.",
    { details: { index } },
  );
}
