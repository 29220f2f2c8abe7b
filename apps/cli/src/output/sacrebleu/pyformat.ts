/**
 * Python's text conventions that sacrebleu's command line shows: `repr()` of floats and strings,
 * `json.dumps` with `indent` and `ensure_ascii`, `str.strip` / `str.rstrip` (Unicode whitespace as
 * Python defines it). Written from Python's documented behaviour; no I/O.
 */

/** A Python `int` for {@link pyJsonDumps} (a plain JS number is written as a Python float). */
export class PyInt {
  constructor(readonly value: bigint | number) {}
}

/**
 * `repr(x)` of a Python float: the shortest digits that read back as `x`, in positional notation
 * when the decimal exponent is from -4 to 15, else as `d.ddde±XX` (at least two exponent digits).
 * Integral values keep `.0` (`51.0`); `inf`, `-inf`, `nan` as Python spells them.
 */
export function pyFloatRepr(x: number): string {
  if (Number.isNaN(x)) return "nan";
  if (x === Infinity) return "inf";
  if (x === -Infinity) return "-inf";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const sign = x < 0 ? "-" : "";
  // toExponential() without an argument gives the shortest round-trip digits.
  const m = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(Math.abs(x).toExponential());
  if (m === null) throw new Error(`unexpected number text for ${x}`);
  const digits = m[1]! + (m[2] ?? "");
  const exp = Number(m[3]);
  if (exp < -4 || exp >= 16) {
    const mantissa = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const e = Math.abs(exp);
    return `${sign}${mantissa}e${exp < 0 ? "-" : "+"}${e < 10 ? "0" : ""}${e}`;
  }
  if (exp < 0) return `${sign}0.${"0".repeat(-exp - 1)}${digits}`;
  const intPart = digits.length > exp + 1 ? digits.slice(0, exp + 1) : digits + "0".repeat(exp + 1 - digits.length);
  const frac = digits.length > exp + 1 ? digits.slice(exp + 1) : "0";
  return `${sign}${intPart}.${frac}`;
}

/** The float as `json.dumps` writes it (`NaN`, `Infinity`, `-Infinity` for the non-finite). */
function jsonFloat(x: number): string {
  if (Number.isNaN(x)) return "NaN";
  if (x === Infinity) return "Infinity";
  if (x === -Infinity) return "-Infinity";
  return pyFloatRepr(x);
}

const SHORT_ESCAPES: Record<string, string> = { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f" };

function hex4(code: number): string {
  return "\\u" + code.toString(16).padStart(4, "0");
}

/**
 * A JSON string as Python's `json.dumps` writes it. With `ensureAscii`, every character outside
 * space..`~` is escaped (`\u00e9`; characters beyond the BMP as their surrogate pair, lowercase hex);
 * without, only `"`, `\` and the control characters below U+0020.
 */
export function pyJsonString(s: string, ensureAscii: boolean): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    const code = s.charCodeAt(i);
    const short = SHORT_ESCAPES[ch];
    if (short !== undefined) out += short;
    else if (code < 0x20) out += hex4(code);
    else if (ensureAscii && code > 0x7e) out += hex4(code);
    else out += ch;
  }
  return out + '"';
}

/** A value {@link pyJsonDumps} writes: JS numbers are Python floats, {@link PyInt} Python ints. */
export type PyJson = null | boolean | number | PyInt | string | readonly PyJson[] | { readonly [key: string]: PyJson };

/** Options of {@link pyJsonDumps}. */
export interface PyJsonOptions {
  /** Spaces per level (Python's `indent=`); undefined writes everything on one line with `, ` and `: `. */
  indent?: number;
  /** Python's `ensure_ascii` (its default is true). */
  ensureAscii?: boolean;
}

/** `json.dumps(value, indent=…, ensure_ascii=…)`: key order kept, `": "` after keys, `","` at line ends. */
export function pyJsonDumps(value: PyJson, options: PyJsonOptions = {}): string {
  const ensureAscii = options.ensureAscii ?? true;
  const indent = options.indent;
  const itemSep = indent === undefined ? ", " : ",";
  const write = (v: PyJson, level: number): string => {
    if (v === null) return "null";
    if (v === true) return "true";
    if (v === false) return "false";
    if (typeof v === "number") return jsonFloat(v);
    if (typeof v === "string") return pyJsonString(v, ensureAscii);
    if (v instanceof PyInt) return String(v.value);
    const entries: string[] = Array.isArray(v)
      ? (v as readonly PyJson[]).map((item) => write(item, level + 1))
      : Object.entries(v as { readonly [key: string]: PyJson }).map(([k, item]) => `${pyJsonString(k, ensureAscii)}: ${write(item, level + 1)}`);
    const [open, close] = Array.isArray(v) ? ["[", "]"] : ["{", "}"];
    if (entries.length === 0) return open + close;
    if (indent === undefined) return open + entries.join(itemSep) + close;
    const inner = "\n" + " ".repeat(indent * (level + 1));
    return open + inner + entries.join(itemSep + inner) + "\n" + " ".repeat(indent * level) + close;
  };
  return write(value, 0);
}

/** Python's `str.isspace()` characters (what `strip()` / `rstrip()` remove without an argument). */
const PY_SPACE = "\t\n\u000b\f\r\u001c\u001d\u001e\u001f \u0085\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000";

/** Python's `s.rstrip()`. */
export function pyRstrip(s: string): string {
  let end = s.length;
  while (end > 0 && PY_SPACE.includes(s[end - 1]!)) end--;
  return end === s.length ? s : s.slice(0, end);
}

/** Python's `s.strip()`. */
export function pyStrip(s: string): string {
  let start = 0;
  while (start < s.length && PY_SPACE.includes(s[start]!)) start++;
  return pyRstrip(s.slice(start));
}

/**
 * `repr()` of a Python string: single quotes unless the text holds `'` and no `"`; backslash, the
 * quote, `\n`, `\r`, `\t` escaped; other non-printable characters as `\xNN`, `\uNNNN`, `\UNNNNNNNN`.
 */
export function pyStrRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    if (ch === quote || ch === "\\") out += "\\" + ch;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (ch !== " " && /[\p{C}\p{Z}]/u.test(ch)) {
      out += code < 0x100 ? `\\x${code.toString(16).padStart(2, "0")}` : code < 0x10000 ? `\\u${code.toString(16).padStart(4, "0")}` : `\\U${code.toString(16).padStart(8, "0")}`;
    } else out += ch;
  }
  return out + quote;
}
