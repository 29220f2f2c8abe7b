import { ErrorCode, GramscoreError, describeValue } from "@gramscore/core";

/** The largest token id a table accepts (ids are non-negative 32-bit integers). */
export const MAX_TOKEN_ID = 0x7fffffff;

/**
 * The most distinct n-grams one {@link NgramTable} can hold: 2^29 − 1 = 536,870,911 (its hash slots
 * live in one typed array of at most 2^30 entries). Long before that a table takes gigabytes; use
 * one table per segment (or {@link NgramTable.clear} it) to keep memory flat on long streams.
 */
export const MAX_NGRAMS = 2 ** 29 - 1;

const INITIAL_CAPACITY = 256;

/** @internal Hash of an (n-gram, token) pair; any well-mixed 32-bit value works. */
export function hashPair(parent: number, token: number): number {
  let h = Math.imul(parent, 0x9e3779b1) ^ Math.imul(token ^ 0x7f4a7c15, 0x85ebca77);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return h;
}

/**
 * Gives every distinct n-gram of token ids a dense integer key, without building strings.
 *
 * The table is a trie: the key of the n-gram `t1 … tn` is the key interned for the pair
 * (key of `t1 … t(n-1)`, `tn`), and the empty n-gram is the root, key `0`. Keys are therefore
 * `1, 2, 3, …` in order of first appearance, unique across all orders, and an n-gram's tokens can be
 * read back ({@link NgramTable.ngram}). Pairs live in an open-addressing hash over typed arrays.
 *
 * Lifetime is the caller's choice: one table per segment (memory stays flat on any stream), one
 * table reused with {@link NgramTable.clear} between segments (no reallocation), or one table shared
 * by a whole corpus (keys comparable across segments). Counts made from a table are only valid with
 * that table until it is cleared; using them afterwards throws.
 *
 * Token ids must be integers in `0 … 2^31 − 1` ({@link MAX_TOKEN_ID}); one table must only see ids
 * of one kind (word ids of one {@link Vocabulary}, or code points), since equal ids are equal tokens.
 * Capacity: {@link MAX_NGRAMS} distinct n-grams.
 */
export class NgramTable {
  /** @internal parent key of each key (index = key). */
  parents: Int32Array;
  /** @internal last token of each key (index = key). */
  tokens: Int32Array;
  /** @internal per-key scratch counters; all zero between calls. */
  scratch: Int32Array;
  /** @internal hash slots holding keys (0 = empty); length is a power of two. */
  slots: Int32Array;
  /** @internal `slots.length - 1`. */
  mask: number;
  /** @internal number of keys in use (keys are `1 … used`). */
  used = 0;
  /** @internal bumped by {@link NgramTable.clear}; counts remember the generation they belong to. */
  generation = 0;

  /**
   * @param capacity Expected number of distinct n-grams (the table grows as needed anyway).
   */
  constructor(capacity = INITIAL_CAPACITY) {
    if (!Number.isInteger(capacity) || capacity < 1 || capacity > MAX_NGRAMS) {
      throw new GramscoreError(
        ErrorCode.INVALID_OPTION,
        `NgramTable capacity must be an integer from 1 to ${MAX_NGRAMS}, but got ${describeValue(capacity)}.`,
      );
    }
    const nodes = capacity + 1;
    this.parents = new Int32Array(nodes);
    this.tokens = new Int32Array(nodes);
    this.scratch = new Int32Array(nodes);
    let slots = 16;
    while (slots < nodes * 2) slots *= 2;
    this.slots = new Int32Array(slots);
    this.mask = slots - 1;
  }

  /** Number of distinct n-grams (of all orders) the table holds. */
  get size(): number {
    return this.used;
  }

  /**
   * The key of the n-gram `parent + token`, interning it when new. `parent` is `0` (the root) for
   * unigrams, else the key of the n-gram being extended.
   */
  child(parent: number, token: number): number {
    if (!((token | 0) === token && token >= 0)) throw badToken(token);
    if (!((parent | 0) === parent && parent >= 0 && parent <= this.used)) this.#checkKey(parent);
    const slots = this.slots;
    const mask = this.mask;
    let h = hashPair(parent, token) & mask;
    for (;;) {
      const key = slots[h]!;
      if (key === 0) break;
      if (this.tokens[key] === token && this.parents[key] === parent) return key;
      h = (h + 1) & mask;
    }
    if (this.used + 1 >= this.parents.length) {
      this.reserve(1);
      return this.child(parent, token);
    }
    const key = ++this.used;
    this.parents[key] = parent;
    this.tokens[key] = token;
    slots[h] = key;
    return key;
  }

  /**
   * The key of the n-gram `parent + token` if it was interned, else `-1`; never interns.
   */
  find(parent: number, token: number): number {
    const slots = this.slots;
    const mask = this.mask;
    let h = hashPair(parent, token) & mask;
    for (;;) {
      const key = slots[h]!;
      if (key === 0) return -1;
      if (this.tokens[key] === token && this.parents[key] === parent) return key;
      h = (h + 1) & mask;
    }
  }

  /** The key of the n-gram `ids` (interning it and its prefixes when new). */
  key(ids: ArrayLike<number>): number {
    let key = 0;
    for (let i = 0; i < ids.length; i++) key = this.child(key, checkToken(ids[i]!));
    return key;
  }

  /** The order (number of tokens) of the n-gram with this key. */
  order(key: number): number {
    this.#checkKey(key);
    let n = 0;
    while (key !== 0) {
      key = this.parents[key]!;
      n++;
    }
    return n;
  }

  /** The token ids of the n-gram with this key, first token first. */
  ngram(key: number): Int32Array {
    const out = new Int32Array(this.order(key));
    for (let i = out.length - 1; i >= 0; i--) {
      out[i] = this.tokens[key]!;
      key = this.parents[key]!;
    }
    return out;
  }

  /**
   * Makes room for `extra` more n-grams so that no reallocation happens while they are added.
   * @throws GramscoreError `INVALID_OPTION` when the table would exceed {@link MAX_NGRAMS}.
   */
  reserve(extra: number): void {
    const needed = this.used + extra + 1;
    if (needed <= this.parents.length) return;
    if (needed - 1 > MAX_NGRAMS) {
      throw new GramscoreError(
        ErrorCode.INVALID_OPTION,
        `An NgramTable holds at most ${MAX_NGRAMS} distinct n-grams, but ${needed - 1} were needed. ` +
          "Use one table per segment (or call table.clear() between segments) instead of one for the whole corpus.",
        { details: { limit: MAX_NGRAMS, needed: needed - 1 } },
      );
    }
    let nodes = this.parents.length;
    while (nodes < needed) nodes = Math.min(nodes * 2, MAX_NGRAMS + 1);
    const parents = new Int32Array(nodes);
    parents.set(this.parents);
    const tokens = new Int32Array(nodes);
    tokens.set(this.tokens);
    const scratch = new Int32Array(nodes);
    scratch.set(this.scratch);
    this.parents = parents;
    this.tokens = tokens;
    this.scratch = scratch;
    if (this.slots.length < nodes * 2) this.#rehash(nodes * 2);
  }

  /**
   * Forgets every n-gram (keys restart at 1) but keeps the memory. Counts made before are invalid
   * afterwards: using them throws.
   */
  clear(): void {
    if (this.used === 0) return;
    const used = this.used;
    const slots = this.slots;
    if (used * 16 < slots.length) {
      // Few keys in a large table (e.g. after one long segment): find and empty just their slots.
      // Newest first, so every probe chain a key was inserted through is still intact.
      const mask = this.mask;
      for (let key = used; key >= 1; key--) {
        let h = hashPair(this.parents[key]!, this.tokens[key]!) & mask;
        while (slots[h] !== key) h = (h + 1) & mask;
        slots[h] = 0;
      }
    } else {
      slots.fill(0);
    }
    this.scratch.fill(0, 0, used + 1);
    this.used = 0;
    this.generation++;
  }

  #rehash(minSlots: number): void {
    let size = this.slots.length;
    while (size < minSlots) size *= 2;
    const slots = new Int32Array(size);
    const mask = size - 1;
    for (let key = 1; key <= this.used; key++) {
      let h = hashPair(this.parents[key]!, this.tokens[key]!) & mask;
      while (slots[h] !== 0) h = (h + 1) & mask;
      slots[h] = key;
    }
    this.slots = slots;
    this.mask = mask;
  }

  #checkKey(key: number): void {
    if (!Number.isInteger(key) || key < 0 || key > this.used) {
      throw new GramscoreError(
        ErrorCode.INVALID_OPTION,
        `Expected an n-gram key from 0 to ${this.used}, but got ${describeValue(key)}. ` +
          "Keys are only meaningful for the table (and generation) that produced them.",
      );
    }
  }
}

/** @internal Validates one token id. */
export function checkToken(token: number): number {
  if (!((token | 0) === token && token >= 0)) throw badToken(token);
  return token;
}

/** @internal Validates a sequence of token ids. */
export function checkTokens(ids: ArrayLike<number>, what = "token ids"): void {
  if (ids === null || typeof ids !== "object" || typeof ids.length !== "number") {
    throw new GramscoreError(
      ErrorCode.INVALID_TYPE,
      `Expected ${what} as an Int32Array or an array of integers, but got ${describeValue(ids)}. ` +
        "Turn tokens into ids with a Vocabulary (or codePointIds for characters).",
    );
  }
  if (ids instanceof Int32Array) {
    for (let i = 0; i < ids.length; i++) if (ids[i]! < 0) throw badToken(ids[i]!);
    return;
  }
  for (let i = 0; i < ids.length; i++) {
    const t = ids[i]!;
    if (!((t | 0) === t && t >= 0)) throw badToken(t);
  }
}

function badToken(token: unknown): GramscoreError {
  return new GramscoreError(
    ErrorCode.INVALID_TYPE,
    `Token ids must be integers from 0 to ${MAX_TOKEN_ID}, but got ${describeValue(token)}. ` +
      "Turn tokens into ids with a Vocabulary (or codePointIds for characters).",
  );
}
