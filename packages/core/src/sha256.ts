/**
 * SHA-256 (FIPS 180-4) in plain JavaScript, with no dependency, for the fingerprints of vocabularies
 * and model files that tokenizer signatures carry. It runs
 * in Node and browsers alike (no `node:crypto`, no async `crypto.subtle`), so a signature can be
 * computed synchronously wherever a tokenizer runs.
 */

/** Round constants: the first 32 bits of the fractional parts of the cube roots of the first 64 primes. */
const K = /* @__PURE__ */ Int32Array.of(
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
);

/** Initial hash value: the first 32 bits of the fractional parts of the square roots of the first 8 primes. */
const H0 = /* @__PURE__ */ Int32Array.of(0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19);

/**
 * Incremental SHA-256: `update()` with any number of byte chunks, then `digest()` or `hex()` once.
 * ```ts
 * new Sha256().update(bytes).hex() // "e3b0c442…" for empty input
 * ```
 */
export class Sha256 {
  private readonly state = Int32Array.from(H0);
  private readonly w = new Int32Array(64);
  private readonly buffer = new Uint8Array(64);
  private buffered = 0;
  private length = 0;
  private finished = false;

  /** Feeds more bytes. Returns `this` for chaining. */
  update(data: Uint8Array): this {
    if (this.finished) throw new Error("Sha256: update() after digest()");
    let offset = 0;
    const n = data.length;
    this.length += n;
    if (this.buffered > 0) {
      const take = Math.min(64 - this.buffered, n);
      this.buffer.set(data.subarray(0, take), this.buffered);
      this.buffered += take;
      offset = take;
      if (this.buffered < 64) return this;
      this.compress(this.buffer, 0);
      this.buffered = 0;
    }
    while (n - offset >= 64) {
      this.compress(data, offset);
      offset += 64;
    }
    if (offset < n) {
      this.buffer.set(data.subarray(offset), 0);
      this.buffered = n - offset;
    }
    return this;
  }

  /** Finishes the hash and returns its 32 bytes. */
  digest(): Uint8Array {
    if (!this.finished) {
      const bits = this.length * 8;
      const buf = this.buffer;
      buf[this.buffered++] = 0x80;
      if (this.buffered > 56) {
        buf.fill(0, this.buffered);
        this.compress(buf, 0);
        this.buffered = 0;
      }
      buf.fill(0, this.buffered, 56);
      const hi = Math.floor(bits / 0x100000000);
      const lo = bits >>> 0;
      buf[56] = hi >>> 24;
      buf[57] = hi >>> 16;
      buf[58] = hi >>> 8;
      buf[59] = hi;
      buf[60] = lo >>> 24;
      buf[61] = lo >>> 16;
      buf[62] = lo >>> 8;
      buf[63] = lo;
      this.compress(buf, 0);
      this.finished = true;
    }
    const out = new Uint8Array(32);
    for (let i = 0; i < 8; i++) {
      const v = this.state[i]!;
      out[i * 4] = v >>> 24;
      out[i * 4 + 1] = v >>> 16;
      out[i * 4 + 2] = v >>> 8;
      out[i * 4 + 3] = v;
    }
    return out;
  }

  /** Finishes the hash and returns it as 64 lowercase hex digits. */
  hex(): string {
    const bytes = this.digest();
    let s = "";
    for (let i = 0; i < bytes.length; i++) s += bytes[i]!.toString(16).padStart(2, "0");
    return s;
  }

  private compress(data: Uint8Array, offset: number): void {
    const w = this.w;
    for (let i = 0; i < 16; i++) {
      const j = offset + i * 4;
      w[i] = (data[j]! << 24) | (data[j + 1]! << 16) | (data[j + 2]! << 8) | data[j + 3]!;
    }
    for (let i = 16; i < 64; i++) {
      const x = w[i - 15]!;
      const y = w[i - 2]!;
      const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
    }
    const st = this.state;
    let a = st[0]!;
    let b = st[1]!;
    let c = st[2]!;
    let d = st[3]!;
    let e = st[4]!;
    let f = st[5]!;
    let g = st[6]!;
    let h = st[7]!;
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const t1 = (h + S1 + ch + K[i]! + w[i]!) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    st[0] = (st[0]! + a) | 0;
    st[1] = (st[1]! + b) | 0;
    st[2] = (st[2]! + c) | 0;
    st[3] = (st[3]! + d) | 0;
    st[4] = (st[4]! + e) | 0;
    st[5] = (st[5]! + f) | 0;
    st[6] = (st[6]! + g) | 0;
    st[7] = (st[7]! + h) | 0;
  }
}

/** SHA-256 of `data` (bytes, or a string hashed as its UTF-8 bytes) as 64 lowercase hex digits. */
export function sha256Hex(data: Uint8Array | string): string {
  return new Sha256().update(typeof data === "string" ? utf8(data) : data).hex();
}

let encoder: { encode(text: string): Uint8Array } | undefined;

/** The UTF-8 bytes of `text` (lone surrogates become U+FFFD, as `TextEncoder` does). */
export function utf8(text: string): Uint8Array {
  encoder ??= new TextEncoder();
  return encoder.encode(text);
}
