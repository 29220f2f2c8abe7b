/**
 * The hot path of BLEU: one segment's sufficient statistics from its token spans, without building a
 * string per token or per n-gram and without allocating per segment.
 *
 * Tokens are given as spans (offsets into a source string, as the sacrebleu tokenizers report them;
 * token lists are turned into spans of their concatenation). Hypothesis tokens are interned per
 * segment in an open-addressing table keyed by a hash of their UTF-16 units and compared unit by unit,
 * so equal tokens get equal ids whatever string they come from. Unigram keys are `id + 1`; every longer
 * hypothesis n-gram gets an integer key from a second table over `(key of its prefix, last token id)`.
 * Only hypothesis n-grams can match, so references never insert: a reference token that is not a
 * hypothesis token breaks the chain, and a reference n-gram is followed only while its prefix is a
 * hypothesis n-gram. Per key: the hypothesis count and the maximum count over the references; the
 * clipped match of a key is the minimum of the two.
 *
 * Buffers grow to the largest segment seen and are reused; nothing else is kept between segments.
 */

/** Token boundaries in a source string (the shape of @gramscore/tokenizer-sacrebleu's `TokenSpans`). */
export interface Spans {
  source: string;
  count: number;
  starts: Int32Array;
  ends: Int32Array;
  /** Token hashes ({@link hashUnits}), when precomputed (cached references). */
  hashes?: Int32Array | undefined;
}

/** Initial capacity of {@link BleuCounter.scratch} spans, in tokens (8 KB each). */
const SCRATCH_TOKENS = 1024;

/** An empty, reusable {@link Spans}. */
export function createSpans(capacity = 64): Spans {
  return { source: "", count: 0, starts: new Int32Array(capacity), ends: new Int32Array(capacity), hashes: undefined };
}

function ensureSpans(spans: Spans, n: number): void {
  if (spans.starts.length >= n) return;
  let size = spans.starts.length * 2;
  while (size < n) size *= 2;
  spans.starts = new Int32Array(size);
  spans.ends = new Int32Array(size);
}

/** A standalone copy of `spans` with its token hashes, for caching. */
export function freezeSpans(spans: Spans): Spans {
  const n = spans.count;
  const starts = spans.starts.slice(0, n);
  const ends = spans.ends.slice(0, n);
  const hashes = new Int32Array(n);
  for (let i = 0; i < n; i++) hashes[i] = hashUnits(spans.source, starts[i]!, ends[i]!);
  return { source: spans.source, count: n, starts, ends, hashes };
}

/** Writes a token list into `into` as spans of the tokens' concatenation. */
export function tokensToSpans(tokens: readonly string[], into: Spans): Spans {
  const n = tokens.length;
  ensureSpans(into, n);
  let pos = 0;
  for (let i = 0; i < n; i++) {
    into.starts[i] = pos;
    pos += tokens[i]!.length;
    into.ends[i] = pos;
  }
  into.source = n === 1 ? tokens[0]! : tokens.join("");
  into.count = n;
  into.hashes = undefined;
  return into;
}

/** True for the code units Python's `str.split()` splits on (all of them are in the BMP). */
function isSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x1f);
  if (c < 0x85) return false;
  return (
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/** Python's `text.split()` as spans (sacrebleu's `none` tokenizer followed by BLEU's split). */
export function whitespaceSpans(text: string, into: Spans): Spans {
  let n = 0;
  let start = -1;
  const len = text.length;
  for (let i = 0; i < len; i++) {
    if (isSpace(text.charCodeAt(i))) {
      if (start >= 0) {
        if (n === into.starts.length) grow(into, n);
        into.starts[n] = start;
        into.ends[n++] = i;
        start = -1;
      }
    } else if (start < 0) start = i;
  }
  if (start >= 0) {
    if (n === into.starts.length) grow(into, n);
    into.starts[n] = start;
    into.ends[n++] = len;
  }
  into.source = text;
  into.count = n;
  into.hashes = undefined;
  return into;
}

function grow(spans: Spans, keep: number): void {
  const starts = new Int32Array(spans.starts.length * 2);
  const ends = new Int32Array(spans.ends.length * 2);
  starts.set(spans.starts.subarray(0, keep));
  ends.set(spans.ends.subarray(0, keep));
  spans.starts = starts;
  spans.ends = ends;
}

/** Layout of one statistics row: `[sysLen, refLen, matches_1..N, totals_1..N]` (sacrebleu's order). */
export const SYS = 0;
/** Index of the reference length in a statistics row. */
export const REF = 1;
/** Index of the first match count in a statistics row. */
export const MATCH = 2;

/**
 * Closest reference length: the smallest `|hyp - ref|`, ties to the shorter reference (sacrebleu's
 * `_get_closest_ref_len`, NLTK's `closest_ref_length`).
 */
export function closestRefLength(hypLen: number, refLens: ArrayLike<number>, count = refLens.length): number {
  let best = -1;
  let bestDiff = -1;
  for (let r = 0; r < count; r++) {
    const len = refLens[r]!;
    const diff = hypLen > len ? hypLen - len : len - hypLen;
    if (bestDiff < 0 || diff < bestDiff || (diff === bestDiff && len < best)) {
      bestDiff = diff;
      best = len;
    }
  }
  return best;
}

function shortest(lens: Int32Array, count: number): number {
  let m = lens[0]!;
  for (let r = 1; r < count; r++) if (lens[r]! < m) m = lens[r]!;
  return m;
}

function nextPow2(n: number): number {
  let p = 16;
  while (p < n) p *= 2;
  return p;
}

/**
 * Hash of the token `s[start, end)`: its length and at most its first four and last four UTF-16 units
 * (tokens are compared unit by unit on a hash match, so sampling long tokens only costs probes when
 * many long tokens share their ends), finished with a multiply-xorshift mix.
 */
export function hashUnits(s: string, start: number, end: number): number {
  let h = end - start;
  if (h <= 8) {
    for (let i = start; i < end; i++) h = ((h << 5) - h + s.charCodeAt(i)) | 0;
  } else {
    for (let i = start; i < start + 4; i++) h = ((h << 5) - h + s.charCodeAt(i)) | 0;
    for (let i = end - 4; i < end; i++) h = ((h << 5) - h + s.charCodeAt(i)) | 0;
  }
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  return h ^ (h >>> 16);
}

/**
 * Reusable counter of BLEU segment statistics for one maximum order. One per metric instance (it is
 * not reentrant). Its buffers grow to the largest segment seen and are reused.
 */
export class BleuCounter {
  /** Highest n-gram order counted. */
  readonly maxOrder: number;
  /** Which reference length a segment contributes: the closest (sacrebleu, NLTK) or the shortest (TF-NMT, HF evaluate). */
  readonly refLength: "closest" | "shortest";

  // Token interning (per segment): slot → id (valid when the slot's generation is the segment's); per
  // id its hash and span in the hypothesis source.
  #tokSlots = new Int32Array(64);
  #tokGen = new Int32Array(64);
  #tokHash = new Int32Array(32);
  #tokStart = new Int32Array(32);
  #tokEnd = new Int32Array(32);
  #ids = new Int32Array(64);
  #refLens = new Int32Array(4);
  // N-gram keys (per segment): slot → key; per key its prefix key, last token and counts.
  #slots = new Int32Array(256);
  #slotGen = new Int32Array(256);
  #gen = 0;
  #shift = 32 - 8;
  #parent = new Int32Array(128);
  #token = new Int32Array(128);
  #hypCount = new Int32Array(128);
  #refCount = new Int32Array(128);
  #refMax = new Int32Array(128);
  #matches = new Int32Array(8);
  #spans: Spans[] = [];

  constructor(maxOrder: number, refLength: "closest" | "shortest" = "closest") {
    this.maxOrder = maxOrder;
    this.refLength = refLength;
  }

  #reserve(hypLen: number, maxLen: number): void {
    if (this.#ids.length < maxLen) this.#ids = new Int32Array(nextPow2(maxLen));
    if (this.#tokHash.length < hypLen) {
      const size = nextPow2(hypLen);
      this.#tokHash = new Int32Array(size);
      this.#tokStart = new Int32Array(size);
      this.#tokEnd = new Int32Array(size);
    }
    if (this.#tokSlots.length < hypLen * 2) {
      this.#tokSlots = new Int32Array(nextPow2(hypLen * 2));
      this.#tokGen = new Int32Array(this.#tokSlots.length);
    }
    const nodes = hypLen * this.maxOrder + 1;
    if (this.#parent.length < nodes) {
      const size = nextPow2(nodes);
      this.#parent = new Int32Array(size);
      this.#token = new Int32Array(size);
      this.#hypCount = new Int32Array(size);
      this.#refCount = new Int32Array(size);
      this.#refMax = new Int32Array(size);
    }
    if (this.#slots.length < nodes * 2) {
      const size = nextPow2(nodes * 2);
      this.#slots = new Int32Array(size);
      this.#slotGen = new Int32Array(size);
      this.#shift = 32 - Math.log2(size);
    }
    // A slot is in use when its generation is this segment's: no clearing between segments.
    if (++this.#gen === 0x7fffffff) {
      this.#slotGen.fill(0);
      this.#tokGen.fill(0);
      this.#gen = 1;
    }
  }

  /**
   * Reusable spans for token lists (index 0: hypothesis, 1…: references), with room for 1,024 tokens
   * from the start: a segment that outgrows its spans replaces their arrays, which makes V8 drop the
   * compiled tokenizer and kernel code once (and compile them again) in the middle of a run.
   */
  scratch(index: number): Spans {
    let s = this.#spans[index];
    if (s === undefined) this.#spans[index] = s = createSpans(SCRATCH_TOKENS);
    return s;
  }

  /** {@link countSpans} for token lists. */
  count(hyp: readonly string[], refs: readonly (readonly string[])[], out: Float64Array, offset = 0, add = false): void {
    const h = tokensToSpans(hyp, this.scratch(0));
    const r: Spans[] = [];
    for (let i = 0; i < refs.length; i++) r.push(tokensToSpans(refs[i]!, this.scratch(i + 1)));
    this.countSpans(h, r, refs.length, out, offset, add);
  }

  /**
   * Counts one segment into `out[offset …]` as `[sysLen, refLen, matches_1..N, totals_1..N]`, adding
   * to what is there when `add` is true (corpus sums), else overwriting. `refs[0 … nrefs-1]` are used.
   */
  countSpans(hyp: Spans, refs: readonly Spans[], nrefs: number, out: Float64Array, offset = 0, add = false): void {
    const N = this.maxOrder;
    const len = hyp.count;
    let maxLen = len;
    for (let r = 0; r < nrefs; r++) if (refs[r]!.count > maxLen) maxLen = refs[r]!.count;
    this.#reserve(len, maxLen);
    const ids = this.#ids;
    const hypCount = this.#hypCount;

    // Intern the hypothesis tokens; unigram key = id + 1.
    const tokSlots = this.#tokSlots;
    const tokGen = this.#tokGen;
    const gen = this.#gen;
    const tokMask = tokSlots.length - 1;
    const tokHash = this.#tokHash;
    const tokStart = this.#tokStart;
    const tokEnd = this.#tokEnd;
    const hs = hyp.source;
    const hStarts = hyp.starts;
    const hEnds = hyp.ends;
    let v = 0;
    for (let i = 0; i < len; i++) {
      const s = hStarts[i]!;
      const e = hEnds[i]!;
      const h = hashUnits(hs, s, e);
      let slot = h & tokMask;
      let id = -1;
      for (;;) {
        if (tokGen[slot] !== gen) break;
        const cand = tokSlots[slot]!;
        if (tokHash[cand] === h) {
          const cs = tokStart[cand]!;
          const n = e - s;
          if (tokEnd[cand]! - cs === n) {
            let k = 0;
            while (k < n && hs.charCodeAt(cs + k) === hs.charCodeAt(s + k)) k++;
            if (k === n) {
              id = cand;
              break;
            }
          }
        }
        slot = (slot + 1) & tokMask;
      }
      if (id < 0) {
        id = v++;
        tokSlots[slot] = id;
        tokGen[slot] = gen;
        tokHash[id] = h;
        tokStart[id] = s;
        tokEnd[id] = e;
      }
      ids[i] = id;
      hypCount[id + 1] = hypCount[id + 1]! + 1;
    }

    // Longer hypothesis n-grams.
    const slots = this.#slots;
    const slotGen = this.#slotGen;
    const shift = this.#shift;
    const mask = slots.length - 1;
    const parent = this.#parent;
    const token = this.#token;
    let used = v;
    if (N > 1) {
      for (let i = 0; i + 1 < len; i++) {
        let key = ids[i]! + 1;
        const lim = len - i < N ? len - i : N;
        for (let n = 1; n < lim; n++) {
          const t = ids[i + n]!;
          let slot = (Math.imul(key, 0x9e3779b1) ^ Math.imul(t + 0x7f4a7c15, 0x85ebca77)) >>> shift;
          let k = slotGen[slot] === gen ? slots[slot]! : 0;
          while (k !== 0 && (token[k] !== t || parent[k] !== key)) {
            slot = (slot + 1) & mask;
            k = slotGen[slot] === gen ? slots[slot]! : 0;
          }
          if (k === 0) {
            k = ++used;
            parent[k] = key;
            token[k] = t;
            slots[slot] = k;
            slotGen[slot] = gen;
          }
          hypCount[k] = hypCount[k]! + 1;
          key = k;
        }
      }
    }

    // References: look tokens up (never insert); follow n-grams whose prefix is a hypothesis n-gram.
    // The clip of a key is max over references of min(hypothesis count, reference count), so while a
    // reference's count of a key rises it adds one match each time it passes the best earlier
    // reference (`best`) without passing the hypothesis count.
    const refCount = this.#refCount;
    const best = this.#refMax;
    const matches = this.#matches.length >= N ? this.#matches : (this.#matches = new Int32Array(N));
    matches.fill(0, 0, N);
    if (this.#refLens.length < nrefs) this.#refLens = new Int32Array(nextPow2(nrefs));
    const refLens = this.#refLens;
    for (let r = 0; r < nrefs; r++) {
      const ref = refs[r]!;
      const rlen = ref.count;
      refLens[r] = rlen;
      if (len === 0) continue;
      const rs = ref.source;
      const rStarts = ref.starts;
      const rEnds = ref.ends;
      const rHashes = ref.hashes;
      for (let j = 0; j < rlen; j++) {
        const s = rStarts[j]!;
        const e = rEnds[j]!;
        const h = rHashes !== undefined ? rHashes[j]! : hashUnits(rs, s, e);
        let slot = h & tokMask;
        let id = -1;
        for (;;) {
          if (tokGen[slot] !== gen) break;
          const cand = tokSlots[slot]!;
          if (tokHash[cand] === h) {
            const cs = tokStart[cand]!;
            const n = e - s;
            if (tokEnd[cand]! - cs === n) {
              let k = 0;
              while (k < n && hs.charCodeAt(cs + k) === rs.charCodeAt(s + k)) k++;
              if (k === n) {
                id = cand;
                break;
              }
            }
          }
          slot = (slot + 1) & tokMask;
        }
        ids[j] = id;
      }
      for (let i = 0; i < rlen; i++) {
        const first = ids[i]!;
        if (first < 0) continue;
        let key = first + 1;
        let c = refCount[key]! + 1;
        refCount[key] = c;
        if (c <= hypCount[key]! && c > best[key]!) {
          best[key] = c;
          matches[0] = matches[0]! + 1;
        }
        const lim = rlen - i < N ? rlen - i : N;
        for (let n = 1; n < lim; n++) {
          const t = ids[i + n]!;
          if (t < 0) break;
          let slot = (Math.imul(key, 0x9e3779b1) ^ Math.imul(t + 0x7f4a7c15, 0x85ebca77)) >>> shift;
          let k = slotGen[slot] === gen ? slots[slot]! : 0;
          while (k !== 0 && (token[k] !== t || parent[k] !== key)) {
            slot = (slot + 1) & mask;
            k = slotGen[slot] === gen ? slots[slot]! : 0;
          }
          if (k === 0) break;
          c = refCount[k]! + 1;
          refCount[k] = c;
          if (c <= hypCount[k]! && c > best[k]!) {
            best[k] = c;
            matches[n] = matches[n]! + 1;
          }
          key = k;
        }
      }
      refCount.fill(0, 1, used + 1);
    }

    // Totals and lengths; reset the per-key arrays and the used slots of both tables.
    const M = offset + MATCH;
    const T = M + N;
    if (!add) for (let q = offset; q < T + N; q++) out[q] = 0;
    for (let n = 0; n < N; n++) out[M + n] = out[M + n]! + matches[n]!;
    hypCount.fill(0, 1, used + 1);
    best.fill(0, 1, used + 1);
    for (let n = 0; n < N; n++) if (len > n) out[T + n] = out[T + n]! + len - n;
    out[offset + SYS] = out[offset + SYS]! + len;
    if (nrefs > 0) {
      out[offset + REF] = out[offset + REF]! + (this.refLength === "closest" ? closestRefLength(len, refLens, nrefs) : shortest(refLens, nrefs));
    }
  }
}
