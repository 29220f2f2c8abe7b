/**
 * numpy's `default_rng(seed)`: a `SeedSequence` feeding the PCG64 bit generator (128-bit LCG with the
 * XSL-RR output function), and the two `Generator` draws sacrebleu makes — `integers(0, n)` as
 * `choice(n, size, replace=True)` (Lemire's bounded method on 32-bit words) and
 * `integers(2, dtype=bool)` (one bit of a 32-bit word per draw). Written from numpy 1.24's published
 * algorithms; every draw equals numpy's for the same seed. 128-bit arithmetic runs on 16-bit limbs in
 * doubles (exact), no BigInt on the hot path.
 */

import { ErrorCode, GramscoreError, describeValue } from "@gramscore/core";

/** A seed as sacrebleu takes it (`SACREBLEU_SEED`): a non-negative integer, or `null` for fresh OS entropy. */
export type Seed = number | bigint | null;

const INIT_A = 0x43b0d7e5;
const MULT_A = 0x931e8875;
const INIT_B = 0x8b51f9dd;
const MULT_B = 0x58f38ded;
const MIX_MULT_L = 0xca01f9dd;
const MIX_MULT_R = 0x4973f715;
const POOL_SIZE = 4;

/** The 32-bit words of a non-negative integer, lowest first (numpy's `_coerce_to_uint32_array`). */
function seedWords(seed: number | bigint): number[] {
  let n: bigint;
  if (typeof seed === "bigint") n = seed;
  else {
    if (!Number.isSafeInteger(seed)) {
      throw new GramscoreError(ErrorCode.INVALID_OPTION, `A seed must be a non-negative integer, but got ${describeValue(seed)}. Pass e.g. 12345 (sacrebleu's default), or null for an unseeded run.`);
    }
    n = BigInt(seed);
  }
  if (n < 0n) {
    throw new GramscoreError(ErrorCode.INVALID_OPTION, `A seed must be a non-negative integer, but got ${String(seed)}. Pass e.g. 12345 (sacrebleu's default), or null for an unseeded run.`);
  }
  if (n === 0n) return [0];
  const words: number[] = [];
  while (n > 0n) {
    words.push(Number(n & 0xffffffffn));
    n >>= 32n;
  }
  return words;
}

/** Fresh entropy (numpy: `randbits(pool_size * 32)`), from the platform's crypto source. */
function osEntropy(): number[] {
  const words = new Uint32Array(POOL_SIZE);
  globalThis.crypto.getRandomValues(words);
  // numpy coerces the random integer to its words and drops high zero words; a zero word on top only
  // changes which stream is drawn, never its quality.
  const out = Array.from(words);
  while (out.length > 1 && out[out.length - 1] === 0) out.pop();
  return out;
}

/** numpy's `SeedSequence(entropy).generate_state(nWords, uint32)` (no spawn key, pool size 4). */
export function seedSequenceState(entropy: readonly number[], nWords: number): Uint32Array {
  const pool = new Uint32Array(POOL_SIZE);
  let hashConst = INIT_A;
  const hashmix = (value: number): number => {
    value = (value ^ hashConst) >>> 0;
    hashConst = Math.imul(hashConst, MULT_A) >>> 0;
    value = Math.imul(value, hashConst) >>> 0;
    return (value ^ (value >>> 16)) >>> 0;
  };
  const mix = (x: number, y: number): number => {
    const r = (Math.imul(MIX_MULT_L, x) - Math.imul(MIX_MULT_R, y)) >>> 0;
    return (r ^ (r >>> 16)) >>> 0;
  };
  for (let i = 0; i < POOL_SIZE; i++) pool[i] = hashmix(i < entropy.length ? entropy[i]! : 0);
  for (let src = 0; src < POOL_SIZE; src++) {
    for (let dst = 0; dst < POOL_SIZE; dst++) {
      if (src !== dst) pool[dst] = mix(pool[dst]!, hashmix(pool[src]!));
    }
  }
  for (let src = POOL_SIZE; src < entropy.length; src++) {
    for (let dst = 0; dst < POOL_SIZE; dst++) pool[dst] = mix(pool[dst]!, hashmix(entropy[src]!));
  }
  const out = new Uint32Array(nWords);
  let h = INIT_B;
  for (let i = 0; i < nWords; i++) {
    let v = (pool[i % POOL_SIZE]! ^ h) >>> 0;
    h = Math.imul(h, MULT_B) >>> 0;
    v = Math.imul(v, h) >>> 0;
    out[i] = (v ^ (v >>> 16)) >>> 0;
  }
  return out;
}

// PCG64's multiplier 2549297995355413924 * 2^64 + 4865540595714422341, as eight 16-bit limbs (lowest first).
const MULT = limbs([0x2360ed05, 0x1fc65da4, 0x4385df64, 0x9fccf645]);

/** Eight 16-bit limbs (lowest first) of a 128-bit number given as four 32-bit words, highest first. */
function limbs(words32HighFirst: readonly number[]): Float64Array {
  const out = new Float64Array(8);
  for (let w = 0; w < 4; w++) {
    const word = words32HighFirst[3 - w]! >>> 0;
    out[2 * w] = word & 0xffff;
    out[2 * w + 1] = word >>> 16;
  }
  return out;
}

/**
 * numpy's `Generator(PCG64(SeedSequence(seed)))`, as `numpy.random.default_rng(seed)` builds it, with
 * the raw outputs and the bounded draws sacrebleu uses.
 */
export class NumpyGenerator {
  /** The LCG state, 16-bit limbs, lowest first. */
  private readonly state = new Float64Array(8);
  private readonly inc = new Float64Array(8);
  private readonly acc = new Float64Array(8);
  private hasUint32 = false;
  private uinteger = 0;
  /** High 32 bits of the last 64-bit output. */
  private outHi = 0;
  /** The seed this generator was built from (`null`: OS entropy). */
  readonly seed: number | bigint | null;

  /** `numpy.random.default_rng(seed)`; `null` draws fresh entropy as numpy does for `None`. */
  constructor(seed: Seed) {
    this.seed = seed;
    const words = seedSequenceState(seed === null ? osEntropy() : seedWords(seed), 8);
    // generate_state(4, uint64) views the words as little-endian uint64s: val[k] = w[2k] | w[2k+1] << 32;
    // the seed is val[0] << 64 | val[1] and the stream val[2] << 64 | val[3].
    const initState = limbs([words[1]!, words[0]!, words[3]!, words[2]!]);
    const initSeq = limbs([words[5]!, words[4]!, words[7]!, words[6]!]);
    // inc = (initseq << 1) | 1
    let carry = 0;
    for (let i = 0; i < 8; i++) {
      const v = initSeq[i]! * 2 + carry;
      this.inc[i] = v & 0xffff;
      carry = v >>> 16;
    }
    this.inc[0] = this.inc[0]! | 1;
    this.step();
    carry = 0;
    for (let i = 0; i < 8; i++) {
      const v = this.state[i]! + initState[i]! + carry;
      this.state[i] = v & 0xffff;
      carry = v >>> 16;
    }
    this.step();
  }

  /** state = state * MULT + inc (mod 2^128). */
  private step(): void {
    const s = this.state;
    const a = this.acc;
    for (let k = 0; k < 8; k++) a[k] = this.inc[k]!;
    for (let i = 0; i < 8; i++) {
      const si = s[i]!;
      if (si === 0) continue;
      for (let j = 0; i + j < 8; j++) a[i + j] = a[i + j]! + si * MULT[j]!;
    }
    let carry = 0;
    for (let k = 0; k < 8; k++) {
      const v = a[k]! + carry;
      const low = v % 65536;
      s[k] = low;
      carry = (v - low) / 65536;
    }
  }

  /** The next 64-bit output; returns its low 32 bits and leaves the high 32 bits in `outHi`. */
  private next64(): number {
    this.step();
    const s = this.state;
    const hi = ((s[7]! << 16) | s[6]!) >>> 0;
    const mhi = ((s[5]! << 16) | s[4]!) >>> 0;
    const mlo = ((s[3]! << 16) | s[2]!) >>> 0;
    const lo = ((s[1]! << 16) | s[0]!) >>> 0;
    // XSL: high 64 bits xor low 64 bits; RR: rotate right by the top 6 bits of the state.
    const xh = (hi ^ mlo) >>> 0;
    const xl = (mhi ^ lo) >>> 0;
    const rot = hi >>> 26;
    let rh: number;
    let rl: number;
    if (rot === 0) {
      rh = xh;
      rl = xl;
    } else if (rot < 32) {
      rl = ((xl >>> rot) | (xh << (32 - rot))) >>> 0;
      rh = ((xh >>> rot) | (xl << (32 - rot))) >>> 0;
    } else if (rot === 32) {
      rl = xh;
      rh = xl;
    } else {
      const r = rot - 32;
      rl = ((xh >>> r) | (xl << (32 - r))) >>> 0;
      rh = ((xl >>> r) | (xh << (32 - r))) >>> 0;
    }
    this.outHi = rh;
    return rl;
  }

  /** numpy's `bit_generator.random_raw()`: the next 64-bit output, as a bigint (tests, diagnostics). */
  nextUint64(): bigint {
    const lo = this.next64();
    return (BigInt(this.outHi) << 32n) | BigInt(lo);
  }

  /** `next_uint32`: the low half of a fresh 64-bit output, then its high half. */
  nextUint32(): number {
    if (this.hasUint32) {
      this.hasUint32 = false;
      return this.uinteger;
    }
    const lo = this.next64();
    this.hasUint32 = true;
    this.uinteger = this.outHi;
    return lo;
  }

  /**
   * `Generator.integers(0, high, size=out.length)` (int64, `endpoint=False`), which is also
   * `Generator.choice(high, size, replace=True)`: Lemire's bounded method on 32-bit words for
   * `high ≤ 2^32`. Fills `out`.
   */
  integers(high: number, out: Int32Array | Uint32Array | Float64Array): void {
    if (!Number.isSafeInteger(high) || high < 1 || high > 0x80000000) {
      throw new GramscoreError(ErrorCode.INVALID_OPTION, `integers() needs an upper bound from 1 to 2^31, but got ${describeValue(high)}.`);
    }
    const rng = high - 1;
    const n = out.length;
    if (rng === 0) {
      out.fill(0);
      return;
    }
    const rngExcl = rng + 1;
    const threshold = (0xffffffff - rng) % rngExcl;
    for (let i = 0; i < n; i++) {
      let x = this.nextUint32();
      let leftover = Math.imul(x, rngExcl) >>> 0;
      if (leftover < rngExcl) {
        while (leftover < threshold) {
          x = this.nextUint32();
          leftover = Math.imul(x, rngExcl) >>> 0;
        }
      }
      // (x * rngExcl) >> 32, exactly, through 16-bit halves of x.
      const xh = x >>> 16;
      const xl = x & 0xffff;
      out[i] = Math.floor((xh * rngExcl + Math.floor((xl * rngExcl) / 65536)) / 65536);
    }
  }

  /**
   * `Generator.integers(2, size=out.length, dtype=bool)`: each 32-bit word gives 32 draws, lowest bit
   * first. Fills `out` with 0 and 1.
   */
  booleans(out: Uint8Array): void {
    let buf = 0;
    let bcnt = 0;
    for (let i = 0; i < out.length; i++) {
      if (bcnt === 0) {
        buf = this.nextUint32();
        bcnt = 31;
      } else {
        buf >>>= 1;
        bcnt--;
      }
      out[i] = buf & 1;
    }
  }
}

/** `numpy.random.default_rng(seed)`. */
export function defaultRng(seed: Seed): NumpyGenerator {
  return new NumpyGenerator(seed);
}
