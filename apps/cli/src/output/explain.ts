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
