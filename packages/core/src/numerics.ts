/**
 * Python-compatible numerics: exactly rounded summation (`math.fsum`), round-half-even fixed-point
 * formatting (`f"{x:.Nf}"` / C `printf("%.Nf")`), and Python's whitespace set (`str.split()`).
 */

/**
 * Adds `x` exactly into the expansion `buf[0..used)` (non-overlapping doubles of increasing
 * magnitude, Shewchuk's algorithm as in Python's `math.fsum`) and returns its new length. `buf` must
 * have room for `used + 1` values (a plain array grows by itself). Finite values only.
 */
export function growExpansion(buf: Float64Array | number[], used: number, x: number): number {
  let i = 0;
  for (let j = 0; j < used; j++) {
    let y = buf[j]!;
    if (Math.abs(x) < Math.abs(y)) {
      const t = x;
      x = y;
      y = t;
    }
    const hi = x + y;
    const lo = y - (hi - x);
    if (lo !== 0) buf[i++] = lo;
    x = hi;
  }
  buf[i++] = x;
  return i;
}

/**
 * The exactly rounded value of the expansion `buf[0..used)` (as {@link growExpansion} keeps it), with
 * Python's `math.fsum` half-even correction.
 */
export function roundExpansion(buf: ArrayLike<number>, used: number): number {
  let n = used;
  if (n === 0) return 0;
  let hi = buf[--n]!;
  let lo = 0;
  while (n > 0) {
    const x = hi;
    const y = buf[--n]!;
    hi = x + y;
    const yr = hi - x;
    lo = y - yr;
    if (lo !== 0) break;
  }
  if (n > 0 && ((lo < 0 && buf[n - 1]! < 0) || (lo > 0 && buf[n - 1]! > 0))) {
    const y = lo * 2;
    const x = hi + y;
    const yr = x - hi;
    if (y === yr) hi = x;
  }
  return hi;
}

/**
 * Exactly rounded sum of `values`, identical to Python's `math.fsum` (Shewchuk's algorithm with
 * Python's final half-even correction). Independent of the order of the values.
 */
export function fsum(values: Iterable<number>): number {
  const partials: number[] = [];
  let used = 0;
  let special = 0;
  let infSum = 0;
  for (const x of values) {
    if (!Number.isFinite(x)) {
      if (Number.isNaN(x)) special = Number.NaN;
      else infSum += x;
      continue;
    }
    used = growExpansion(partials, used, x);
  }
  if (Number.isNaN(special) || Number.isNaN(infSum)) return Number.NaN;
  if (infSum !== 0) return infSum;
  return roundExpansion(partials, used);
}

/**
 * Adds non-overlapping partials (as {@link fsum} keeps them, increasing magnitude) into the exactly
 * rounded total, with Python's half-even correction.
 */
export function sumPartials(partials: readonly number[]): number {
  return roundExpansion(partials, partials.length);
}

/**
 * Adds `x` into a list of non-overlapping partials in place (the state of an exact running sum).
 * `sumPartials(partials)` then gives the exactly rounded total. Finite inputs only.
 */
export function addToPartials(partials: number[], x: number): void {
  partials.length = growExpansion(partials, partials.length, x);
}

const TWO_52 = 2 ** 52;

/** Splits a finite double into an exact `mantissa * 2 ** exponent` with an integer mantissa. */
function decompose(x: number): { mantissa: bigint; exponent: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const hiWord = view.getUint32(0);
  const loWord = view.getUint32(4);
  const biased = (hiWord >>> 20) & 0x7ff;
  const frac = (hiWord & 0xfffff) * 2 ** 32 + loWord;
  if (biased === 0) return { mantissa: BigInt(frac), exponent: -1074 };
  return { mantissa: BigInt(frac + TWO_52), exponent: biased - 1075 };
}

/**
 * Formats `x` with exactly `digits` decimals, rounding the exact binary value half to even: the
 * output of Python's `f"{x:.{digits}f}"` and C's `printf("%.*f")`. (`Number#toFixed` rounds exact
 * ties away from zero: `(0.125).toFixed(2)` is "0.13" where Python prints "0.12".)
 */
export function formatFixed(x: number, digits: number): string {
  if (!Number.isInteger(digits) || digits < 0 || digits > 100) {
    throw new RangeError(`formatFixed: digits must be an integer from 0 to 100, got ${digits}`);
  }
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  const negative = x < 0 || Object.is(x, -0);
  const { mantissa, exponent } = decompose(Math.abs(x));
  const scale = 10n ** BigInt(digits);
  let q: bigint;
  if (exponent >= 0) {
    q = (mantissa << BigInt(exponent)) * scale;
  } else {
    const num = mantissa * scale;
    const den = 1n << BigInt(-exponent);
    q = num / den;
    const twiceRem = (num - q * den) * 2n;
    if (twiceRem > den || (twiceRem === den && (q & 1n) === 1n)) q += 1n;
  }
  let s = q.toString();
  if (digits > 0) {
    s = s.padStart(digits + 1, "0");
    s = `${s.slice(0, -digits)}.${s.slice(-digits)}`;
  }
  return negative ? `-${s}` : s;
}

/** Rounds `x` to `digits` decimals the way Python's `float(f"{x:.{digits}f}")` does. */
export function roundHalfEven(x: number, digits: number): number {
  return Number(formatFixed(x, digits));
}

/**
 * The code points Python's `str.isspace()` accepts, which `str.split()` splits on:
 * U+0009–000D, U+001C–001F, U+0020, U+0085, U+00A0, U+1680, U+2000–200A, U+2028, U+2029,
 * U+202F, U+205F, U+3000. (JavaScript's `\s` lacks U+001C–001F and U+0085 and adds U+FEFF.)
 */
export const PYTHON_WHITESPACE_CLASS =
  "\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";

/** Matches one or more Python whitespace characters (global). */
export const PYTHON_WHITESPACE_RUN = new RegExp(`[${PYTHON_WHITESPACE_CLASS}]+`, "g");

/** True when the code point is whitespace for Python's `str.isspace()`. */
export function isPythonWhitespace(codePoint: number): boolean {
  if (codePoint <= 0x20) return codePoint === 0x20 || (codePoint >= 0x09 && codePoint <= 0x0d) || (codePoint >= 0x1c && codePoint <= 0x1f);
  if (codePoint < 0x85) return false;
  return (
    codePoint === 0x85 ||
    codePoint === 0xa0 ||
    codePoint === 0x1680 ||
    (codePoint >= 0x2000 && codePoint <= 0x200a) ||
    codePoint === 0x2028 ||
    codePoint === 0x2029 ||
    codePoint === 0x202f ||
    codePoint === 0x205f ||
    codePoint === 0x3000
  );
}

/**
 * Python's `text.split()` with no argument: splits on runs of Python whitespace and drops empty
 * strings at both ends.
 */
export function pySplit(text: string): string[] {
  const out: string[] = [];
  const n = text.length;
  let start = -1;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    // Every Python whitespace character is in the BMP, so UTF-16 units suffice.
    if (isPythonWhitespace(c)) {
      if (start >= 0) {
        out.push(text.slice(start, i));
        start = -1;
      }
    } else if (start < 0) {
      start = i;
    }
  }
  if (start >= 0) out.push(text.slice(start));
  return out;
}

/** Python's `text.strip()` with no argument (Python whitespace on both ends). */
export function pyStrip(text: string): string {
  let a = 0;
  let b = text.length;
  while (a < b && isPythonWhitespace(text.charCodeAt(a))) a++;
  while (b > a && isPythonWhitespace(text.charCodeAt(b - 1))) b--;
  return a === 0 && b === text.length ? text : text.slice(a, b);
}

/** Python's `text.rstrip()` with no argument. */
export function pyRstrip(text: string): string {
  let b = text.length;
  while (b > 0 && isPythonWhitespace(text.charCodeAt(b - 1))) b--;
  return b === text.length ? text : text.slice(0, b);
}

/** The code points of `text` as one-character strings (astral characters stay whole), like Python's `list(text)`. */
export function codePoints(text: string): string[] {
  return Array.from(text);
}
