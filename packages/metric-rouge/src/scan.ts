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
 * tokenizer-punctuation functions `rougeTokenize` / `rouge155Tokenize` on all conformance texts and on
 * random text.
 */
/** ASCII code → lowercase letter or digit code, or −1 for a separator. */
const ASCII = new Int16Array(128).fill(-1);
for (let c = 48; c <= 57; c++) ASCII[c] = c;
for (let c = 97; c <= 122; c++) ASCII[c] = c;
for (let c = 65; c <= 90; c++) ASCII[c] = c + 32;

export class WordScanner {
  readonly #kelvin: boolean;
  readonly #finish: (word: string) => number;
  /** Open addressing: per slot [hash, value, pool offset, length]; length −1 = empty. */
  #slots = new Int32Array(4 << 12).fill(-1);
  #mask = (1 << 12) - 1;
  #size = 0;
  /** The characters of every word, one after the other. */
  #pool = new Uint16Array(1 << 16);
  #poolUsed = 0;
  #buf = new Uint16Array(256);
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
    this.#slots.fill(-1);
    this.#size = 0;
    this.#poolUsed = 0;
  }

  #grow(): void {
    const old = this.#slots;
    const cap = (old.length / 4) * 2;
    const slots = new Int32Array(cap * 4).fill(-1);
    const mask = cap - 1;
    for (let i = 0; i < old.length; i += 4) {
      if (old[i + 3] === -1) continue;
      let slot = old[i]! & mask;
      while (slots[slot * 4 + 3] !== -1) slot = (slot + 1) & mask;
      slots.set(old.subarray(i, i + 4), slot * 4);
    }
    this.#slots = slots;
    this.#mask = mask;
  }

  /** The value of the word in `buf[0 … len)` with hash `h`. */
  #lookup(h: number, len: number): number {
    const buf = this.#buf;
    const slots = this.#slots;
    const pool = this.#pool;
    const mask = this.#mask;
    let slot = h & mask;
    for (;;) {
      const at = slot * 4;
      const l = slots[at + 3]!;
      if (l === -1) break;
      if (l === len && slots[at] === h) {
        const off = slots[at + 2]!;
        let k = 0;
        while (k < len && pool[off + k] === buf[k]) k++;
        if (k === len) return slots[at + 1]!;
      }
      slot = (slot + 1) & mask;
    }
    let word = "";
    for (let k = 0; k < len; k += 4096) word += String.fromCharCode.apply(null, buf.subarray(k, Math.min(len, k + 4096)) as unknown as number[]);
    const value = this.#finish(word);
    if (this.#poolUsed + len > this.#pool.length) {
      let m = this.#pool.length * 2;
      while (m < this.#poolUsed + len) m *= 2;
      const bigger = new Uint16Array(m);
      bigger.set(this.#pool.subarray(0, this.#poolUsed));
      this.#pool = bigger;
    }
    this.#pool.set(buf.subarray(0, len), this.#poolUsed);
    const at = slot * 4;
    slots[at] = h;
    slots[at + 1] = value;
    slots[at + 2] = this.#poolUsed;
    slots[at + 3] = len;
    this.#poolUsed += len;
    if (++this.#size * 2 > slots.length / 4) this.#grow();
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
    let len = 0;
    let h = 0x811c9dc5 | 0;
    for (let i = 0; i <= n; i++) {
      const c = i < n ? text.charCodeAt(i) : 10;
      let lower = -1;
      let ends = false;
      if (c < 128) lower = ASCII[c]!;
      else {
        if (kelvin) {
          if (c === 0x212a) lower = 107;
          else if (c === 0x130) {
            lower = 105;
            ends = true;
          }
        }
        if (c >= 0xd800 && c <= 0xdfff) {
          const pair =
            c <= 0xdbff ? i + 1 < n && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00 : i > 0 && (text.charCodeAt(i - 1) & 0xfc00) === 0xd800;
          if (!pair) assertText(text, "text");
        }
      }
      if (lower >= 0) {
        if (len === buf.length) {
          const bigger = new Uint16Array(buf.length * 2);
          bigger.set(buf);
          buf = this.#buf = bigger;
        }
        buf[len++] = lower;
        h = Math.imul(h ^ lower, 0x01000193);
        if (!ends) continue;
      }
      if (len > 0) {
        const v = this.#lookup(h, len);
        buf = this.#buf;
        len = 0;
        h = 0x811c9dc5 | 0;
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
      if (c === 10 && lines && count > lineStart) {
        if (lineCount === lineEnds.length) {
          const bigger = new Int32Array(lineEnds.length * 2);
          bigger.set(lineEnds);
          lineEnds = this.#ends = bigger;
        }
        lineEnds[lineCount++] = count;
        lineStart = count;
      }
    }
    this.#lineCount = lineCount;
    return count;
  }

  /**
   * The scanned tokens: a new array, or (transient) a view of a buffer that the next transient call
   * overwrites, which saves allocating an array for a text used once.
   */
  #result(count: number, transient: boolean): Int32Array {
    if (!transient) return this.#out.slice(0, count);
    if (this.#transient.length < count) {
      let n = this.#transient.length;
      while (n < count) n *= 2;
      this.#transient = new Int32Array(n);
    }
    this.#transient.set(this.#out.subarray(0, count));
    return this.#transient.subarray(0, count);
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
