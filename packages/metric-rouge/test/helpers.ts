// Shared helpers of the conformance tests: how each config of ../shared/conformance maps to options.
import type { RougeOptions, RougeResult } from "@gramscore/metric-rouge";
import { readText } from "../../../tooling/conformance/data.js";

/** The measures the rouge155 configs print, in the order of their rows, and the types that give them. */
export const R155_TYPES = ["rouge1", "rouge2", "rouge3", "rouge4", "rougeL", "rougeW", "rougeS", "rougeSU"];
export const R155_KEYS = ["ROUGE-1", "ROUGE-2", "ROUGE-3", "ROUGE-4", "ROUGE-L", "ROUGE-W-1.2", "ROUGE-S4", "ROUGE-SU4"];

let exceptionFiles: { noun: string; adv: string; verb: string; adj: string } | undefined;
let smart: string | undefined;

/** The WordNet 2.0 exception lists the `exc` configs used (read from ../shared). */
export function wordnetExceptions() {
  exceptionFiles ??= {
    noun: readText("data/rouge155/wordnet-2.0-noun.exc"),
    adv: readText("data/rouge155/wordnet-2.0-adv.exc"),
    verb: readText("data/rouge155/wordnet-2.0-verb.exc"),
    adj: readText("data/rouge155/wordnet-2.0-adj.exc"),
  };
  return exceptionFiles;
}

/** ROUGE-1.5.5's SMART stopword list (read from ../shared). */
export function smartStopwords(): string {
  smart ??= readText("data/rouge155/smart_common_words.txt");
  return smart;
}

/** Options reproducing a rouge155 config: `-n 4 -w 1.2 -2 4 -U -m -a -d` plus `-f A|B`, `-s`, and the exception DB or none. */
export function rouge155Options(config: string, types: readonly string[] = R155_TYPES): RougeOptions {
  const options: RougeOptions = {
    mode: "rouge155",
    rougeTypes: types,
    stemmer: "porter",
    weight: 1.2,
    skipDistance: 4,
    multiRef: config === "rouge155-fB" ? "best-recall" : "pooled",
  };
  if (config !== "rouge155-fA-noexc") options.exceptions = wordnetExceptions();
  if (config === "rouge155-fA-stop") options.stopwords = smartStopwords();
  return options;
}

/** A rouge155 result as the conformance files write it: `{ "ROUGE-1": { R, P, F }, … }`. */
export function asRPF(result: RougeResult, keys: readonly string[] = R155_KEYS): Record<string, { R: number; P: number; F: number }> {
  const out: Record<string, { R: number; P: number; F: number }> = {};
  for (const k of keys) {
    const r = result[k]!;
    out[k] = { R: r.recall, P: r.precision, F: r.fmeasure };
  }
  return out;
}

/** Compares two records of numbers exactly (Object.is on every leaf except 0 / -0), listing differences. */
export function differences(got: unknown, expected: unknown, path = ""): string[] {
  if (typeof expected === "number") {
    return typeof got === "number" && (got === expected) ? [] : [`${path}: got ${String(got)}, expected ${expected}`];
  }
  if (expected === null || typeof expected !== "object") return got === expected ? [] : [`${path}: got ${String(got)}, expected ${String(expected)}`];
  const out: string[] = [];
  for (const k of Object.keys(expected)) out.push(...differences((got as Record<string, unknown> | undefined)?.[k], (expected as Record<string, unknown>)[k], path ? `${path}.${k}` : k));
  return out;
}
