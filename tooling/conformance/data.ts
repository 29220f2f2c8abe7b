/**
 * Reads the conformance data that lives in `../shared/conformance` beside the repository (never
 * copied into it). Tests use `hasShared` to skip, with a message, on machines without it.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";

/** The repository root. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** `../shared/conformance` (or `$GRAMSCORE_SHARED/conformance`). */
export const conformanceDir = join(process.env.GRAMSCORE_SHARED ?? resolve(repoRoot, "../shared"), "conformance");

/** True when the conformance data is present. */
export const hasShared = existsSync(join(conformanceDir, "README.md"));

/** Message for skipped conformance suites. */
export const SKIP_MESSAGE = `conformance data not found at ${conformanceDir}; put the shared folder beside the repo (or set GRAMSCORE_SHARED) to run these checks`;

/** Reads a file under the conformance folder, gunzipping `.gz` files. */
export function readText(relPath: string): string {
  const buf = readFileSync(join(conformanceDir, relPath));
  return (relPath.endsWith(".gz") ? gunzipSync(buf) : buf).toString("utf8");
}

/** Reads a JSON-lines file (`.jsonl` or `.jsonl.gz`) under the conformance folder. */
export function readJsonl<T = any>(relPath: string): T[] {
  const text = readText(relPath);
  const out: T[] = [];
  for (const line of text.split("\n")) if (line.length > 0) out.push(JSON.parse(line) as T);
  return out;
}

/** Reads a JSON file under the conformance folder. */
export function readJson<T = any>(relPath: string): T {
  return JSON.parse(readText(relPath)) as T;
}

/** A data record of `data/<dataset>.jsonl.gz`. */
export interface DataRecord {
  id: string;
  set?: string;
  system: string;
  hyp: string;
  refs: string[];
  src?: string;
  langpair?: string;
  tags?: string[];
}

/** The records of one dataset (`data/<name>.jsonl.gz`). */
export function readDataset(name: string): DataRecord[] {
  return readJsonl<DataRecord>(`data/${name}.jsonl.gz`);
}

/** The datasets under `expected/`. */
export const MT_DATASETS = [
  "mt_sacrebleu_examples_en-ja_en-ko",
  "mt_wmt17_newstest2017_en-de",
  "mt_wmt22_generaltest2022_en-de",
  "mt_wmt22_generaltest2022_en-ja",
  "mt_wmt22_generaltest2022_en-zh",
  "mt_wmt23_generaltest2023_en-he.halfA",
] as const;

/** The summarization datasets. */
export const SUM_DATASETS = ["sum_summeval", "sum_cnndm_ptrgen_public"] as const;

/** True when `expected/<dataset>/<file>` exists. */
export function hasExpected(dataset: string, file: string): boolean {
  return existsSync(join(conformanceDir, "expected", dataset, file));
}

/** A hand-written case of `cases/cases.jsonl`. */
export interface ConformanceCase {
  id: string;
  note: string;
  segments: { hyp: string; refs: string[] }[];
  expected: Record<string, any>;
}

/** All hand-written cases. */
export function readCases(): ConformanceCase[] {
  return readJsonl<ConformanceCase>("cases/cases.jsonl");
}

/** One line of `tokens/<dataset>.tokens.jsonl.gz`: a string and what each reference tokenizer made of it. */
export interface TokenRecord {
  /** 0-based data line. */
  line: number;
  /** `hyp` or `refs[j]`. */
  field: string;
  text: string;
  /** The strings sacrebleu's tokenizer objects return. */
  "13a": string;
  intl: string;
  zh: string;
  char: string;
  /** rouge_score's DefaultTokenizer tokens, without and with stemming. */
  rouge: string[];
  rouge_stem: string[];
}

/** The file names under `tokens/`, sorted. */
export function tokenFileNames(): string[] {
  return readdirSync(join(conformanceDir, "tokens")).filter((f) => f.endsWith(".tokens.jsonl.gz")).sort();
}

/** The records of one token file (`tokens/<file>`). */
export function readTokens(file: string): TokenRecord[] {
  return readJsonl<TokenRecord>(`tokens/${file}`);
}

/** The texts of WordNet 2.0's exception lists ROUGE-1.5.5 ships (for `buildWordNetExceptions`). */
export function rouge155WordNetFiles(): { noun: string; adv: string; verb: string; adj: string } {
  return {
    noun: readText("data/rouge155/wordnet-2.0-noun.exc"),
    adv: readText("data/rouge155/wordnet-2.0-adv.exc"),
    verb: readText("data/rouge155/wordnet-2.0-verb.exc"),
    adj: readText("data/rouge155/wordnet-2.0-adj.exc"),
  };
}
