/**
 * Reference indexes for chrF: a reference's character n-grams of orders 1 … `order` as a trie with
 * counts, built once and kept (see the reference cache of `metric.ts`), so that a hypothesis scored
 * again against the same reference (every system of a test set is) costs one walk of the hypothesis
 * and no work on the reference.
 *
 * Nodes are numbered level by level (root 0, then the distinct characters 1 … D, then the bigrams,
 * …), and the children of a node are consecutive, so a node needs two 16-bit numbers: its first
 * child (its children end where the next node's begin) and its last character (as a node id of
 * level 1); its count in the reference sits in an array of its own, which a match copies whole as
 * its scratch. Characters map to level-1 nodes through a small hash table of code points, and pairs
 * of level-1 nodes to bigram nodes through a table (up to 63 distinct characters). A hypothesis
 * position walks down from its first character for as long as the reference has the n-gram; each
 * node reached takes one from what is left of its count, and matches while something was left:
 * `Σ min(hyp_g, ref_g)` per order, as sacrebleu's
 * `_get_match_statistics`. The totals `hyp_n` and `ref_n` are arithmetic.
 */

/** The largest reference (in code points) and trie (in nodes, with a sentinel) an index holds: its numbers are 16-bit. */
export const MAX_INDEXED = 0xffff;

const EMPTY: Uint16Array = new Uint16Array(0);

/** A reference's character n-grams, as {@link ReferenceIndexer.build} makes them (immutable). */
export class ReferenceIndex {
  /**
   * @param length Characters of the reference (code points, whitespace removed unless kept).
   * @param chars Open-addressing table, two numbers per slot: code point + 1 (0 = empty), its level-1 node.
   * @param shift `32 − log2(slots)` of `chars`, for its multiplicative hash.
   * @param trie Two numbers per node and one sentinel node: first child, last character (level-1 node).
   * @param counts Per node (and the sentinel): the n-gram's count in the reference.
   * @param nodes Nodes of the trie, the root included (the sentinel is node `nodes`).
   * @param width Level-1 nodes + 1: the row length of `pairs`.
   * @param pairs The bigram node of (level-1 node a, level-1 node b) at `a × width + b` (0: no such
   *   bigram), or empty when the reference has too many distinct characters (see {@link PAIR_TABLE}).
   */
  constructor(
    readonly length: number,
    readonly chars: Int32Array,
    readonly shift: number,
    readonly trie: Uint16Array,
    readonly counts: Uint16Array,
    readonly nodes: number,
    readonly width: number,
    readonly pairs: Uint16Array,
  ) {}

  /** Bytes the index holds, an estimate (typed arrays and object headers). */
  get bytes(): number {
    return this.chars.byteLength + this.trie.byteLength + this.counts.byteLength + this.pairs.byteLength + 256;
  }
}

/** Entries of the directly indexed pair table (levels with more parent × character pairs are hashed). */
const DIRECT_PAIRS = 1 << 16;
/** Entries of the largest bigram table an index keeps (a reference of up to 63 distinct characters). */
export const PAIR_TABLE = 64 * 64;
/** Size of the blocks indexes are carved from. */
const BLOCK_BYTES = 1 << 18;

function capacity(n: number): number {
  let size = 64;
  while (size < n) size *= 2;
  return size;
}

/** The child of trie node `v` whose last symbol is the level-1 node `t`, or 0 (no node has the root as a child). */
function childOf(trie: Uint16Array, v: number, t: number): number {
  const e = trie[2 * v + 2]!;
  for (let s = trie[2 * v]!; s < e; s++) if (trie[2 * s + 1] === t) return s;
  return 0;
}

/** Builds {@link ReferenceIndex}es and matches hypotheses against them, with reusable buffers (not re-entrant). */
export class ReferenceIndexer {
  /** Order-1 hash while building: code point + 1 (0 = empty) and its node; cleared after each build. */
  #keys = new Int32Array(128);
  #vals = new Int32Array(128);
  #bits = 7;
  /** Slot in the order-1 hash of each level-1 node, to clear it. */
  #slotOf = new Int32Array(65);
  /** Pair hash while building, 4 numbers per slot: generation, parent node, character, pair number. */
  #slots = new Int32Array(4 << 7);
  #gen = 0;
  /**
   * Pair table for small levels: (parent − first node of its level) × (characters + 1) + character
   * → base + pair number + 1. Bases only grow, so it is cleared only when the base would overflow.
   */
  #direct = new Int32Array(0);
  #directBase = 0;
  /** Per node while building: first child, last character, count. */
  #first = new Int32Array(64);
  #tok = new Int32Array(64);
  #cnt = new Int32Array(64);
  /** Per reference position: its level-1 node, and the node of the n-gram starting there. */
  #tok1 = new Int32Array(64);
  #node = new Int32Array(64);
  /** Per position: its pair number; per pair: parent, character, count, node. */
  #posPair = new Int32Array(64);
  #pairParent = new Int32Array(64);
  #pairTok = new Int32Array(64);
  #pairCnt = new Int32Array(64);
  #pairNode = new Int32Array(64);
  /** Per node of the parent level: next free child id. */
  #fill = new Int32Array(64);
  /** Per hypothesis position: its level-1 node in the reference being matched, or 0. */
  #hypTok = new Int32Array(64);
  /** Per node: its reference count less the hypothesis occurrences matched so far (copied before each match). */
  #remaining = new Uint16Array(64);
  /** Per order: matches. */
  #matches = new Int32Array(8);
  /**
   * Memory of the indexes: views into shared blocks, so that an index costs no allocation of its own
   * and indexes built one after another lie side by side. A block lives while a view of it does.
   */
  #block = new ArrayBuffer(0);
  #blockUsed = 0;

  /** Zeroed memory for `bytes` bytes (a multiple of 4) from the current block, or a new one. */
  #take(bytes: number): number {
    if (this.#blockUsed + bytes > this.#block.byteLength) {
      this.#block = new ArrayBuffer(bytes > BLOCK_BYTES >> 2 ? bytes : BLOCK_BYTES);
      this.#blockUsed = 0;
    }
    const at = this.#blockUsed;
    this.#blockUsed = at + bytes;
    return at;
  }

  #int32(n: number): Int32Array {
    const at = this.#take(4 * n);
    return new Int32Array(this.#block, at, n);
  }

  #uint16(n: number): Uint16Array {
    const at = this.#take((2 * n + 3) & ~3);
    return new Uint16Array(this.#block, at, n);
  }

  /**
   * Indexes the reference `cps[start … start + len)` (code points) up to order `order` (≥ 1), or
   * returns null when it is too large for 16-bit numbers (see {@link MAX_INDEXED}).
   */
  build(cps: Int32Array, start: number, len: number, order: number): ReferenceIndex | null {
    if (len > MAX_INDEXED) return null;
    this.#reserve(len, order);
    const keys = this.#keys;
    const vals = this.#vals;
    const slotOf = this.#slotOf;
    const shift = 32 - this.#bits;
    const mask = (1 << this.#bits) - 1;
    const first = this.#first;
    const tok = this.#tok;
    const cnt = this.#cnt;
    const tok1 = this.#tok1;
    const node = this.#node;
    // Level 1: the distinct characters, numbered 1 … D in order of first appearance.
    let d = 0;
    for (let j = 0; j < len; j++) {
      const key = cps[start + j]! + 1;
      let h = Math.imul(key, 0x9e3779b1) >>> shift;
      let v: number;
      for (;;) {
        const k = keys[h]!;
        if (k === 0) {
          v = ++d;
          keys[h] = key;
          vals[h] = v;
          slotOf[v] = h;
          tok[v] = v;
          cnt[v] = 1;
          break;
        }
        if (k === key) {
          v = vals[h]!;
          cnt[v]!++;
          break;
        }
        h = (h + 1) & mask;
      }
      tok1[j] = v;
      node[j] = v;
    }
    // The final character table: load at most 1/2.
    let cbits = 1;
    while (3 << cbits < 4 * d) cbits++;
    const chars = this.#int32(2 << cbits);
    const cshift = 32 - cbits;
    const cmask = (1 << cbits) - 1;
    for (let v = 1; v <= d; v++) {
      const s = slotOf[v]!;
      const key = keys[s]!;
      keys[s] = 0;
      let h = Math.imul(key, 0x9e3779b1) >>> cshift;
      while (chars[2 * h] !== 0) h = (h + 1) & cmask;
      chars[2 * h] = key;
      chars[2 * h + 1] = v;
    }
    if (d + 1 >= MAX_INDEXED) return null;
    first[0] = 1;
    tok[0] = 0;
    cnt[0] = 0;
    let lo = 1;
    let hi = d + 1;
    const slots = this.#slots;
    const posPair = this.#posPair;
    const pairParent = this.#pairParent;
    const pairTok = this.#pairTok;
    const pairCnt = this.#pairCnt;
    const pairNode = this.#pairNode;
    const fill = this.#fill;
    let pairTable: Uint16Array = EMPTY;
    for (let n = 2; n <= order; n++) {
      const count = len - n + 1;
      if (count <= 0) break;
      // The distinct (n − 1)-gram node, last character pairs, numbered in order of first appearance.
      let pairs = 0;
      const width = d + 1;
      if ((hi - lo) * width <= DIRECT_PAIRS) {
        // Directly indexed by (parent − lo) × width + character; entries not above `base` are stale.
        const need = (hi - lo) * width;
        if (this.#direct.length < need) {
          this.#direct = new Int32Array(capacity(need));
          this.#directBase = 0;
        }
        const direct = this.#direct;
        let base = this.#directBase;
        if (base > 0x3fffffff - count) {
          direct.fill(0);
          base = 0;
        }
        for (let j = 0; j < count; j++) {
          const parent = node[j]!;
          const t = tok1[j + n - 1]!;
          const at = (parent - lo) * width + t;
          let q = direct[at]! - base - 1;
          if (q < 0) {
            q = pairs++;
            direct[at] = base + q + 1;
            pairParent[q] = parent;
            pairTok[q] = t;
            pairCnt[q] = 1;
          } else pairCnt[q]!++;
          posPair[j] = q;
        }
        this.#directBase = base + pairs;
      } else {
        let gen = this.#gen + 1;
        if (gen > 0x3fffffff) {
          slots.fill(0);
          gen = 1;
        }
        this.#gen = gen;
        for (let j = 0; j < count; j++) {
          const parent = node[j]!;
          const t = tok1[j + n - 1]!;
          let h = Math.imul(Math.imul(parent, 0x2c1b3c6d) ^ t, 0x9e3779b1) >>> shift;
          for (;;) {
            const s = h << 2;
            if (slots[s] !== gen) {
              const q = pairs++;
              slots[s] = gen;
              slots[s + 1] = parent;
              slots[s + 2] = t;
              slots[s + 3] = q;
              pairParent[q] = parent;
              pairTok[q] = t;
              pairCnt[q] = 1;
              posPair[j] = q;
              break;
            }
            if (slots[s + 2] === t && slots[s + 1] === parent) {
              const q = slots[s + 3]!;
              pairCnt[q]!++;
              posPair[j] = q;
              break;
            }
            h = (h + 1) & mask;
          }
        }
      }
      // With the sentinel, node ids must stay 16-bit.
      if (hi + pairs >= MAX_INDEXED) return null;
      // Children of each parent consecutive (a counting sort by parent): first child of every parent.
      fill.fill(0, 0, hi - lo);
      for (let q = 0; q < pairs; q++) fill[pairParent[q]! - lo]!++;
      let at = hi;
      for (let p = lo; p < hi; p++) {
        const c = fill[p - lo]!;
        first[p] = at;
        fill[p - lo] = at;
        at += c;
      }
      for (let q = 0; q < pairs; q++) {
        const v = fill[pairParent[q]! - lo]!++;
        pairNode[q] = v;
        tok[v] = pairTok[q]!;
        cnt[v] = pairCnt[q]!;
      }
      if (n === 2 && width * width <= PAIR_TABLE) {
        pairTable = this.#uint16(width * width);
        for (let q = 0; q < pairs; q++) pairTable[pairParent[q]! * width + pairTok[q]!] = pairNode[q]!;
      }
      for (let j = 0; j < count; j++) node[j] = pairNode[posPair[j]!]!;
      lo = hi;
      hi += pairs;
    }
    // The deepest level has no children; the sentinel closes the last child range.
    for (let p = lo; p <= hi; p++) first[p] = hi;
    tok[hi] = 0;
    cnt[hi] = 0;
    const trie = this.#uint16(2 * (hi + 1));
    const counts = this.#uint16(hi + 1);
    for (let v = 0, o = 0; v <= hi; v++, o += 2) {
      trie[o] = first[v]!;
      trie[o + 1] = tok[v]!;
      counts[v] = cnt[v]!;
    }
    return new ReferenceIndex(len, chars, cshift, trie, counts, hi, d + 1, pairTable);
  }

  /**
   * Writes the statistics of the hypothesis `hyp[0 … hypLen)` (code points) against an indexed
   * reference, for orders 1 … `order` (the order the index was built with), to
   * `out[at + 3 × (n − 1) …]` exactly as `NgramStatsCounter.count` does for one reference:
   * `[hyp_n (0 when the reference has no n-gram of order n), ref_n, match_n]`. `out` must hold zeros there.
   */
  match(ix: ReferenceIndex, hyp: Int32Array, hypLen: number, order: number, out: Int32Array, at: number): void {
    const refLen = ix.length;
    for (let n = 1; n <= order; n++) {
      const refN = refLen - n + 1;
      if (refN <= 0) break;
      const o = at + 3 * (n - 1);
      out[o] = hypLen - n + 1 > 0 ? hypLen - n + 1 : 0;
      out[o + 1] = refN;
    }
    if (hypLen === 0 || refLen === 0) return;
    if (this.#hypTok.length < hypLen) this.#hypTok = new Int32Array(capacity(hypLen));
    if (this.#remaining.length < ix.counts.length) this.#remaining = new Uint16Array(capacity(ix.counts.length));
    if (this.#matches.length < order) this.#matches = new Int32Array(capacity(order));
    const hypTok = this.#hypTok;
    const rem = this.#remaining;
    const m = this.#matches;
    const chars = ix.chars;
    const shift = ix.shift;
    const cmask = (chars.length >> 1) - 1;
    const trie = ix.trie;
    const pairs = ix.pairs;
    const width = pairs.length === 0 ? 0 : ix.width;
    for (let i = 0; i < hypLen; i++) {
      const key = hyp[i]! + 1;
      let h = Math.imul(key, 0x9e3779b1) >>> shift;
      let v = 0;
      for (;;) {
        const k = chars[2 * h]!;
        if (k === key) {
          v = chars[2 * h + 1]!;
          break;
        }
        if (k === 0) break;
        h = (h + 1) & cmask;
      }
      hypTok[i] = v;
    }
    // What is left of each n-gram's reference count: a hypothesis occurrence matches while it is not 0.
    rem.set(ix.counts);
    let m0 = 0;
    let m1 = 0;
    m.fill(0, 0, order);
    for (let i = 0; i < hypLen; i++) {
      let v = hypTok[i]!;
      if (v === 0) continue;
      let c = rem[v]!;
      let hit = -c >>> 31;
      m0 += hit;
      rem[v] = c - hit;
      const depth = hypLen - i < order ? hypLen - i : order;
      if (depth === 1) continue;
      const t = hypTok[i + 1]!;
      if (t === 0) continue;
      if (width !== 0) {
        // The bigram from the table, without searching the children of v.
        v = pairs[v * width + t]!;
        if (v === 0) continue;
      } else {
        v = childOf(trie, v, t);
        if (v === 0) continue;
      }
      c = rem[v]!;
      hit = -c >>> 31;
      m1 += hit;
      rem[v] = c - hit;
      for (let d = 2; d < depth; d++) {
        const t = hypTok[i + d]!;
        if (t === 0) break;
        v = childOf(trie, v, t);
        if (v === 0) break;
        c = rem[v]!;
        hit = -c >>> 31;
        m[d]! += hit;
        rem[v] = c - hit;
      }
    }
    m[0] = m0;
    if (order > 1) m[1] = m1;
    for (let n = 1; n <= order; n++) out[at + 3 * (n - 1) + 2] = m[n - 1]!;
  }

  #reserve(len: number, order: number): void {
    if (this.#node.length < len) {
      const size = capacity(len);
      this.#tok1 = new Int32Array(size);
      this.#node = new Int32Array(size);
      this.#posPair = new Int32Array(size);
      this.#pairParent = new Int32Array(size);
      this.#pairTok = new Int32Array(size);
      this.#pairCnt = new Int32Array(size);
      this.#pairNode = new Int32Array(size);
      this.#fill = new Int32Array(size);
      this.#slotOf = new Int32Array(size + 1);
    }
    // Nodes (with the sentinel) are fewer than MAX_INDEXED + 1, or the build stops.
    const nodes = Math.min(order * len + 2, MAX_INDEXED + 2);
    if (this.#first.length < nodes) {
      const size = capacity(nodes);
      this.#first = new Int32Array(size);
      this.#tok = new Int32Array(size);
      this.#cnt = new Int32Array(size);
    }
    // At most len keys in each hash: load at most 1/2.
    let bits = this.#bits;
    while (1 << bits < 2 * len) bits++;
    if (bits !== this.#bits) {
      this.#keys = new Int32Array(1 << bits);
      this.#vals = new Int32Array(1 << bits);
      this.#slots = new Int32Array(4 << bits);
      this.#bits = bits;
      this.#gen = 0;
    }
  }
}
