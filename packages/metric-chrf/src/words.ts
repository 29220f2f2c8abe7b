import { isPythonWhitespace } from "@gramscore/core";

/** True for the 32 characters of Python's `string.punctuation` (ASCII only). */
export function isAsciiPunctuation(code: number): boolean {
  return (code >= 0x21 && code <= 0x2f) || (code >= 0x3a && code <= 0x40) || (code >= 0x5b && code <= 0x60) || (code >= 0x7b && code <= 0x7e);
}

/**
 * Finds the words chrF++ counts, as sacrebleu's `CHRF._remove_punctuation`: split on Python
 * whitespace; a word of one character stays whole; otherwise one ASCII punctuation character is
 * split off its end, or else off its start (only one side: `(hi)` gives `(hi` and `)`).
 *
 * Writes the words as `[start, end)` ranges of UTF-16 units of `text` into `ranges` (pairs, in
 * order; it needs room for `2 * text.length` numbers) and returns the number of words.
 */
export function chrfWordRanges(text: string, ranges: Int32Array): number {
  const n = text.length;
  let count = 0;
  let start = -1;
  for (let i = 0; i <= n; i++) {
    // Python whitespace is all in the BMP, so UTF-16 units suffice for the split.
    const c = i < n ? text.charCodeAt(i) : 0x20;
    const space = c <= 0x20 ? c === 0x20 || (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x1f) : c >= 0x85 && isPythonWhitespace(c);
    if (!space) {
      if (start < 0) start = i;
      continue;
    }
    if (start < 0) continue;
    // A word of one code point is one unit or one surrogate pair; a pair holds no ASCII
    // punctuation, so the rules below leave it whole, as Python's len(w) == 1 test does.
    if (i - start > 1 && isAsciiPunctuation(text.charCodeAt(i - 1))) {
      ranges[2 * count] = start;
      ranges[2 * count + 1] = i - 1;
      ranges[2 * count + 2] = i - 1;
      ranges[2 * count + 3] = i;
      count += 2;
    } else if (i - start > 1 && isAsciiPunctuation(text.charCodeAt(start))) {
      ranges[2 * count] = start;
      ranges[2 * count + 1] = start + 1;
      ranges[2 * count + 2] = start + 1;
      ranges[2 * count + 3] = i;
      count += 2;
    } else {
      ranges[2 * count] = start;
      ranges[2 * count + 1] = i;
      count++;
    }
    start = -1;
  }
  return count;
}

/** The chrF++ words of `text` (see {@link chrfWordRanges}) as strings. */
export function chrfWords(text: string): string[] {
  const ranges = new Int32Array(2 * text.length);
  const count = chrfWordRanges(text, ranges);
  const out = new Array<string>(count);
  for (let w = 0; w < count; w++) out[w] = text.slice(ranges[2 * w]!, ranges[2 * w + 1]!);
  return out;
}

/**
 * Interns words given as ranges of strings into dense ids `0, 1, 2, …` without building
 * substrings: words are hashed and compared code unit by code unit in place. Equal words get equal
 * ids until {@link WordInterner.clear}.
 */
export class WordInterner {
  /** Hash slots: id + 1, 0 = empty. */
  #slots = new Int32Array(256);
  #mask = 255;
  /** Per id: hash, start and end of its first occurrence, and the string it is in. */
  #hash = new Int32Array(128);
  #start = new Int32Array(128);
  #end = new Int32Array(128);
  #text: string[] = [];
  #size = 0;
  /** Slot of each id, to clear it. */
  #slotOf = new Int32Array(128);

  /** Number of distinct words interned since the last clear. */
  get size(): number {
    return this.#size;
  }

  /** The id of `text[start … end)`, interning it when new. */
  id(text: string, start: number, end: number): number {
    let h = 0x811c9dc5;
    for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    h ^= h >>> 15;
    const len = end - start;
    const mask = this.#mask;
    const slots = this.#slots;
    let s = Math.imul(h, 0x9e3779b1) & mask;
    for (;;) {
      const v = slots[s]!;
      if (v === 0) break;
      const id = v - 1;
      if (this.#hash[id] === h && this.#end[id]! - this.#start[id]! === len && sameRange(this.#text[id]!, this.#start[id]!, text, start, len)) return id;
      s = (s + 1) & mask;
    }
    const id = this.#size++;
    if (id >= this.#hash.length) this.#growIds();
    this.#hash[id] = h;
    this.#start[id] = start;
    this.#end[id] = end;
    this.#text[id] = text;
    this.#slotOf[id] = s;
    slots[s] = id + 1;
    if (2 * this.#size > this.#mask) this.#rehash();
    return id;
  }

  /** Forgets every word (ids restart at 0). */
  clear(): void {
    const slots = this.#slots;
    for (let id = 0; id < this.#size; id++) slots[this.#slotOf[id]!] = 0;
    this.#text.length = 0;
    this.#size = 0;
  }

  #growIds(): void {
    const n = this.#hash.length * 2;
    this.#hash = copyInto(new Int32Array(n), this.#hash);
    this.#start = copyInto(new Int32Array(n), this.#start);
    this.#end = copyInto(new Int32Array(n), this.#end);
    this.#slotOf = copyInto(new Int32Array(n), this.#slotOf);
  }

  #rehash(): void {
    const size = (this.#mask + 1) * 2;
    const slots = new Int32Array(size);
    const mask = size - 1;
    for (let id = 0; id < this.#size; id++) {
      let s = Math.imul(this.#hash[id]!, 0x9e3779b1) & mask;
      while (slots[s] !== 0) s = (s + 1) & mask;
      slots[s] = id + 1;
      this.#slotOf[id] = s;
    }
    this.#slots = slots;
    this.#mask = mask;
  }
}

function copyInto(target: Int32Array<ArrayBuffer>, source: Int32Array): Int32Array<ArrayBuffer> {
  target.set(source);
  return target;
}

function sameRange(a: string, aStart: number, b: string, bStart: number, len: number): boolean {
  for (let i = 0; i < len; i++) if (a.charCodeAt(aStart + i) !== b.charCodeAt(bStart + i)) return false;
  return true;
}
