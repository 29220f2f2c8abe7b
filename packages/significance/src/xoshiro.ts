import { ErrorCode, GramscoreError, describeValue } from "@gramscore/core";

/**
 * A small seeded pseudo-random generator: xoshiro128** (Blackman & Vigna) over 32-bit words, its
 * state filled from the seed by SplitMix32. Deterministic on every JavaScript engine. It is not
 * numpy's generator (`NumpyGenerator`, PCG64, is the one that reproduces sacrebleu): it drives
 * `percentileBootstrap`, ROUGE's seeded version of rouge-score's (unseeded) bootstrap.
 */
export class SeededRandom {
  #a: number;
  #b: number;
  #c: number;
  #d: number;

  /** @param seed An integer from 0 to 2^32 − 1. */
  constructor(seed: number) {
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
      throw new GramscoreError(
        ErrorCode.INVALID_OPTION,
        `The bootstrap seed must be an integer from 0 to 4294967295, but got ${describeValue(seed)}.`,
        { details: { option: "seed" } },
      );
    }
    let x = seed >>> 0;
    const next = () => {
      // SplitMix32.
      x = (x + 0x9e3779b9) >>> 0;
      let z = x;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.#a = next();
    this.#b = next();
    this.#c = next();
    this.#d = next();
    if ((this.#a | this.#b | this.#c | this.#d) === 0) this.#a = 1;
  }

  /** The next 32-bit unsigned integer. */
  nextUint32(): number {
    const b = this.#b;
    const r = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
    const t = b << 9;
    this.#c ^= this.#a;
    this.#d ^= b;
    this.#b ^= this.#c;
    this.#a ^= this.#d;
    this.#c ^= t;
    this.#d = rotl(this.#d, 11);
    return r;
  }

  /** A uniform integer in `0 … n − 1` (rejection sampling: no modulo bias), `1 ≤ n ≤ 2^32`. */
  below(n: number): number {
    if (n <= 1) return 0;
    const limit = 0x100000000 - (0x100000000 % n);
    for (;;) {
      const r = this.nextUint32();
      if (r < limit) return r % n;
    }
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
