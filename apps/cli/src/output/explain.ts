/**
 * Generic rendering of `Metric.explain()` results, which are plain JSON of any shape: an indented
 * tree, coloured on a terminal. Values under keys that name matches (`match`, `hit`, `common`,
 * `overlap`) are green, those under keys naming misses (`unmatched`, `miss`, `extra`, ...) red; an
 * object with a match-like count (`{ tokens: [...], matched: 0 }`) colours its strings green when the
 * count is positive and red when it is 0. Words of the hypothesis found among the matched values are
 * highlighted.
 */
import { formatFixed } from "@gramscore/core";
import type { Colors } from "../shared/io.js";

type Tone = "match" | "miss" | undefined;

const MISS = /unmatch|miss|extra|unused|wrong|deleted|inserted|substitut|not[-_ ]?found|absent/i;
const MATCH = /match|hit|common|overlap|correct|shared|aligned|found/i;

/** The tone of a key: a miss-like name wins over a match-like one (`unmatched`). */
export function toneOf(key: string): Tone {
  if (MISS.test(key)) return "miss";
  if (MATCH.test(key)) return "match";
  return undefined;
}

/**
 * The tone an object gives its contents by counting its own matches: an entry such as
 * `{ tokens: ["the", "cat"], matched: 1 }` is a match when its match-like number is positive and a
 * miss when it is 0.
 */
function countTone(value: Record<string, unknown>): Tone {
  for (const [key, v] of Object.entries(value)) {
    if (typeof v === "number" && toneOf(key) === "match") return v > 0 ? "match" : "miss";
  }
  return undefined;
}

function isPlain(v: unknown): boolean {
  return v === null || typeof v !== "object";
}

function scalar(v: unknown, c: Colors, tone: Tone, width: number): string {
  if (typeof v === "string") {
    const text = JSON.stringify(v);
    return tone === "match" ? c.green(text) : tone === "miss" ? c.red(text) : text;
  }
  if (typeof v === "number") return c.yellow(Number.isInteger(v) ? String(v) : formatFixed(v, width));
  if (typeof v === "boolean") return c.magenta(String(v));
  if (v === null || v === undefined) return c.dim("null");
  return String(v);
}

/**
 * Renders any JSON-like value as indented lines (`key: value`, `- item`); short arrays of scalars
 * stay on one line. `width` is the number of decimals of non-integer numbers.
 */
export function renderTree(value: unknown, c: Colors, width = 4, indent = "", tone: Tone = undefined): string[] {
  if (isPlain(value)) return [`${indent}${scalar(value, c, tone, width)}`];
  if (Array.isArray(value)) {
    if (value.length === 0) return [`${indent}${c.dim("[]")}`];
    if (value.every(isPlain)) {
      const inline = `[${value.map((v) => scalar(v, c, tone, width)).join(", ")}]`;
      if (inline.length <= 200) return [`${indent}${inline}`];
    }
    const lines: string[] = [];
    for (const item of value) {
      const sub = renderTree(item, c, width, `${indent}  `, tone);
      lines.push(`${indent}- ${sub[0]!.slice(indent.length + 2)}`, ...sub.slice(1));
    }
    return lines;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return [`${indent}${c.dim("{}")}`];
  const own = countTone(value as Record<string, unknown>) ?? tone;
  const lines: string[] = [];
  for (const [key, v] of entries) {
    const keyTone = toneOf(key);
    const t = keyTone ?? own;
    const label = keyTone === "match" ? c.green(key) : keyTone === "miss" ? c.red(key) : c.cyan(key);
    const sub = renderTree(v, c, width, `${indent}  `, t);
    if (sub.length === 1 && (isPlain(v) || (Array.isArray(v) && !sub[0]!.trimStart().startsWith("- ")))) {
      lines.push(`${indent}${label}: ${sub[0]!.trimStart()}`);
    } else {
      lines.push(`${indent}${label}:`, ...sub);
    }
  }
  return lines;
}

/** Every string found under match-like keys (and not under miss-like ones) of an explanation. */
export function matchedStrings(value: unknown, tone: Tone = undefined, out: Set<string> = new Set()): Set<string> {
  if (typeof value === "string") {
    if (tone === "match") out.add(value);
  } else if (Array.isArray(value)) {
    for (const v of value) matchedStrings(v, tone, out);
  } else if (value !== null && typeof value === "object") {
    const own = countTone(value as Record<string, unknown>) ?? tone;
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) matchedStrings(v, toneOf(k) ?? own, out);
  }
  return out;
}

/**
 * The hypothesis with each whitespace-separated word coloured: green when it occurs in a matched
 * value, red otherwise. Unchanged when the explanation names no matches.
 */
export function highlightWords(text: string, matched: ReadonlySet<string>, c: Colors): string {
  if (matched.size === 0) return text;
  const words = new Set<string>();
  for (const m of matched) for (const w of m.split(/\s+/u)) if (w !== "") words.add(w.toLowerCase());
  return text.replace(/\S+/gu, (w) => {
    const bare = w.toLowerCase();
    const stripped = bare.replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, "");
    return words.has(bare) || (stripped !== "" && words.has(stripped)) ? c.green(w) : c.red(w);
  });
}

/** Items of a list shown in the compact view before "+N more". */
const LIST_ITEMS = 6;

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

function isShortScalar(v: unknown): boolean {
  return typeof v === "number" || typeof v === "boolean" || (typeof v === "string" && v.length <= 24);
}

/**
 * `key value` pairs of an object's numbers, booleans and short strings (not its signature), leaving
 * out (and then adding to `seen`) the pairs already shown.
 */
function scalarPairs(value: Record<string, unknown>, c: Colors, width: number, seen: Set<string>): string[] {
  const out: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    if (key === "signature" || key === "name" || !isShortScalar(v)) continue;
    const id = `${key}=${String(v)}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(`${key} ${scalar(v, c, toneOf(key), width)}`);
  }
  return out;
}

/** An n-gram or token of an explanation as text: `"a b"` for `["a", "b"]`. */
function gramText(entry: Record<string, unknown>): string | undefined {
  const g = entry.tokens ?? entry.ngram ?? entry.token;
  if (typeof g === "string") return g;
  if (Array.isArray(g) && g.every((t) => typeof t === "string")) return g.join(" ");
  return undefined;
}

/** At most LIST_ITEMS quoted items, then `+N more`. */
function shortList(items: readonly string[], colour: (s: string) => string, c: Colors): string {
  const shown = items.slice(0, LIST_ITEMS).map((s) => colour(JSON.stringify(s)));
  return items.length > LIST_ITEMS ? `${shown.join(" ")} ${c.dim(`+${items.length - LIST_ITEMS} more`)}` : shown.join(" ");
}

/** Joins `parts` with ", " into lines of about `max` visible characters, the first after `head`. */
function wrap(head: string, parts: readonly string[], indent: string, max = 100): string[] {
  const visible = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, "").length;
  const lines: string[] = [];
  let line = head;
  for (const part of parts) {
    const sep = line === head ? "" : ", ";
    if (line !== head && visible(line) + sep.length + visible(part) > max) {
      lines.push(`${line},`);
      line = `${indent}  ${part}`;
    } else line += sep + part;
  }
  lines.push(line);
  return lines;
}

/**
 * One line per n-gram order (`orders: [{ n | order, ... }]`): its counts, the hypothesis n-grams
 * found in no reference (`matched: 0`) and those clipped (found fewer times than the hypothesis has
 * them: `clipped > 0`, or `hyp` above the matched `count`).
 */
function orderLines(orders: readonly unknown[], c: Colors, width: number, indent: string): string[] {
  const lines: string[] = [];
  for (const o of orders) {
    if (!isRecord(o)) continue;
    const n = o.n ?? o.order;
    const label = `${typeof o.kind === "string" ? `${o.kind} ` : ""}${String(n)}-grams`;
    const numbers = Object.entries(o)
      .filter(([k, v]) => typeof v === "number" && k !== "n" && k !== "order")
      .map(([k, v]) => `${k} ${scalar(v, c, toneOf(k), width)}`);
    const missing: string[] = [];
    const clipped: string[] = [];
    for (const [, list] of Object.entries(o)) {
      if (!Array.isArray(list)) continue;
      for (const e of list) {
        if (!isRecord(e)) continue;
        const text = gramText(e);
        if (text === undefined) continue;
        if (e.matched === 0) missing.push(text);
        else if ((typeof e.clipped === "number" && e.clipped > 0) || (typeof e.hyp === "number" && typeof e.count === "number" && e.hyp > e.count)) clipped.push(text);
      }
    }
    const parts = [...numbers];
    if (missing.length > 0) parts.push(`${c.red("missing")} ${shortList(missing, c.red, c)}`);
    if (clipped.length > 0) parts.push(`${c.yellow("clipped")} ${shortList(clipped, c.yellow, c)}`);
    lines.push(...wrap(`${indent}${c.cyan(label)}  `, parts, indent));
  }
  return lines;
}

/** The edits of an alignment (`operations: [{ op, hypToken, refToken }]`), matches left out. */
function operationLine(operations: readonly unknown[], c: Colors, indent: string): string[] {
  const edits: string[] = [];
  for (const o of operations) {
    if (!isRecord(o) || typeof o.op !== "string" || /^(match|hit|equal)$/i.test(o.op)) continue;
    const hyp = typeof o.hypToken === "string" ? o.hypToken : undefined;
    const ref = typeof o.refToken === "string" ? o.refToken : undefined;
    const what = hyp !== undefined && ref !== undefined ? `${JSON.stringify(hyp)}→${JSON.stringify(ref)}` : JSON.stringify(hyp ?? ref ?? "");
    edits.push(`${o.op} ${what}`);
  }
  if (edits.length === 0) return [`${indent}${c.cyan("edits")}  ${c.green("none")}`];
  const shown = edits.slice(0, LIST_ITEMS).map((e) => c.red(e));
  if (edits.length > LIST_ITEMS) shown.push(c.dim(`+${edits.length - LIST_ITEMS} more`));
  return wrap(`${indent}${c.cyan("edits")}  `, shown, indent);
}

/**
 * A few lines of an explanation (`explain` without --verbose): its numbers, one line per n-gram
 * order with the missing and clipped n-grams, the edit operations, lists of strings under match or
 * miss keys (a few items each), small records of numbers (per reference, per edit kind), and the
 * names of the parts left out, which --verbose (or -f json) shows.
 */
export function compactTree(value: unknown, c: Colors, width = 4, indent = "    ", shown: Readonly<Record<string, unknown>> = {}): string[] {
  if (!isRecord(value)) return renderTree(value, c, width, indent);
  const lines: string[] = [];
  const left: string[] = [];
  const seen = new Set(Object.entries(shown).map(([k, v]) => `${k}=${String(v)}`));
  const top = scalarPairs(value, c, width, seen);
  if (top.length > 0) lines.push(...wrap(indent, top, indent));
  for (const [key, v] of Object.entries(value)) {
    if (Array.isArray(v) && key === "orders" && v.some(isRecord)) lines.push(...orderLines(v, c, width, indent));
    else if (Array.isArray(v) && key === "operations" && v.some(isRecord)) lines.push(...operationLine(v, c, indent));
    else if (Array.isArray(v) && toneOf(key) !== undefined && v.length > 0 && v.every((x) => typeof x === "string")) {
      // A short list under a match or miss key (`matched: ["cat", "sat"]`).
      const tone = toneOf(key);
      lines.push(`${indent}${tone === "match" ? c.green(key) : c.red(key)}  ${shortList(v as string[], tone === "match" ? c.green : c.red, c)}`);
    } else if (isRecord(v) && Object.values(v).some((x) => typeof x === "number")) {
      const pairs = scalarPairs(v, c, width, seen);
      if (pairs.length > 0) lines.push(...wrap(`${indent}${c.cyan(key)}  `, pairs, indent));
    } else if (Array.isArray(v) && v.length > 0 && v.length <= 4 && v.every((x) => isRecord(x) && Object.values(x).some((y) => typeof y === "number"))) {
      // Per reference (or per alignment): its numbers only, each record on its own line.
      v.forEach((item, i) => lines.push(...wrap(`${indent}${c.cyan(`${key}[${i}]`)}  `, scalarPairs(item as Record<string, unknown>, c, width, new Set()), indent)));
    } else if (!isShortScalar(v) && key !== "signature" && key !== "name") left.push(key);
  }
  if (left.length > 0) lines.push(c.dim(`${indent}(--verbose shows ${left.join(", ")})`));
  return lines;
}
