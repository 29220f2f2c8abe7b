/** UTF-8 helpers and the byte tries the encoder looks pieces up in. */

/**
 * The length of the UTF-8 sequence a lead byte starts, as SentencePiece's `OneCharLen` reads it
 * (continuation bytes count as 1, so malformed input still advances).
 */
export function oneCharLen(lead: number): number {
  const hi = lead >> 4;
  return hi < 12 ? 1 : hi < 14 ? 2 : hi === 14 ? 3 : 4;
}

/**
 * A trie over UTF-8 bytes mapping byte strings to ids; node 0 is the root. Transitions are kept in a
 * `Map` while keys are added and in an open-addressing hash table of typed arrays once looked up.
 */
export class ByteTrie {
  private building: Map<number, number> | undefined = new Map<number, number>();
  private values: Int32Array = new Int32Array(64).fill(-1);
  private nodes = 1;
  // After the first lookup: an open-addressing table of transitions (key node * 256 + byte + 1).
  private keys: Int32Array = new Int32Array(0);
  private children: Int32Array = new Int32Array(0);
  private mask = 0;

  /** Adds `key` with `value` (a later value for the same key replaces the earlier one). */
  insert(key: Uint8Array, value: number): void {
    const next = (this.building ??= this.thaw());
    let node = 0;
    for (const b of key) {
      const k = node * 256 + b;
      let child = next.get(k);
      if (child === undefined) {
        child = this.nodes++;
        if (child >= this.values.length) {
          const grown = new Int32Array(this.values.length * 2).fill(-1);
          grown.set(this.values);
          this.values = grown;
        }
        next.set(k, child);
      }
      node = child;
    }
    this.values[node] = value;
  }

  private thaw(): Map<number, number> {
    const map = new Map<number, number>();
    for (let i = 0; i < this.keys.length; i++) if (this.keys[i] !== 0) map.set(this.keys[i]! - 1, this.children[i]!);
    return map;
  }

  private freeze(map: Map<number, number>): void {
    let size = 16;
    while (size < map.size * 2) size *= 2;
    this.keys = new Int32Array(size);
    this.children = new Int32Array(size);
    this.mask = size - 1;
    for (const [k, child] of map) {
      let h = Math.imul(k + 1, 0x9e3779b1) & this.mask;
      while (this.keys[h] !== 0) h = (h + 1) & this.mask;
      this.keys[h] = k + 1;
      this.children[h] = child;
    }
    this.building = undefined;
  }

  /** The child of `node` by `byte`, or -1. */
  step(node: number, byte: number): number {
    if (this.building !== undefined) this.freeze(this.building);
    const key = node * 256 + byte + 1;
    const keys = this.keys;
    const mask = this.mask;
    let h = Math.imul(key, 0x9e3779b1) & mask;
    for (;;) {
      const k = keys[h]!;
      if (k === key) return this.children[h]!;
      if (k === 0) return -1;
      h = (h + 1) & mask;
    }
  }

  /** The value stored at `node`, or -1. */
  value(node: number): number {
    return this.values[node]!;
  }

  /** The value of the key `bytes[start..end)`, or -1. */
  get(bytes: Uint8Array, start: number, end: number): number {
    let node = 0;
    for (let i = start; i < end; i++) {
      node = this.step(node, bytes[i]!);
      if (node < 0) return -1;
    }
    return this.values[node]!;
  }

  /** The length of the longest key that is a prefix of `bytes[start..end)`, or 0. */
  longestPrefix(bytes: Uint8Array, start: number, end: number): number {
    let node = 0;
    let best = 0;
    for (let i = start; i < end; i++) {
      node = this.step(node, bytes[i]!);
      if (node < 0) break;
      if (this.values[node]! >= 0) best = i + 1 - start;
    }
    return best;
  }
}

/** A growable byte buffer. */
export class ByteBuffer {
  bytes: Uint8Array;
  length = 0;
  constructor(capacity: number) {
    this.bytes = new Uint8Array(Math.max(16, capacity));
  }

  private grow(need: number): void {
    let size = this.bytes.length * 2;
    while (size < need) size *= 2;
    const bigger = new Uint8Array(size);
    bigger.set(this.bytes.subarray(0, this.length));
    this.bytes = bigger;
  }

  push(b: number): void {
    if (this.length === this.bytes.length) this.grow(this.length + 1);
    this.bytes[this.length++] = b;
  }

  append(src: Uint8Array, start: number, end: number): void {
    const n = end - start;
    if (this.length + n > this.bytes.length) this.grow(this.length + n);
    this.bytes.set(src.subarray(start, end), this.length);
    this.length += n;
  }

  endsWith(suffix: Uint8Array): boolean {
    if (this.length < suffix.length) return false;
    for (let i = 0; i < suffix.length; i++) if (this.bytes[this.length - suffix.length + i] !== suffix[i]) return false;
    return true;
  }

  view(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }
}
