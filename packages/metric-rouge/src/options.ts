import { ErrorCode, GramscoreError, describeValue, unknownOptionError } from "@gramscore/core";
import type { Averaging, MultiRefPolicy, RougeMode, RougeOptions } from "./types.js";

/** The kinds of ROUGE measure. */
export type TypeKind = "n" | "l" | "lsum" | "w" | "s" | "su";

/** One requested ROUGE type, resolved. */
export interface TypeSpec {
  /** Key of the result (`rouge1`, `rougeLsum`, `ROUGE-1`, `ROUGE-W-1.2`, `ROUGE-SU4`, …). */
  readonly key: string;
  readonly kind: TypeKind;
  /** The order of a ROUGE-N type (0 for the others). */
  readonly n: number;
}

/** Bootstrap settings. */
export interface BootstrapConfig {
  readonly samples: number;
  readonly seed: number;
  readonly confidence: number;
}

/** Options after validation, with every default filled in. */
export interface RougeConfig {
  readonly mode: RougeMode;
  readonly types: readonly TypeSpec[];
  readonly multiRef: MultiRefPolicy;
  readonly alpha: number;
  readonly weight: number;
  readonly skipDistance: number;
  readonly lengthLimit: number;
  readonly byteLimit: number;
  readonly averaging: Averaging;
  readonly emptyReference: "error" | "zero";
  readonly bootstrap: BootstrapConfig | undefined;
}

/** Every option key {@link createRouge} accepts. */
export const OPTION_KEYS = [
  "mode",
  "rougeTypes",
  "tokenize",
  "tokenizeOptions",
  "stemmer",
  "stopwords",
  "exceptions",
  "splitSummaries",
  "multiRef",
  "alpha",
  "weight",
  "skipDistance",
  "lengthLimit",
  "byteLimit",
  "averaging",
  "emptyReference",
  "bootstrap",
  "bootstrapSamples",
  "seed",
  "confidence",
  "normalize",
] as const;

/** Options that only ROUGE-1.5.5 has. */
const ROUGE155_ONLY = ["alpha", "weight", "skipDistance", "lengthLimit", "byteLimit", "averaging", "emptyReference"] as const;

/** The multi-reference policies. */
export const MULTI_REF_POLICIES: readonly MultiRefPolicy[] = ["best-f", "best-recall", "pooled", "average", "jackknife"];

/** Default ROUGE types per mode. */
export const DEFAULT_TYPES: Readonly<Record<RougeMode, readonly string[]>> = {
  "rouge-score": ["rouge1", "rouge2", "rougeL", "rougeLsum"],
  rouge155: ["rouge1", "rouge2", "rougeL"],
};

/** Default bootstrap seed (sacrebleu's). */
export const DEFAULT_SEED = 12345;

/** An `INVALID_OPTION` error naming `option` in its details. */
export function invalid(option: string, message: string): GramscoreError {
  return new GramscoreError(ErrorCode.INVALID_OPTION, message, { details: { option } });
}

function numberOption(
  o: Record<string, unknown>,
  key: string,
  fallback: number,
  check: (x: number) => boolean,
  expected: string,
): number {
  const v = o[key];
  if (v === undefined) return fallback;
  if (typeof v !== "number" || !Number.isFinite(v) || !check(v)) {
    throw invalid(key, `Option ${key} must be ${expected}, but got ${describeValue(v)}.`);
  }
  return v;
}

/** Reads and checks the options object (not the tokenizer, see `tokenize.ts`). */
export function resolveConfig(options: unknown, forcedMode?: RougeMode): { config: RougeConfig; raw: Record<string, unknown> } {
  if (options !== undefined && options !== null && (typeof options !== "object" || Array.isArray(options))) {
    throw invalid("options", `ROUGE options must be an object, but got ${describeValue(options)}.`);
  }
  const o: Record<string, unknown> = {};
  for (const [k, v] of Object.entries((options ?? {}) as Record<string, unknown>)) {
    if (!(OPTION_KEYS as readonly string[]).includes(k)) {
      throw unknownOptionError("ROUGE", k, OPTION_KEYS);
    }
    if (v !== undefined) o[k] = v;
  }

  let mode: RougeMode = forcedMode ?? "rouge-score";
  if (o.mode !== undefined) {
    if (o.mode !== "rouge-score" && o.mode !== "rouge155") {
      throw invalid("mode", `Option mode must be "rouge-score" or "rouge155", but got ${describeValue(o.mode)}.`);
    }
    if (forcedMode !== undefined && o.mode !== forcedMode) {
      throw invalid(
        "mode",
        `This metric always runs in ${forcedMode} mode, but mode ${JSON.stringify(o.mode)} was given. ` +
          `Use the ${o.mode === "rouge155" ? "rouge155" : "rouge"} metric instead.`,
      );
    }
    mode = o.mode;
  }

  if (mode === "rouge-score") {
    for (const key of ROUGE155_ONLY) {
      if (o[key] !== undefined) {
        throw invalid(
          key,
          `Option ${key} belongs to ROUGE-1.5.5 and rouge-score has nothing like it. Use mode "rouge155" (the rouge155 metric) to set it, or drop it.`,
        );
      }
    }
  }

  if (o.splitSummaries !== undefined && o.splitSummaries !== false) {
    throw invalid(
      "splitSummaries",
      "splitSummaries: true (rouge-score's sentence splitting with NLTK's sent_tokenize) is not supported: rougeLsum and ROUGE-1.5.5 " +
        'read one sentence per line. Put each sentence on its own line ("\\n"-separated) and leave splitSummaries false.',
    );
  }

  const alpha = numberOption(o, "alpha", 0.5, (x) => x >= 0 && x <= 1, "a number from 0 to 1 (ROUGE-1.5.5's -p)");
  const weight = numberOption(o, "weight", 1.2, (x) => x > 0, "a number greater than 0 (ROUGE-1.5.5's -w, e.g. 1.2)");
  const skipDistance = numberOption(o, "skipDistance", 4, Number.isInteger, "an integer (ROUGE-1.5.5's -2; negative = unlimited)");
  const lengthLimit = numberOption(o, "lengthLimit", 0, (x) => Number.isInteger(x) && x >= 0, "a non-negative integer (words; 0 = no limit)");
  const byteLimit = numberOption(o, "byteLimit", 0, (x) => Number.isInteger(x) && x >= 0, "a non-negative integer (bytes; 0 = no limit)");
  if (lengthLimit > 0 && byteLimit > 0) {
    throw invalid("byteLimit", "Give a length limit in words (lengthLimit, -l) or in bytes (byteLimit, -b), not both: ROUGE-1.5.5 refuses both too.");
  }

  let averaging: Averaging = "segment";
  if (o.averaging !== undefined) {
    if (o.averaging === 0 || o.averaging === "segment" || o.averaging === "0") averaging = "segment";
    else if (o.averaging === 1 || o.averaging === "token" || o.averaging === "1") averaging = "token";
    else {
      throw invalid(
        "averaging",
        `Option averaging must be "segment" (0, -t 0: mean of the per-segment scores) or "token" (1, -t 1: pooled counts), but got ${describeValue(o.averaging)}.`,
      );
    }
  }

  let emptyReference: "error" | "zero" = "error";
  if (o.emptyReference !== undefined) {
    if (o.emptyReference !== "error" && o.emptyReference !== "zero") {
      throw invalid("emptyReference", `Option emptyReference must be "error" or "zero", but got ${describeValue(o.emptyReference)}.`);
    }
    emptyReference = o.emptyReference;
  }

  let multiRef: MultiRefPolicy = mode === "rouge155" ? "pooled" : "best-f";
  if (o.multiRef !== undefined) {
    if (!MULTI_REF_POLICIES.includes(o.multiRef as MultiRefPolicy)) {
      throw invalid("multiRef", `Option multiRef must be one of ${MULTI_REF_POLICIES.join(", ")}, but got ${describeValue(o.multiRef)}.`);
    }
    multiRef = o.multiRef as MultiRefPolicy;
  }

  let bootstrap: BootstrapConfig | undefined;
  if (o.bootstrap !== undefined && typeof o.bootstrap !== "boolean") {
    throw invalid("bootstrap", `Option bootstrap must be true or false, but got ${describeValue(o.bootstrap)}.`);
  }
  const samples = numberOption(o, "bootstrapSamples", 1000, (x) => Number.isInteger(x) && x >= 1 && x <= 1_000_000, "an integer from 1 to 1000000");
  const seed = numberOption(o, "seed", DEFAULT_SEED, (x) => Number.isInteger(x) && x >= 0 && x <= 0xffffffff, "an integer from 0 to 4294967295");
  const confidence = numberOption(o, "confidence", 0.95, (x) => x >= 0 && x <= 1, "a number from 0 to 1 (e.g. 0.95)");
  if (o.bootstrap === true) bootstrap = { samples, seed, confidence };
  else {
    for (const key of ["bootstrapSamples", "seed", "confidence"]) {
      if (o[key] !== undefined) throw invalid(key, `Option ${key} only applies to bootstrap confidence intervals: set bootstrap: true too, or drop it.`);
    }
  }

  const types = parseTypes(o.rougeTypes, mode, weight, skipDistance);
  return {
    config: { mode, types, multiRef, alpha, weight, skipDistance, lengthLimit, byteLimit, averaging, emptyReference, bootstrap },
    raw: o,
  };
}

/** `ROUGE-W-1.2` etc.: the weight as ROUGE-1.5.5 prints it. */
function weightLabel(weight: number): string {
  return String(weight);
}

function parseTypes(value: unknown, mode: RougeMode, weight: number, skipDistance: number): TypeSpec[] {
  let list: readonly unknown[];
  if (value === undefined) list = DEFAULT_TYPES[mode];
  else if (typeof value === "string") list = value.split(",").map((s) => s.trim()).filter((s) => s !== "");
  else if (Array.isArray(value)) list = value;
  else throw invalid("rougeTypes", `Option rougeTypes must be a list of ROUGE type names, but got ${describeValue(value)}.`);
  if (list.length === 0) throw invalid("rougeTypes", "Option rougeTypes is empty: name at least one ROUGE type (e.g. rouge1, rougeL).");
  const out: TypeSpec[] = [];
  for (const t of list) {
    if (typeof t !== "string") throw invalid("rougeTypes", `Every ROUGE type must be a string, but one is ${describeValue(t)}.`);
    const spec = mode === "rouge-score" ? parseRougeScoreType(t) : parseRouge155Type(t, weight, skipDistance);
    if (out.some((s) => s.key === spec.key)) throw invalid("rougeTypes", `ROUGE type ${t} is listed twice in rougeTypes.`);
    out.push(spec);
  }
  return out;
}

function parseRougeScoreType(t: string): TypeSpec {
  const m = /^rouge([0-9])$/.exec(t);
  if (m) {
    const n = Number(m[1]);
    if (n === 0) throw invalid("rougeTypes", `ROUGE-N needs a positive n, but got ${t}. Use rouge1 … rouge9.`);
    return { key: t, kind: "n", n };
  }
  if (t === "rougeL") return { key: t, kind: "l", n: 0 };
  if (t === "rougeLsum") return { key: t, kind: "lsum", n: 0 };
  const hint = /^rouge-?(w|s|su)/i.test(t) || /^ROUGE-/.test(t) ? ' ROUGE-W, ROUGE-S and ROUGE-SU exist only in ROUGE-1.5.5: use mode "rouge155" (the rouge155 metric).' : "";
  throw invalid("rougeTypes", `Unknown rouge-score type ${JSON.stringify(t)}. Valid types: rouge1 … rouge9, rougeL, rougeLsum.${hint}`);
}

function parseRouge155Type(t: string, weight: number, skipDistance: number): TypeSpec {
  const lower = t.toLowerCase();
  const m = /^rouge-?(.*)$/.exec(lower);
  const rest = m ? m[1]! : "";
  const skipLabel = skipDistance >= 0 ? String(skipDistance) : "*";
  if (/^[1-9]$/.test(rest)) return { key: `ROUGE-${rest}`, kind: "n", n: Number(rest) };
  if (rest === "l") return { key: "ROUGE-L", kind: "l", n: 0 };
  if (rest === "w" || rest === `w-${weightLabel(weight)}`) return { key: `ROUGE-W-${weightLabel(weight)}`, kind: "w", n: 0 };
  if (rest === "s" || rest === `s${skipLabel}`) return { key: `ROUGE-S${skipLabel}`, kind: "s", n: 0 };
  if (rest === "su" || rest === `su${skipLabel}`) return { key: `ROUGE-SU${skipLabel}`, kind: "su", n: 0 };
  if (rest === "lsum") {
    throw invalid(
      "rougeTypes",
      "ROUGE-1.5.5 has no rougeLsum: its ROUGE-L is already summary-level (the union LCS over sentences, which rouge-score calls rougeLsum). Use rougeL.",
    );
  }
  throw invalid(
    "rougeTypes",
    `Unknown ROUGE-1.5.5 type ${JSON.stringify(t)}. Valid types: rouge1 … rouge9 (ROUGE-1 …), rougeL, rougeW, rougeS, rougeSU ` +
      "(the weight and skip distance come from the weight and skipDistance options).",
  );
}
