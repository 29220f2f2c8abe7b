/**
 * characTER (Wang et al., 2016): word-level shifts chosen greedily by a word-level edit distance, then
 * a character-level Levenshtein distance plus the shift cost, over the hypothesis length in
 * characters. The rules are those of rwth-i6/CharacTER and of its port BramVanroy/CharacTER (the `cer`
 * package HF evaluate's `character` wraps); the two differ only in the precision of the word-level
 * distance (`float32`: rwth-i6's C++ returns a C `float`).
 */
import { GramscoreError, ErrorCode, isPythonWhitespace } from "@gramscore/core";

/** Compares two strings by code points, as Python does (JavaScript's `<` compares UTF-16 units). */
export function comparePy(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const sx = x >= 0xd800 && x <= 0xdfff;
    const sy = y >= 0xd800 && y <= 0xdfff;
    if (sx === sy) return x - y;
    return sx ? 1 : -1;
  }
  return a.length - b.length;
}

let rowA = new Int32Array(64);
let rowB = new Int32Array(64);

let peqBlocks = new Int32Array(256);
let carries = new Int32Array(256);

/**
 * Levenshtein distance of two sequences of symbols below `alphabet`, by Myers' block algorithm:
 * the pattern `a` in 32-bit blocks, one pass over `b`.
 */
export function levenshteinDense(a: ArrayLike<number>, b: ArrayLike<number>, alphabet: number, m = a.length, n = b.length): number {
  return denseAt(a, 0, m, b, 0, n, alphabet);
}

/**
 * {@link levenshteinDense} of `a[a0..a0+m)` and `b[b0..b0+n)`, two blocks at a time: each pass takes
 * two 32-row blocks of the pattern over the whole text with their vertical deltas in registers,
 * taking the horizontal delta of every column from the pass above (`carries`: +1 as bit 0, -1 as
 * bit 1; the top row of the distance grows by one per column, so +1 enters the first pass) and
 * leaving its own for the pass below; the last block counts the distance in its bottom row.
 */
function denseAt(a: ArrayLike<number>, a0: number, m: number, b: ArrayLike<number>, b0: number, n: number, alphabet: number): number {
  if (m === 0) return n;
  if (n === 0) return m;
  const blocks = (m + 31) >>> 5;
  const size = alphabet * blocks;
  if (peqBlocks.length < size) peqBlocks = new Int32Array(2 * size);
  else peqBlocks.fill(0, 0, size);
  const peq = peqBlocks;
  // Block k's masks at peq[k * alphabet + symbol].
  for (let i = 0; i < m; i++) peq[(i >>> 5) * alphabet + a[a0 + i]!]! |= 1 << (i & 31);
  if (blocks === 1) return myers(peq, m, b, b0, n);
  if (carries.length < n) carries = new Int32Array(2 * n);
  const carry = carries;
  carry.fill(1, 0, n);
  const high = 1 << ((m - 1) & 31);
  let k = 0;
  for (; k + 2 < blocks; k += 2) pairPass(peq, k * alphabet, (k + 1) * alphabet, b, b0, n, carry);
  return k + 2 === blocks ? lastPairPass(peq, k * alphabet, (k + 1) * alphabet, b, b0, n, carry, high, m) : lastPass(peq, k * alphabet, b, b0, n, carry, high, m);
}

/** Two blocks (masks at `base0` and `base1`) over the text: horizontal deltas in and out through `carry`. */
function pairPass(peq: Int32Array, base0: number, base1: number, b: ArrayLike<number>, b0: number, n: number, carry: Int32Array): void {
  let pv0 = -1;
  let mv0 = 0;
  let pv1 = -1;
  let mv1 = 0;
  for (let j = 0; j < n; j++) {
    const c = carry[j]!;
    const hp = c & 1;
    const hm = c >>> 1;
    const sym = b[b0 + j]!;
    const pe0 = peq[base0 + sym]!;
    const eq0 = pe0 | hm;
    const xv0 = pe0 | mv0;
    const xh0 = ((((eq0 & pv0) + pv0) | 0) ^ pv0) | eq0;
    const ph0 = mv0 | ~(xh0 | pv0);
    const mh0 = pv0 & xh0;
    const php0 = (ph0 << 1) | hp;
    const mhp0 = (mh0 << 1) | hm;
    pv0 = mhp0 | ~(xv0 | php0);
    mv0 = php0 & xv0;
    const hp1 = ph0 >>> 31;
    const hm1 = mh0 >>> 31;
    const pe1 = peq[base1 + sym]!;
    const eq1 = pe1 | hm1;
    const xv1 = pe1 | mv1;
    const xh1 = ((((eq1 & pv1) + pv1) | 0) ^ pv1) | eq1;
    const ph1 = mv1 | ~(xh1 | pv1);
    const mh1 = pv1 & xh1;
    carry[j] = (ph1 >>> 31) | ((mh1 >>> 31) << 1);
    const php1 = (ph1 << 1) | hp1;
    const mhp1 = (mh1 << 1) | hm1;
    pv1 = mhp1 | ~(xv1 | php1);
    mv1 = php1 & xv1;
  }
}

/** {@link pairPass} for the last two blocks: the distance, counted in the bottom row (bit `high`). */
function lastPairPass(peq: Int32Array, base0: number, base1: number, b: ArrayLike<number>, b0: number, n: number, carry: Int32Array, high: number, m: number): number {
  let pv0 = -1;
  let mv0 = 0;
  let pv1 = -1;
  let mv1 = 0;
  let score = m;
  for (let j = 0; j < n; j++) {
    const c = carry[j]!;
    const hp = c & 1;
    const hm = c >>> 1;
    const sym = b[b0 + j]!;
    const pe0 = peq[base0 + sym]!;
    const eq0 = pe0 | hm;
    const xv0 = pe0 | mv0;
    const xh0 = ((((eq0 & pv0) + pv0) | 0) ^ pv0) | eq0;
    const ph0 = mv0 | ~(xh0 | pv0);
    const mh0 = pv0 & xh0;
    const php0 = (ph0 << 1) | hp;
    const mhp0 = (mh0 << 1) | hm;
    pv0 = mhp0 | ~(xv0 | php0);
    mv0 = php0 & xv0;
    const hp1 = ph0 >>> 31;
    const hm1 = mh0 >>> 31;
    const pe1 = peq[base1 + sym]!;
    const eq1 = pe1 | hm1;
    const xv1 = pe1 | mv1;
    const xh1 = ((((eq1 & pv1) + pv1) | 0) ^ pv1) | eq1;
    const ph1 = mv1 | ~(xh1 | pv1);
    const mh1 = pv1 & xh1;
    if (ph1 & high) score++;
    else if (mh1 & high) score--;
    const php1 = (ph1 << 1) | hp1;
    const mhp1 = (mh1 << 1) | hm1;
    pv1 = mhp1 | ~(xv1 | php1);
    mv1 = php1 & xv1;
  }
  return score;
}

/** The last block alone (an odd number of blocks): the distance, counted in the bottom row. */
function lastPass(peq: Int32Array, base: number, b: ArrayLike<number>, b0: number, n: number, carry: Int32Array, high: number, m: number): number {
  let score = m;
  let pv = -1;
  let mv = 0;
  for (let j = 0; j < n; j++) {
    const c = carry[j]!;
    const hp = c & 1;
    const hm = c >>> 1;
    const pe = peq[base + b[b0 + j]!]!;
    const eq = pe | hm;
    const xv = pe | mv;
    const xh = ((((eq & pv) + pv) | 0) ^ pv) | eq;
    const ph = mv | ~(xh | pv);
    const mh = pv & xh;
    if (ph & high) score++;
    else if (mh & high) score--;
    const php = (ph << 1) | hp;
    const mhp = (mh << 1) | hm;
    pv = mhp | ~(xv | php);
    mv = php & xv;
  }
  return score;
}

// Dense symbol ids for the code points of two strings: a stamped table for the BMP (no clearing
// between calls), a map for the rest.
// slots[2c] is the stamp of code point c, slots[2c + 1] its id (one cache line for both).
const slots = new Int32Array(2 * 65536);
const astral = new Map<number, number>();
let stamp = 0;
let alphabet = 0;
let codesA = new Int32Array(256);
let codesB = new Int32Array(256);

// ASCII apart: asciiIds[c] is the id of c, -1 before it has one, -2 for Python whitespace (whose ids
// are in `slots`, as the rest of the BMP's): splitText tells a word's character from a separator and
// finds its id with one load.
const ASCII_START = new Int32Array(128).fill(-1);
for (let c = 0; c < 128; c++) if (isPythonWhitespace(c)) ASCII_START[c] = -2;
const asciiIds = new Int32Array(128);

function newAlphabet(): void {
  if (++stamp === 0x7fffffff) {
    slots.fill(0);
    stamp = 1;
  }
  if (astral.size > 0) astral.clear();
  asciiIds.set(ASCII_START);
  alphabet = 0;
}

function symbolOf(c: number): number {
  if (c < 128) {
    const x = asciiIds[c]!;
    if (x >= 0) return x;
    if (x === -1) {
      asciiIds[c] = alphabet;
      return alphabet++;
    }
  }
  if (c < 65536) {
    const at = c << 1;
    if (slots[at] === stamp) return slots[at + 1]!;
    slots[at] = stamp;
    slots[at + 1] = alphabet;
    return alphabet++;
  }
  let k = astral.get(c);
  if (k === undefined) {
    k = alphabet++;
    astral.set(c, k);
  }
  return k;
}

/**
 * Writes the symbol ids of the code points of `s` into `out` from `k` (a surrogate pair is one code
 * point); returns the end.
 */
function encodeInto(s: string, out: Int32Array, k = 0): number {
  const n = s.length;
  for (let i = 0; i < n; i++) {
    let c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        c = ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000;
        i++;
      }
    }
    out[k++] = symbolOf(c);
  }
  return k;
}

/** Levenshtein distance of two strings over their code points (Python's on two `str`). */
export function stringLevenshtein(a: string, b: string): number {
  if (codesA.length < a.length) codesA = new Int32Array(2 * a.length);
  if (codesB.length < b.length) codesB = new Int32Array(2 * b.length);
  newAlphabet();
  return distanceOf(codesA, 0, encodeInto(a, codesA), codesB, 0, encodeInto(b, codesB));
}

/** Levenshtein distance of `a[a0..a0+m)` and `b[b0..b0+n)` (symbols of the current alphabet). */
function distanceOf(a: Int32Array, a0: number, m: number, b: Int32Array, b0: number, n: number): number {
  // A common prefix and suffix cost nothing: the distance is that of the middles.
  let p = 0;
  while (p < m && p < n && a[a0 + p] === b[b0 + p]) p++;
  while (m > p && n > p && a[a0 + m - 1] === b[b0 + n - 1]) {
    m--;
    n--;
  }
  a0 += p;
  b0 += p;
  m -= p;
  n -= p;
  // The cost is one pass over the text per 32-symbol block of the pattern: the cheaper way round.
  return ((m + 31) >>> 5) * n <= ((n + 31) >>> 5) * m ? denseAt(a, a0, m, b, b0, n, alphabet) : denseAt(b, b0, n, a, a0, m, alphabet);
}

/** Levenshtein distance of a pattern of `m` ≤ 32 symbols (as `peq` bit masks) and a text. */
function myers(peq: Int32Array, m: number, text: ArrayLike<number>, t0: number, n: number): number {
  let pv = -1;
  let mv = 0;
  let score = m;
  const high = 1 << (m - 1);
  for (let j = t0; j < t0 + n; j++) {
    const eq = peq[text[j]!]!;
    const xv = eq | mv;
    const xh = ((((eq & pv) + pv) | 0) ^ pv) | eq;
    let ph = mv | ~(xh | pv);
    let mh = pv & xh;
    if (ph & high) score++;
    else if (mh & high) score--;
    ph = (ph << 1) | 1;
    mh = mh << 1;
    pv = mh | ~(xv | ph);
    mv = ph & xv;
  }
  return score;
}

/** Unit-cost Levenshtein distance of two integer sequences. */
export function levenshtein(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = a.length;
  const m = b.length;
  if (n === 0) return m;
  if (m === 0) return n;
  if (rowA.length <= n) {
    rowA = new Int32Array(2 * n + 2);
    rowB = new Int32Array(2 * n + 2);
  }
  let prev = rowA;
  let cur = rowB;
  for (let i = 0; i <= n; i++) prev[i] = i;
  for (let j = 1; j <= m; j++) {
    const bj = b[j - 1];
    cur[0] = j;
    for (let i = 1; i <= n; i++) {
      const sub = prev[i - 1]! + (a[i - 1] === bj ? 0 : 1);
      const del = prev[i]! + 1;
      const ins = cur[i - 1]! + 1;
      cur[i] = sub < del ? (sub < ins ? sub : ins) : del < ins ? del : ins;
    }
    const t = prev;
    prev = cur;
    cur = t;
  }
  return prev[n]!;
}

/** The length of a string in code points (Python's `len`). */
export function pyLen(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** The code points of a string. */
export function codePointArray(s: string): Int32Array {
  const out = new Int32Array(pyLen(s));
  let k = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.codePointAt(i)!;
    out[k++] = c;
    if (c > 0xffff) i++;
  }
  return out;
}

// The words of one hypothesis–reference pair. Splitting a text writes its words' code points as
// symbols of the pair's alphabet into `syms`, joined by one blank symbol: the hypothesis joined at
// [0, hypEnd), the reference at [hypEnd, refEnd), exactly the sequences the character distance
// compares (a blank never completes a surrogate pair). The distinct words get ids in order of first
// appearance through a hash table whose slots are stamped per pair (no clearing); a word is its
// symbols' range (where it first occurs) and its range of the string it came from.
let tabStamp = new Int32Array(1024);
let tabId = new Int32Array(1024);
let tabGen = 0;
const wStr: string[] = [];
let wStart = new Int32Array(64);
let wEnd = new Int32Array(64);
let wHash = new Int32Array(64);
let wSym = new Int32Array(64);
let wLen = new Int32Array(64);
let syms = new Int32Array(256);
let wordCount = 0;
let blankSym = 0;
let hypIds = new Int32Array(64);
let refIds = new Int32Array(64);

/** Makes room for a pair of at most `words` words and `units` symbols, and starts its tables. */
function startPair(words: number, units: number): void {
  if (tabStamp.length < 2 * words) {
    let size = tabStamp.length;
    while (size < 4 * words) size *= 2;
    tabStamp = new Int32Array(size);
    tabId = new Int32Array(size);
    tabGen = 0;
  }
  if (++tabGen === 0x7fffffff) {
    tabStamp.fill(0);
    tabGen = 1;
  }
  if (wStart.length < words) {
    const size = 2 * words;
    wStart = new Int32Array(size);
    wEnd = new Int32Array(size);
    wHash = new Int32Array(size);
    wSym = new Int32Array(size);
    wLen = new Int32Array(size);
    hypIds = new Int32Array(size);
    refIds = new Int32Array(size);
  }
  if (syms.length < units) syms = new Int32Array(2 * units);
  wordCount = 0;
  newAlphabet();
  blankSym = symbolOf(32);
}

/** The id of the word whose symbols are syms[s0..s1) (hash `h`), from `text[a..b)`. */
function intern(text: string, a: number, b: number, s0: number, s1: number, h: number): number {
  const mask = tabStamp.length - 1;
  const len = s1 - s0;
  for (let slot = h & mask; ; slot = (slot + 1) & mask) {
    if (tabStamp[slot] !== tabGen) {
      const k = wordCount++;
      tabStamp[slot] = tabGen;
      tabId[slot] = k;
      wStr[k] = text;
      wStart[k] = a;
      wEnd[k] = b;
      wHash[k] = h;
      wSym[k] = s0;
      wLen[k] = len;
      return k;
    }
    const k = tabId[slot]!;
    if (wHash[k] === h && wLen[k] === len) {
      const o = wSym[k]! - s0;
      let i = s0;
      while (i < s1 && syms[i + o] === syms[i]) i++;
      if (i === s1) return k;
    }
  }
}

/** FNV-1a's constants (the hash steps over symbols). */
const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/** Spreads the bits of an FNV hash over the low ones (the table takes the low bits). */
function finishHash(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  return h ^ (h >>> 13);
}

/** Where the last {@link splitText} or {@link internWords} stopped writing symbols. */
let symTop = 0;

/**
 * Splits `text` as Python's `str.split()` does: the word ids go to `out` (the count is returned),
 * the words' symbols joined by blanks to `syms` from `k` (to symTop).
 */
function splitText(text: string, out: Int32Array, k: number): number {
  let n = 0;
  let start = -1;
  let s0 = 0;
  let h = 0;
  const len = text.length;
  // symbolOf inlined for the BMP, with the table, its stamp and the alphabet's size in locals.
  const sy = syms;
  const sl = slots;
  const st = stamp;
  const ascii = asciiIds;
  let next = alphabet;
  for (let i = 0; i < len; i++) {
    let c = text.charCodeAt(i);
    if (c < 128) {
      let x = ascii[c]!;
      if (x === -2) {
        if (start >= 0) {
          out[n++] = intern(text, start, i, s0, k, finishHash(h));
          start = -1;
        }
        continue;
      }
      if (start < 0) {
        if (n > 0) sy[k++] = blankSym;
        start = i;
        s0 = k;
        h = FNV_OFFSET;
      }
      if (x < 0) {
        x = next++;
        ascii[c] = x;
      }
      sy[k++] = x;
      h = Math.imul(h ^ x, FNV_PRIME);
      // The rest of the word's ASCII run, without the tests of where a word starts.
      for (; i + 1 < len; i++) {
        const c1 = text.charCodeAt(i + 1);
        if (c1 >= 128) break;
        let x1 = ascii[c1]!;
        if (x1 === -2) break;
        if (x1 < 0) {
          x1 = next++;
          ascii[c1] = x1;
        }
        sy[k++] = x1;
        h = Math.imul(h ^ x1, FNV_PRIME);
      }
      continue;
    }
    // Every Python whitespace character is in the BMP, so UTF-16 units suffice.
    if (c >= 0x85 && isPythonWhitespace(c)) {
      if (start >= 0) {
        out[n++] = intern(text, start, i, s0, k, finishHash(h));
        start = -1;
      }
      continue;
    }
    if (start < 0) {
      if (n > 0) sy[k++] = blankSym;
      start = i;
      s0 = k;
      h = FNV_OFFSET;
    }
    let x: number;
    if (c < 0xd800 || c > 0xdbff || i + 1 === len) {
      const at = c << 1;
      if (sl[at] === st) x = sl[at + 1]!;
      else {
        sl[at] = st;
        sl[at + 1] = next;
        x = next++;
      }
    } else {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        c = ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000;
        i++;
      }
      alphabet = next;
      x = symbolOf(c);
      next = alphabet;
    }
    sy[k++] = x;
    h = Math.imul(h ^ x, FNV_PRIME);
  }
  if (start >= 0) out[n++] = intern(text, start, len, s0, k, finishHash(h));
  alphabet = next;
  symTop = k;
  return n;
}

/** {@link splitText} for words given whole (each word is one, whatever it holds). */
function internWords(words: readonly string[], out: Int32Array, k: number): void {
  for (let w = 0; w < words.length; w++) {
    const text = words[w]!;
    if (w > 0) syms[k++] = blankSym;
    const s0 = k;
    let h = FNV_OFFSET;
    k = encodeInto(text, syms, k);
    for (let i = s0; i < k; i++) h = Math.imul(h ^ syms[i]!, FNV_PRIME);
    out[w] = intern(text, 0, text.length, s0, k, finishHash(h));
  }
  symTop = k;
}

/** Compares two words by code points, as Python compares `str`s (see {@link comparePy}). */
function compareWords(x: number, y: number): number {
  const s = wStr[x]!;
  const t = wStr[y]!;
  const a = wStart[x]!;
  const b = wStart[y]!;
  const la = wEnd[x]! - a;
  const lb = wEnd[y]! - b;
  const n = la < lb ? la : lb;
  for (let i = 0; i < n; i++) {
    const p = s.charCodeAt(a + i);
    const q = t.charCodeAt(b + i);
    if (p === q) continue;
    const sp = p >= 0xd800 && p <= 0xdfff;
    const sq = q >= 0xd800 && q <= 0xdfff;
    if (sp === sq) return p - q;
    return sp ? 1 : -1;
  }
  return la - lb;
}

/** The text of a word. */
function wordText(k: number): string {
  const s = wStr[k]!;
  const a = wStart[k]!;
  const b = wEnd[k]!;
  return a === 0 && b === s.length ? s : s.slice(a, b);
}

// The shift search. `cur` is the current hypothesis (word ids; `hypIds` the one given); the
// word-level distance to the reference is Myers' algorithm with the reference as the pattern in
// 32-bit blocks (`B` of them) and the hypothesis as the text. The column states of `cur` (vertical
// deltas pv/mv of every block after each column, and the distance of the prefix) are kept: a shift
// candidate equals `cur` before the span it changes, so its distance starts from the state there, and
// once its column after the span equals `cur`'s, the rest is `cur`'s and so is the distance.
let cur = new Int32Array(64);
let tmp = new Int32Array(64);
let peqWords = new Int32Array(256);
let colPv = new Int32Array(256);
let colMv = new Int32Array(256);
let colScore = new Int32Array(64);
let tPv = new Int32Array(8);
let tMv = new Int32Array(8);
let firstPos = new Int32Array(256);
let nextPos = new Int32Array(64);
let counts = new Int32Array(256);

/** The word of candidate (s1, at, len) at position i: `cur` with `cur[s1..s1+len)` moved to `at`. */
function candAt(s1: number, at: number, len: number, i: number): number {
  if (at >= s1) {
    if (i < s1 || i >= at + len) return cur[i]!;
    return i < at ? cur[i + len]! : cur[s1 + i - at]!;
  }
  if (i < at || i >= s1 + len) return cur[i]!;
  return i < at + len ? cur[s1 + i - at]! : cur[i - len]!;
}

/** Python's comparison of the word lists of two candidates (lexicographic). */
function compareCands(s1: number, at: number, len: number, t1: number, bt: number, blen: number): number {
  const lo = Math.min(s1, at, t1, bt);
  const hi = Math.max(s1, at) + len > Math.max(t1, bt) + blen ? Math.max(s1, at) + len : Math.max(t1, bt) + blen;
  for (let i = lo; i < hi; i++) {
    const x = candAt(s1, at, len, i);
    const y = candAt(t1, bt, blen, i);
    if (x !== y) return compareWords(x, y);
  }
  return 0;
}

/** Fills the column states of `cur` from column `j0` (its state is already there) to `n`. */
function columnsFrom(j0: number, n: number, m: number, blocks: number): void {
  const last = blocks - 1;
  const high = 1 << ((m - 1) & 31);
  const peq = peqWords;
  let score = colScore[j0]!;
  for (let j = j0; j < n; j++) {
    const row = cur[j]! * blocks;
    const src = j * blocks;
    const dst = src + blocks;
    let hp = 1;
    let hm = 0;
    for (let k = 0; k < blocks; k++) {
      const pe = peq[row + k]!;
      const eq = pe | hm;
      const pv = colPv[src + k]!;
      const mv = colMv[src + k]!;
      const xv = pe | mv;
      const xh = ((((eq & pv) + pv) | 0) ^ pv) | eq;
      const ph = mv | ~(xh | pv);
      const mh = pv & xh;
      if (k === last) {
        if (ph & high) score++;
        else if (mh & high) score--;
      }
      const php = (ph << 1) | hp;
      const mhp = (mh << 1) | hm;
      hp = ph >>> 31;
      hm = mh >>> 31;
      colPv[dst + k] = mhp | ~(xv | php);
      colMv[dst + k] = php & xv;
    }
    colScore[j + 1] = score;
  }
}

/** The word-level distance of candidate (s1, at, len) to the reference (one block: m ≤ 32). */
function candDistance1(s1: number, at: number, len: number, n: number, m: number): number {
  const c0 = s1 < at ? s1 : at;
  const e = (s1 < at ? at : s1) + len;
  // The candidate's word at j in [c0, e) is cur[j + offA] before `mid`, cur[j + offB] from there.
  const mid = at >= s1 ? at : at + len;
  const offA = at >= s1 ? len : s1 - at;
  const offB = at >= s1 ? s1 - at : -len;
  const peq = peqWords;
  const high = 1 << (m - 1);
  const mask = m === 32 ? -1 : (1 << m) - 1;
  let pv = colPv[c0]!;
  let mv = colMv[c0]!;
  let score = colScore[c0]!;
  for (let j = c0; j < e; j++) {
    const eq = peq[cur[j + (j < mid ? offA : offB)]!]!;
    const xv = eq | mv;
    const xh = ((((eq & pv) + pv) | 0) ^ pv) | eq;
    let ph = mv | ~(xh | pv);
    let mh = pv & xh;
    if (ph & high) score++;
    else if (mh & high) score--;
    ph = (ph << 1) | 1;
    mh = mh << 1;
    pv = mh | ~(xv | ph);
    mv = ph & xv;
  }
  for (let j = e; j < n; j++) {
    if ((((pv ^ colPv[j]!) | (mv ^ colMv[j]!)) & mask) === 0) return colScore[n]!;
    const eq = peq[cur[j]!]!;
    const xv = eq | mv;
    const xh = ((((eq & pv) + pv) | 0) ^ pv) | eq;
    let ph = mv | ~(xh | pv);
    let mh = pv & xh;
    if (ph & high) score++;
    else if (mh & high) score--;
    ph = (ph << 1) | 1;
    mh = mh << 1;
    pv = mh | ~(xv | ph);
    mv = ph & xv;
  }
  return score;
}

/** The word-level distance of candidate (s1, at, len) to the reference (two blocks: 32 < m ≤ 64). */
function candDistance2(s1: number, at: number, len: number, n: number, m: number): number {
  const c0 = s1 < at ? s1 : at;
  const e = (s1 < at ? at : s1) + len;
  // The candidate's word at j in [c0, e) is cur[j + offA] before `mid`, cur[j + offB] from there.
  const mid = at >= s1 ? at : at + len;
  const offA = at >= s1 ? len : s1 - at;
  const offB = at >= s1 ? s1 - at : -len;
  const peq = peqWords;
  const high = 1 << ((m - 1) & 31);
  const mask = (m & 31) === 0 ? -1 : (1 << (m & 31)) - 1;
  let pv0 = colPv[2 * c0]!;
  let mv0 = colMv[2 * c0]!;
  let pv1 = colPv[2 * c0 + 1]!;
  let mv1 = colMv[2 * c0 + 1]!;
  let score = colScore[c0]!;
  for (let j = c0; j < n; j++) {
    let sym: number;
    if (j < e) sym = cur[j + (j < mid ? offA : offB)]!;
    else {
      // Converged: the same column as cur's, so the same distance from here on.
      const o = 2 * j;
      if (pv0 === colPv[o] && mv0 === colMv[o] && (((pv1 ^ colPv[o + 1]!) | (mv1 ^ colMv[o + 1]!)) & mask) === 0) return colScore[n]!;
      sym = cur[j]!;
    }
    const pe0 = peq[2 * sym]!;
    const pe1 = peq[2 * sym + 1]!;
    // The first block: a +1 enters from the top row.
    const xv0 = pe0 | mv0;
    const xh0 = ((((pe0 & pv0) + pv0) | 0) ^ pv0) | pe0;
    const ph0 = mv0 | ~(xh0 | pv0);
    const mh0 = pv0 & xh0;
    const php0 = (ph0 << 1) | 1;
    const mhp0 = mh0 << 1;
    pv0 = mhp0 | ~(xv0 | php0);
    mv0 = php0 & xv0;
    const hp = ph0 >>> 31;
    const hm = mh0 >>> 31;
    const eq1 = pe1 | hm;
    const xv1 = pe1 | mv1;
    const xh1 = ((((eq1 & pv1) + pv1) | 0) ^ pv1) | eq1;
    const ph1 = mv1 | ~(xh1 | pv1);
    const mh1 = pv1 & xh1;
    if (ph1 & high) score++;
    else if (mh1 & high) score--;
    const php1 = (ph1 << 1) | hp;
    const mhp1 = (mh1 << 1) | hm;
    pv1 = mhp1 | ~(xv1 | php1);
    mv1 = php1 & xv1;
  }
  return score;
}

/** The word-level distance of candidate (s1, at, len) to the reference (any number of blocks). */
function candDistance(s1: number, at: number, len: number, n: number, m: number, blocks: number): number {
  const c0 = s1 < at ? s1 : at;
  const e = (s1 < at ? at : s1) + len;
  // The candidate's word at j in [c0, e) is cur[j + offA] before `mid`, cur[j + offB] from there.
  const mid = at >= s1 ? at : at + len;
  const offA = at >= s1 ? len : s1 - at;
  const offB = at >= s1 ? s1 - at : -len;
  const peq = peqWords;
  const last = blocks - 1;
  const high = 1 << ((m - 1) & 31);
  const mask = (m & 31) === 0 ? -1 : (1 << (m & 31)) - 1;
  for (let k = 0; k < blocks; k++) {
    tPv[k] = colPv[c0 * blocks + k]!;
    tMv[k] = colMv[c0 * blocks + k]!;
  }
  let score = colScore[c0]!;
  for (let j = c0; j < n; j++) {
    if (j >= e) {
      // Converged: the same column as cur's, so the same distance from here on.
      const o = j * blocks;
      let same = (((tPv[last]! ^ colPv[o + last]!) | (tMv[last]! ^ colMv[o + last]!)) & mask) === 0;
      for (let k = 0; same && k < last; k++) same = tPv[k] === colPv[o + k] && tMv[k] === colMv[o + k];
      if (same) return colScore[n]!;
    }
    const row = (j < e ? cur[j + (j < mid ? offA : offB)]! : cur[j]!) * blocks;
    let hp = 1;
    let hm = 0;
    for (let k = 0; k < blocks; k++) {
      const pe = peq[row + k]!;
      const eq = pe | hm;
      const pv = tPv[k]!;
      const mv = tMv[k]!;
      const xv = pe | mv;
      const xh = ((((eq & pv) + pv) | 0) ^ pv) | eq;
      const ph = mv | ~(xh | pv);
      const mh = pv & xh;
      if (k === last) {
        if (ph & high) score++;
        else if (mh & high) score--;
      }
      const php = (ph << 1) | hp;
      const mhp = (mh << 1) | hm;
      hp = ph >>> 31;
      hm = mh >>> 31;
      tPv[k] = mhp | ~(xv | php);
      tMv[k] = php & xv;
    }
  }
  return score;
}

// What the last pair computed besides its score (for cerScore's trace).
let lastShiftCost = 0;
let lastEditDistance = 0;
let lastHypLength = 0;

/**
 * characTER of the pair in hypIds[0..n1) and refIds[0..m) (startPair, then the words interned): the
 * score; `cur` holds the shifted hypothesis. `steps` receives the shifts when given.
 */
function pairScore(n1: number, m: number, hypEnd: number, refEnd: number, float32: boolean, steps: ShiftStep[] | undefined): number {
  if (m === 0 && !float32) {
    throw new GramscoreError(
      ErrorCode.EMPTY_INPUT,
      "characTER needs a reference with at least one word, but got an empty one (the cer package HF evaluate runs divides by zero). Remove the segment or give it a reference.",
    );
  }
  if (cur.length < n1 + 1) {
    cur = new Int32Array(2 * n1 + 2);
    tmp = new Int32Array(2 * n1 + 2);
    colScore = new Int32Array(2 * n1 + 2);
  }
  for (let i = 0; i < n1; i++) cur[i] = hypIds[i]!;
  lastShiftCost = 0;
  lastEditDistance = 0;
  lastHypLength = hypEnd;
  let moved = false;
  if (m > 0 && n1 > 0) {
    const blocks = (m + 31) >>> 5;
    const words = wordCount;
    if (peqWords.length < words * blocks) peqWords = new Int32Array(2 * words * blocks);
    else peqWords.fill(0, 0, words * blocks);
    for (let i = 0; i < m; i++) peqWords[refIds[i]! * blocks + (i >>> 5)]! |= 1 << (i & 31);
    if (colPv.length < (n1 + 1) * blocks) {
      colPv = new Int32Array(2 * (n1 + 1) * blocks);
      colMv = new Int32Array(2 * (n1 + 1) * blocks);
    }
    if (tPv.length < blocks) {
      tPv = new Int32Array(2 * blocks);
      tMv = new Int32Array(2 * blocks);
    }
    for (let k = 0; k < blocks; k++) {
      colPv[k] = -1;
      colMv[k] = 0;
    }
    colScore[0] = m;
    columnsFrom(0, n1, m, blocks);
    let pre = float32 ? Math.fround(colScore[n1]! / m) : colScore[n1]! / m;
    if (pre === 0) return 0;
    // A shift keeps the hypothesis's words, so no candidate's distance is below max(n1, m) minus the
    // words the two share (counted with repetition): once even that distance gains nothing (the
    // same arithmetic, monotonic in the distance), no candidate can, and the search is over.
    if (counts.length < words) counts = new Int32Array(2 * words);
    counts.fill(0, 0, words);
    for (let i = 0; i < m; i++) counts[refIds[i]!]!++;
    let shared = 0;
    for (let i = 0; i < n1; i++) {
      const w = cur[i]!;
      if (counts[w]! > 0) {
        counts[w]!--;
        shared++;
      }
    }
    const floor = (n1 > m ? n1 : m) - shared;
    // Where each word occurs in the reference, in increasing order: firstPos[word], then nextPos[at]
    // (built when the search starts).
    const first = firstPos.length < words ? (firstPos = new Int32Array(2 * words)) : firstPos;
    const after = nextPos.length < m ? (nextPos = new Int32Array(2 * m)) : nextPos;
    let positions = false;
    for (;;) {
      if (!(pre - (float32 ? Math.fround(floor / m) : floor / m) > 0)) break;
      if (!positions) {
        first.fill(-1, 0, words);
        for (let s2 = m - 1; s2 >= 0; s2--) {
          after[s2] = first[refIds[s2]!]!;
          first[refIds[s2]!] = s2;
        }
        positions = true;
      }
      // Every phrase of the hypothesis that also starts elsewhere in the reference, in the order of
      // the reference's loops (s1, then s2 increasing), visiting only the matching s2.
      let bestDiff = 0;
      let found = false;
      let b1 = 0;
      let bAt = 0;
      let bLen = 0;
      for (let s1 = 0; s1 < n1; s1++) {
        for (let s2 = first[cur[s1]!]!; s2 >= 0; s2 = after[s2]!) {
          if (s1 === s2) continue;
          let length = 1;
          for (let step = 1; step < n1 - s1; step++) {
            if (s2 + step < m && cur[s1 + step] === refIds[s2 + step]) length++;
            else break;
          }
          // cur without the phrase, with the phrase inserted at s2 (at the end if s2 is past it).
          const restLen = n1 - length;
          const at = s2 < restLen ? s2 : restLen;
          const d =
            blocks === 1
              ? candDistance1(s1, at, length, n1, m)
              : blocks === 2
                ? candDistance2(s1, at, length, n1, m)
                : candDistance(s1, at, length, n1, m, blocks);
          const diff = pre - (float32 ? Math.fround(d / m) : d / m);
          // Python sorts (diff, words) and takes the last: the largest diff, then the largest list.
          if (!found || diff > bestDiff || (diff === bestDiff && compareCands(s1, at, length, b1, bAt, bLen) > 0)) {
            found = true;
            bestDiff = diff;
            b1 = s1;
            bAt = at;
            bLen = length;
          }
        }
      }
      if (!found || !(bestDiff > 0)) break;
      for (let i = 0; i < n1; i++) tmp[i] = candAt(b1, bAt, bLen, i);
      const t = cur;
      cur = tmp;
      tmp = t;
      // The columns before the moved span are unchanged.
      columnsFrom(b1 < bAt ? b1 : bAt, n1, m, blocks);
      moved = true;
      if (steps !== undefined) steps.push({ from: b1, to: bAt, length: bLen, gain: bestDiff });
      pre = pre - bestDiff;
    }
    // Unmoved, the hypothesis costs no shift.
    if (moved) lastShiftCost = shiftCostOf(cur, hypIds, n1);
  }
  // The shifted hypothesis joined by blanks, as symbols (the given one is in syms already; a shift
  // keeps the length), against the reference's.
  if (hypEnd === 0) return 1.0;
  let hypSyms = syms;
  if (moved) {
    if (codesA.length < hypEnd) codesA = new Int32Array(2 * hypEnd);
    appendWords(cur, n1, codesA);
    hypSyms = codesA;
  }
  lastEditDistance = distanceOf(hypSyms, 0, hypEnd, syms, hypEnd, refEnd - hypEnd);
  return Math.min(1.0, (lastEditDistance + lastShiftCost) / hypEnd);
}

/** Writes the symbols of words `ids[0..n)` joined by blanks into `out`; returns the length. */
function appendWords(ids: Int32Array, n: number, out: Int32Array): number {
  let k = 0;
  for (let i = 0; i < n; i++) {
    if (i > 0) out[k++] = blankSym;
    const w = ids[i]!;
    const a = wSym[w]!;
    const b = a + wLen[w]!;
    for (let j = a; j < b; j++) out[k++] = syms[j]!;
  }
  return k;
}

/** The references' shift cost: for each moved phrase, the average length of its words. */
function shiftCostOf(shifted: Int32Array, original: Int32Array, n: number): number {
  let cost = 0;
  let os = 0;
  while (os < n) {
    let avg = 0;
    const oi = os;
    if (original[os] === shifted[os]) {
      os++;
      continue;
    }
    for (let ss = os + 1; ss < n; ss++) {
      if (original[os] === shifted[ss]) {
        let length = 1;
        for (let pos = 1; pos < n - oi; pos++) {
          const se = ss + pos;
          if (se < n && original[oi + pos] === shifted[se]) {
            length++;
            if (os + 1 < n) os++;
          } else break;
        }
        let chars = 0;
        for (let k = 0; k < length; k++) chars += wLen[original[oi + k]!]!;
        avg = chars / length;
        break;
      }
    }
    cost += avg;
    os++;
  }
  return cost;
}

/** One shift step found by {@link cerScore}. */
export interface ShiftStep {
  /** Start of the moved phrase in the hypothesis before the step. */
  readonly from: number;
  /** Where the phrase was inserted. */
  readonly to: number;
  /** Words moved. */
  readonly length: number;
  /** What the word-level distance gained. */
  readonly gain: number;
}

/** What characTER computed for one hypothesis and reference. */
export interface CharacterTrace {
  /** The score (0 = identical, at most 1). */
  readonly score: number;
  /** The hypothesis after the shifts, joined by spaces. */
  readonly shifted: string;
  /** The shifts, in order. */
  readonly shifts: ShiftStep[];
  /** The shift cost (the average word length, in characters, of each moved phrase). */
  readonly shiftCost: number;
  /** The character-level Levenshtein distance of the shifted hypothesis and the reference. */
  readonly editDistance: number;
  /** Characters of the shifted hypothesis (the denominator). */
  readonly hypLength: number;
}

/**
 * characTER of one hypothesis against one reference, both already split into words (Python's
 * `str.split()`). `float32`: the word-level distance rounded to float32 (rwth-i6's C++).
 * @throws GramscoreError `EMPTY_INPUT` when the reference has no word and `float32` is false (the
 *   `cer` package divides by zero).
 */
export function cerScore(hypWords: readonly string[], refWords: readonly string[], float32: boolean, trace?: ShiftStep[]): CharacterTrace {
  let units = hypWords.length + refWords.length;
  for (const w of hypWords) units += w.length;
  for (const w of refWords) units += w.length;
  startPair(hypWords.length + refWords.length, units);
  internWords(hypWords, hypIds, 0);
  const hypEnd = symTop;
  internWords(refWords, refIds, hypEnd);
  const n1 = hypWords.length;
  const shifts = trace ?? [];
  const score = pairScore(n1, refWords.length, hypEnd, symTop, float32, shifts);
  let shifted = n1 > 0 ? wordText(cur[0]!) : "";
  for (let i = 1; i < n1; i++) shifted += " " + wordText(cur[i]!);
  return { score, shifted, shifts, shiftCost: lastShiftCost, editDistance: lastEditDistance, hypLength: lastHypLength };
}

/**
 * characTER of one hypothesis text against one reference text as HF's `cer` computes it (words are
 * Python's `str.split()`): {@link cerScore}'s score, without splitting into strings.
 * @throws GramscoreError `EMPTY_INPUT` when the reference has no word.
 */
export function characterScore(hyp: string, ref: string): number {
  const units = hyp.length + ref.length;
  startPair(((units + 1) >>> 1) + 1, units);
  const n1 = splitText(hyp, hypIds, 0);
  const hypEnd = symTop;
  const m = splitText(ref, refIds, hypEnd);
  return pairScore(n1, m, hypEnd, symTop, false, undefined);
}
