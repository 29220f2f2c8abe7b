import { assertText } from "@gramscore/core";

/**
 * The word splitting of the two ASCII tokenizers, done in one pass over the text with no regular
 * expression and no string built for a word seen before:
 *
 * - `rouge` (rouge-score): Python `lower()`, then runs of `[a-z0-9]`. Apart from `A-Z`, exactly two
 *   code points lowercase to something holding ASCII letters: U+0130 (→ `i` + U+0307, which ends the
 *   run) and U+212A KELVIN SIGN (→ `k`); every other character separates.
 * - `rouge155` (ROUGE-1.5.5): runs of `[A-Za-z0-9]`, lowercased; every other character separates.
 *
 * Each distinct word is mapped once, by `finish(word)` (the tokenizer itself applied to the word:
 * stopwords and stemming), to a token id, to "no token" (-1) or to "several tokens" (-2); the caller
 * falls back to the tokenizer for texts with a -2 word. Tests check that the words equal the
 * tokenizer functions `rougeTokenize` / `rouge155Tokenize` on all conformance texts and on
 * random text.
 */
/** ASCII code → lowercase letter or digit code, or −1 for a separator. */
const ASCII = new Int16Array(128).fill(-1);
for (let c = 48; c <= 57; c++) ASCII[c] = c;
for (let c = 97; c <= 122; c++) ASCII[c] = c;
for (let c = 65; c <= 90; c++) ASCII[c] = c + 32;

/** Ints per slot of the word table. */
const SLOT = 8;
/** Entries of the front cache (a power of two). */
const FRONT = 4096;
/** Ints per arena block. */
const ARENA = 1 << 16;

export class WordScanner {
  readonly #kelvin: boolean;
  readonly #finish: (word: string) => number;
  /**
   * Open addressing, 8 ints per slot: [hash, value, pool offset, length, chars 0-3, chars 4-7, −, −]
   * (length −1 = empty). Every character is below 128, so four fit in an int: a word of up to 8
   * characters is compared without touching the pool.
   */
  #slots = new Int32Array(SLOT << 12).fill(-1);
  #mask = (1 << 12) - 1;
  #size = 0;
  /** The characters of every word, one after the other. */
  #pool = new Uint16Array(1 << 16);
  #poolUsed = 0;
  #buf = new Uint16Array(256);
  /** Scratch: the character codes of a new word. */
  readonly #chars: number[] = [];
  #out = new Int32Array(256);
  /** Token offsets where the lines with tokens end (filled by #scan when asked). */
  #ends = new Int32Array(64);
  #lineCount = 0;
  /** Where transient results live (see {@link ids}). */
  #transient = new Int32Array(256);

  /**
   * @param kind Which tokenizer's word rules.
   * @param finish The token id of a word (−1 when it gives no token, −2 when it gives several).
   */
  constructor(kind: "rouge" | "rouge155", finish: (word: string) => number) {
    this.#kelvin = kind === "rouge";
    this.#finish = finish;
  }

  /** Number of distinct words seen. */
  get size(): number {
    return this.#size;
  }

  /** Forgets every word. */
  clear(): void {
    this.#front.fill(-1);
    this.#slots.fill(-1);
    this.#size = 0;
    this.#poolUsed = 0;
  }

  #grow(): void {
    const old = this.#slots;
    const cap = (old.length / SLOT) * 2;
    const slots = new Int32Array(cap * SLOT).fill(-1);
    const mask = cap - 1;
    for (let i = 0; i < old.length; i += SLOT) {
      if (old[i + 3] === -1) continue;
      let slot = old[i]! & mask;
      while (slots[slot * SLOT + 3] !== -1) slot = (slot + 1) & mask;
      const at = slot * SLOT;
      for (let k = 0; k < SLOT; k++) slots[at + k] = old[i + k]!;
    }
    this.#slots = slots;
    this.#mask = mask;
  }

  /**
   * A small direct-mapped cache in front of the table for words of up to 8 characters, 4 ints per
   * entry [chars 0-3, chars 4-7, length, value]: frequent words are found in memory the processor
   * keeps close, the table is only visited for the others.
   */
  #front = new Int32Array(FRONT * 4).fill(-1);

  /** The value of the word in `buf[0 … len)` with hash `h` and first 8 characters packed in `w0`, `w1`. */
  #lookup(h: number, len: number, w0: number, w1: number): number {
    if (len <= 8) {
      const front = this.#front;
      const f = (h & (FRONT - 1)) * 4;
      if (front[f + 2] === len && front[f] === w0 && front[f + 1] === w1) return front[f + 3]!;
      const v = this.#lookupTable(h, len, w0, w1);
      front[f] = w0;
      front[f + 1] = w1;
      front[f + 2] = len;
      front[f + 3] = v;
      return v;
    }
    return this.#lookupTable(h, len, w0, w1);
  }

  #lookupTable(h: number, len: number, w0: number, w1: number): number {
    const buf = this.#buf;
    const slots = this.#slots;
    const mask = this.#mask;
    let slot = h & mask;
    for (;;) {
      const at = slot * SLOT;
      const l = slots[at + 3]!;
      if (l === -1) break;
      if (l === len && slots[at + 4] === w0 && slots[at + 5] === w1 && slots[at] === h) {
        if (len <= 8) return slots[at + 1]!;
        const pool = this.#pool;
        const off = slots[at + 2]!;
        let k = 8;
        while (k < len && pool[off + k] === buf[k]) k++;
        if (k === len) return slots[at + 1]!;
      }
      slot = (slot + 1) & mask;
    }
    // A new word: its string, built from a reused plain array (no typed-array view per word).
    const chars = this.#chars;
    let word = "";
    for (let k = 0; k < len; k += 4096) {
      const end = Math.min(len, k + 4096);
      chars.length = end - k;
      for (let j = k; j < end; j++) chars[j - k] = buf[j]!;
      word += String.fromCharCode.apply(null, chars);
    }
    const value = this.#finish(word);
    if (this.#poolUsed + len > this.#pool.length) {
      let m = this.#pool.length * 2;
      while (m < this.#poolUsed + len) m *= 2;
      const bigger = new Uint16Array(m);
      bigger.set(this.#pool.subarray(0, this.#poolUsed));
      this.#pool = bigger;
    }
    const pool = this.#pool;
    for (let k = 0, o = this.#poolUsed; k < len; k++) pool[o + k] = buf[k]!;
    const at = slot * SLOT;
    slots[at] = h;
    slots[at + 1] = value;
    slots[at + 2] = this.#poolUsed;
    slots[at + 3] = len;
    slots[at + 4] = w0;
    slots[at + 5] = w1;
    this.#poolUsed += len;
    if (++this.#size * 2 > slots.length / SLOT) this.#grow();
    return value;
  }

  /**
   * Scans `text` into the token buffer and returns the number of tokens, or −1 at the first word whose
   * value is −2. With `lines`, records where every `\n`-separated line that has tokens ends.
   * @throws GramscoreError `LONE_SURROGATE` for text that is not valid Unicode.
   */
  #scan(text: string, lines: boolean): number {
    const n = text.length;
    const kelvin = this.#kelvin;
    let buf = this.#buf;
    let out = this.#out;
    let count = 0;
    let lineStart = 0;
    let lineCount = 0;
    let lineEnds = this.#ends;
    let i = 0;
    while (i < n) {
      let c = text.charCodeAt(i);
      let lower = c < 128 ? ASCII[c]! : c !== 0x130 && c !== 0x212a && (c & 0xf800) !== 0xd800 ? -1 : this.#special(text, i, c, kelvin);
      if (lower < 0) {
        i++;
        if (c === 10 && lines && count > lineStart) {
          if (lineCount === lineEnds.length) {
            const bigger = new Int32Array(lineEnds.length * 2);
            bigger.set(lineEnds);
            lineEnds = this.#ends = bigger;
          }
          lineEnds[lineCount++] = count;
          lineStart = count;
        }
        continue;
      }
      // A word: pack its first 8 characters into two ints, keep them all in buf.
      let len = 0;
      let w0 = 0;
      let w1 = 0;
      for (;;) {
        const ch = lower & 0xff;
        if (len < 4) w0 |= ch << (len << 3);
        else if (len < 8) w1 |= ch << ((len - 4) << 3);
        if (len === buf.length) {
          const bigger = new Uint16Array(buf.length * 2);
          bigger.set(buf);
          buf = this.#buf = bigger;
        }
        buf[len++] = ch;
        i++;
        if (lower > 0xff || i >= n) break; // U+0130 ends its word after the "i"
        c = text.charCodeAt(i);
        lower = c < 128 ? ASCII[c]! : c !== 0x130 && c !== 0x212a && (c & 0xf800) !== 0xd800 ? -1 : this.#special(text, i, c, kelvin);
        if (lower < 0) break;
      }
      let h = Math.imul(w0 ^ Math.imul(w1, 0x9e3779b1) ^ len, 0x85ebca6b);
      for (let k = 8; k < len; k++) h = Math.imul(h ^ buf[k]!, 0x01000193);
      h ^= h >>> 15;
      const v = this.#lookup(h, len, w0, w1);
      buf = this.#buf;
      if (v === -2) return -1;
      if (v >= 0) {
        if (count === out.length) {
          const bigger = new Int32Array(out.length * 2);
          bigger.set(out);
          out = this.#out = bigger;
        }
        out[count++] = v;
      }
    }
    if (lines && count > lineStart) {
      if (lineCount === lineEnds.length) {
        const bigger = new Int32Array(lineEnds.length * 2);
        bigger.set(lineEnds);
        lineEnds = this.#ends = bigger;
      }
      lineEnds[lineCount++] = count;
    }
    this.#lineCount = lineCount;
    return count;
  }

  /**
   * The lowercase letter of U+0130, U+212A or a surrogate (the only non-ASCII code units that are not
   * plain separators; the scan loop sends only those here), or −1: U+212A → `k` and U+0130 → `i` (flagged with
   * 0x100: its U+0307 ends the word) for rouge-score's lowercasing; a lone surrogate throws.
   */
  #special(text: string, i: number, c: number, kelvin: boolean): number {
    if (c >= 0xd800 && c <= 0xdfff) {
      const pair = c <= 0xdbff ? i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00 : i > 0 && (text.charCodeAt(i - 1) & 0xfc00) === 0xd800;
      if (!pair) assertText(text, "text");
      return -1;
    }
    if (!kelvin) return -1;
    if (c === 0x212a) return 107;
    if (c === 0x130) return 105 | 0x100;
    return -1;
  }

  /**
   * The scanned tokens, as a view: of the arena (kept: views of one arena block share it, which costs
   * far less than allocating an array per text), or (transient) of the scan buffer itself, which is
   * then swapped with a spare so that only the next transient call overwrites it.
   */
  #result(count: number, transient: boolean): Int32Array {
    if (transient) {
      const out = this.#out;
      this.#out = this.#transient.length >= out.length ? this.#transient : new Int32Array(out.length);
      this.#transient = out;
      return out.subarray(0, count);
    }
    if (this.#arenaUsed + count > this.#arena.length) {
      this.#arena = new Int32Array(Math.max(ARENA, count));
      this.#arenaUsed = 0;
    }
    const start = this.#arenaUsed;
    this.#arenaUsed += count;
    this.#arena.set(this.#out.subarray(0, count), start);
    return this.#arena.subarray(start, start + count);
  }

  /** The current arena block and how much of it is handed out. */
  #arena = new Int32Array(0);
  #arenaUsed = 0;

  /**
   * Scans `text` into the transient buffer ({@link transientTokens}, which only the next transient scan
   * overwrites) without making a view of it; returns the number of tokens, or −1 when a word gives
   * several tokens.
   * @throws GramscoreError `LONE_SURROGATE` for text that is not valid Unicode.
   */
  scanTransient(text: string): number {
    const count = this.#scan(text, false);
    if (count < 0) return -1;
    const out = this.#out;
    this.#out = this.#transient.length >= out.length ? this.#transient : new Int32Array(out.length);
    this.#transient = out;
    return count;
  }

  /** The buffer the last transient scan filled (its first `count` entries are the token ids). */
  get transientTokens(): Int32Array {
    return this.#transient;
  }

  /**
   * The token ids of `text`, or undefined when a word gives several tokens. `transient` results are
   * views of a buffer the next transient call overwrites.
   */
  ids(text: string, transient = false): Int32Array | undefined {
    const count = this.#scan(text, false);
    return count < 0 ? undefined : this.#result(count, transient);
  }

  /**
   * The token ids of every `\n`-separated line of `text` (lines without tokens left out, as views of
   * `flat`) and of the whole text, or undefined as {@link ids}.
   */
  lines(text: string, transient = false): { lines: Int32Array[]; flat: Int32Array } | undefined {
    const count = this.#scan(text, true);
    if (count < 0) return undefined;
    const flat = this.#result(count, transient);
    const lines = new Array<Int32Array>(this.#lineCount);
    let start = 0;
    for (let i = 0; i < this.#lineCount; i++) {
      const end = this.#ends[i]!;
      lines[i] = flat.subarray(start, end);
      start = end;
    }
    return { lines, flat };
  }
}
