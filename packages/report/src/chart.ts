// Pure helpers of the report page's charts and labels. Each function is embedded in the HTML as its
// own source text (Function.prototype.toString), so none may refer to anything outside its body.

/** Axis ticks from {@link niceTicks}. */
export interface NiceTicks {
  /** The axis' ends: the first and last tick (they cover the values asked for). */
  readonly lo: number;
  readonly hi: number;
  /** The distance between ticks: 1, 2 or 5 × a power of ten. */
  readonly step: number;
  /** Decimals that show every tick exactly. */
  readonly decimals: number;
  /** The ticks from `lo` to `hi`, `step` apart. */
  readonly ticks: readonly number[];
}

/**
 * Round axis ticks for values from `lo` to `hi`: steps of 1, 2 or 5 × 10^k, at most `target`
 * intervals inside the values' range (at most `target + 2` with the ends), starting and ending on a
 * tick. Equal ends get a span of 1 around them (0 to 1 for 0).
 */
export function niceTicks(lo: number, hi: number, target: number): NiceTicks {
  let a = Number.isFinite(lo) ? lo : 0;
  let b = Number.isFinite(hi) ? hi : 1;
  if (b < a) [a, b] = [b, a];
  // A span too small for round ticks (below a billionth of the values) counts as none.
  if (b - a < 1e-9 * Math.max(1, Math.abs(a), Math.abs(b))) {
    b = a;
    if (a === 0) b = 1;
    else {
      a -= 0.5;
      b += 0.5;
    }
  }
  const n = Math.max(1, Math.floor(target));
  const raw = (b - a) / n;
  let exp = Math.floor(Math.log10(raw));
  // log10 of a power of ten can land just below the integer.
  if (Math.pow(10, exp + 1) <= raw) exp += 1;
  const base = Math.pow(10, exp);
  const f = raw / base;
  const m = f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10;
  const step = m * base;
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  const first = Math.floor(a / step + 1e-9);
  const last = Math.ceil(b / step - 1e-9);
  const ticks: number[] = [];
  for (let k = first; k <= last; k++) ticks.push(Number((k * step).toFixed(decimals)));
  return { lo: ticks[0]!, hi: ticks[ticks.length - 1]!, step, decimals, ticks };
}

/** Box-plot numbers of {@link boxStats}. */
export interface BoxStats {
  /** Quartiles by linear interpolation between order statistics (numpy's default percentile). */
  readonly q1: number;
  readonly median: number;
  readonly q3: number;
  /** Whisker ends: the most extreme values within 1.5 × IQR of the box (Tukey). */
  readonly low: number;
  readonly high: number;
  /** Indices into the sorted values: values before `lowIndex` and after `highIndex` are outliers. */
  readonly lowIndex: number;
  readonly highIndex: number;
}

/**
 * Tukey's box plot of values sorted ascending (at least one): quartiles by linear interpolation,
 * whiskers to the most extreme values within 1.5 × IQR of the box; the rest are outliers.
 */
export function boxStats(sorted: ArrayLike<number>): BoxStats {
  const n = sorted.length;
  const q = (p: number): number => {
    const at = p * (n - 1);
    const i = Math.floor(at);
    const f = at - i;
    return i + 1 < n ? sorted[i]! + f * (sorted[i + 1]! - sorted[i]!) : sorted[i]!;
  };
  const q1 = q(0.25);
  const median = q(0.5);
  const q3 = q(0.75);
  const fence = 1.5 * (q3 - q1);
  let lowIndex = 0;
  while (lowIndex < n - 1 && sorted[lowIndex]! < q1 - fence) lowIndex++;
  let highIndex = n - 1;
  while (highIndex > 0 && sorted[highIndex]! > q3 + fence) highIndex--;
  return { q1, median, q3, low: sorted[lowIndex]!, high: sorted[highIndex]!, lowIndex, highIndex };
}

/** System names as charts show them, from {@link shortNames}. */
export interface ShortNames {
  /** The part every name starts with that is left out (ends at a separator), or "". */
  readonly prefix: string;
  /** The part every name ends with that is left out (starts at a separator), or "". */
  readonly suffix: string;
  /** Each name without them, cut in the middle to `max` characters (code points) when longer. */
  readonly names: readonly string[];
}

/**
 * Labels that tell systems apart: the prefix and suffix all names share are left out, cut at a
 * separator (`.`, `_`, `-`, `/`, `:`, space) so that no label starts or ends inside a word
 * (`newstest2017.KIT.4950.en-de` → `KIT.4950` beside `newstest2017.LIUM-NMT.4900.en-de`), then
 * long labels are cut in the middle. Labels stay distinct: a name whose cut label another shares
 * keeps its uncut label. One name keeps its whole name.
 */
export function shortNames(names: readonly string[], max: number): ShortNames {
  const SEP = /[._\-/: ]/;
  let prefix = "";
  let suffix = "";
  if (names.length > 1) {
    const chars = names.map((n) => Array.from(n));
    const shortest = Math.min(...chars.map((c) => c.length));
    let p = 0;
    while (p < shortest && chars.every((c) => c[p] === chars[0]![p])) p++;
    while (p > 0 && !SEP.test(chars[0]![p - 1]!)) p--;
    let s = 0;
    while (s < shortest - p && chars.every((c) => c[c.length - 1 - s] === chars[0]![chars[0]!.length - 1 - s])) s++;
    const last = chars[0]!;
    while (s > 0 && !SEP.test(last[last.length - s]!)) s--;
    if (names.every((_, k) => chars[k]!.length - p - s > 0)) {
      prefix = last.slice(0, p).join("");
      suffix = last.slice(last.length - s).join("");
    }
  }
  const middle = names.map((n) => {
    const c = Array.from(n);
    return c.slice(Array.from(prefix).length, c.length - Array.from(suffix).length).join("");
  });
  const cut = middle.map((m) => {
    const c = Array.from(m);
    if (c.length <= max) return m;
    const head = Math.ceil((max - 1) / 2);
    return c.slice(0, head).join("") + "…" + c.slice(c.length - (max - 1 - head)).join("");
  });
  const seen = new Map<string, number>();
  for (const c of cut) seen.set(c, (seen.get(c) ?? 0) + 1);
  return { prefix, suffix, names: cut.map((c, k) => (seen.get(c)! > 1 ? middle[k]! : c)) };
}

/**
 * The colour of system `s`: ten distinct hues first, then hues a golden angle apart at alternating
 * lightness, so no two systems share a colour however many there are.
 */
export function systemColor(s: number): string {
  const TEN = ["#2563eb", "#dc2626", "#16a34a", "#9333ea", "#ea580c", "#0891b2", "#ca8a04", "#db2777", "#4b5563", "#65a30d"];
  if (s < TEN.length) return TEN[s]!;
  const k = s - TEN.length;
  const hue = ((k * 137.50776 + 200) % 360).toFixed(1);
  return `hsl(${hue} ${k % 2 === 0 ? 70 : 55}% ${[36, 48, 30][k % 3]}%)`;
}

/** One CSV field: quoted when it holds a comma, a quote or a line break. */
export function csvField(value: string | number | null | undefined): string {
  const s = value === null || value === undefined ? "" : String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The helpers the page's script receives (each embedded as its source text). */
export const CHART_HELPERS = { niceTicks, boxStats, shortNames, systemColor, csvField };
/** The type of {@link CHART_HELPERS}. */
export type ChartHelpers = typeof CHART_HELPERS;
