/**
 * The slice of Python's numeric tower NLTK's BLEU smoothing runs on: `int`, `fractions.Fraction` and
 * `float`, with Python's rules for mixing them (`int / int` and anything with a float give a float,
 * every other combination of ints and Fractions stays exact). Exact values use BigInt.
 */

/** A Python int. */
export interface PyInt {
  readonly kind: "int";
  readonly value: bigint;
}

/**
 * A `fractions.Fraction`. `num`/`den` are kept as constructed (NLTK builds its precisions with
 * `_normalize=False`, so `.numerator` is the raw match count); results of arithmetic are reduced.
 */
export interface PyFraction {
  readonly kind: "fraction";
  readonly num: bigint;
  readonly den: bigint;
}

/** A value of NLTK's precision lists: a Python int, Fraction or float (a JS number). */
export type PyNum = PyInt | PyFraction | number;

/** A Python int. */
export function pyInt(value: number | bigint): PyInt {
  return { kind: "int", value: BigInt(value) };
}

/** `Fraction(num, den, _normalize=False)`. */
export function fraction(num: number | bigint, den: number | bigint): PyFraction {
  return { kind: "fraction", num: BigInt(num), den: BigInt(den) };
}

function gcd(a: bigint, b: bigint): bigint {
  if (a < 0n) a = -a;
  if (b < 0n) b = -b;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

function reduced(num: bigint, den: bigint): PyFraction {
  if (den < 0n) {
    num = -num;
    den = -den;
  }
  const g = gcd(num, den);
  return g > 1n ? { kind: "fraction", num: num / g, den: den / g } : { kind: "fraction", num, den };
}

const TWO_53 = 2n ** 53n;

function bitLength(x: bigint): number {
  return x === 0n ? 0 : x.toString(2).length;
}

/**
 * `n / d` for Python ints, correctly rounded to the nearest double (ties to even), as Python's true
 * division of ints is. `d` must not be 0.
 */
export function divideInts(n: bigint, d: bigint): number {
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const negative = n < 0n;
  if (negative) n = -n;
  if (n <= TWO_53 && d <= TWO_53) return (negative ? -1 : 1) * (Number(n) / Number(d));
  if (n === 0n) return negative ? -0 : 0;
  // Scale so that the integer quotient has at least 55 bits, then round to 53 with the remainder as sticky bit.
  const shift = 55 - (bitLength(n) - bitLength(d));
  let q: bigint;
  let r: bigint;
  if (shift >= 0) {
    const nn = n << BigInt(shift);
    q = nn / d;
    r = nn % d;
  } else {
    const dd = d << BigInt(-shift);
    q = n / dd;
    r = n % dd;
  }
  const extra = bitLength(q) - 53;
  const dropped = q & ((1n << BigInt(extra)) - 1n);
  let top = q >> BigInt(extra);
  const half = 1n << BigInt(extra - 1);
  if (dropped > half || (dropped === half && (r !== 0n || (top & 1n) === 1n))) top += 1n;
  const value = Number(top) * 2 ** (extra - shift);
  return negative ? -value : value;
}

/** Python's `float(x)`. */
export function toFloat(x: PyNum): number {
  if (typeof x === "number") return x;
  if (x.kind === "int") return Number(x.value);
  return divideInts(x.num, x.den);
}

function asFraction(x: PyInt | PyFraction): { num: bigint; den: bigint } {
  return x.kind === "int" ? { num: x.value, den: 1n } : x;
}

/** Python's `a + b`. */
export function add(a: PyNum, b: PyNum): PyNum {
  if (typeof a === "number" || typeof b === "number") return toFloat(a) + toFloat(b);
  if (a.kind === "int" && b.kind === "int") return { kind: "int", value: a.value + b.value };
  const x = asFraction(a);
  const y = asFraction(b);
  return reduced(x.num * y.den + y.num * x.den, x.den * y.den);
}

/** Python's `a * b`. */
export function mul(a: PyNum, b: PyNum): PyNum {
  if (typeof a === "number" || typeof b === "number") return toFloat(a) * toFloat(b);
  if (a.kind === "int" && b.kind === "int") return { kind: "int", value: a.value * b.value };
  const x = asFraction(a);
  const y = asFraction(b);
  return reduced(x.num * y.num, x.den * y.den);
}

/**
 * Python's `a / b` (true division): a float for two ints or any float, else an exact Fraction.
 * @throws RangeError on division by zero (Python's ZeroDivisionError).
 */
export function div(a: PyNum, b: PyNum): PyNum {
  if (isZero(b)) throw new RangeError("division by zero");
  if (typeof a === "number" || typeof b === "number") return toFloat(a) / toFloat(b);
  if (a.kind === "int" && b.kind === "int") return divideInts(a.value, b.value);
  const x = asFraction(a);
  const y = asFraction(b);
  return reduced(x.num * y.den, x.den * y.num);
}

/** Python's `a ** 2`. */
export function square(a: PyNum): PyNum {
  return typeof a === "number" ? a * a : mul(a, a);
}

/** Python's `x == 0`. */
export function isZero(x: PyNum): boolean {
  if (typeof x === "number") return x === 0;
  return x.kind === "int" ? x.value === 0n : x.num === 0n;
}

/** Python's `x > 0`. */
export function isPositive(x: PyNum): boolean {
  if (typeof x === "number") return x > 0;
  if (x.kind === "int") return x.value > 0n;
  return x.den > 0n ? x.num > 0n : x.num < 0n;
}

/** A Python number given as a JS number: an int when integral (NLTK's defaults alpha=5, k=5), else a float. */
export function fromJs(x: number): PyNum {
  return Number.isSafeInteger(x) ? pyInt(x) : x;
}
