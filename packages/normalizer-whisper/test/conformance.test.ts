/**
 * openai/whisper's normalizers (v20250625, run by tooling/references/whisper/generate.py on Debian's
 * Python 3.11) against this package: every hand-written case output for output, and every hypothesis,
 * reference and source string of the conformance data (../shared) through the five variants, compared
 * by a 4-byte SHA-256 prefix of the joined outputs (the full outputs would not fit in the repository).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { basicNormalize, englishNormalize } from "@gramscore/normalizer-whisper";
import { SKIP_MESSAGE, hasShared, readDataset, repoRoot } from "../../../tooling/conformance/data.js";

if (!hasShared) console.log(SKIP_MESSAGE);

interface Meta {
  variants: string[];
  datasets: string[];
  cases: number;
  strings: number;
}

const lines = gunzipSync(readFileSync(join(repoRoot, "packages/normalizer-whisper/test/data/whisper-normalizers.jsonl.gz")))
  .toString("utf8")
  .split("\n")
  .filter((l) => l.length > 0)
  .map((l) => JSON.parse(l) as Record<string, unknown>);
const meta = lines[0]!.meta as Meta;
const cases = lines.filter((l) => "input" in l) as unknown as { input: string; outputs: string[] }[];
const datasets = lines.filter((l) => "dataset" in l) as unknown as { dataset: string; strings: number; hashes: string }[];

const VARIANTS: readonly ((text: string) => string)[] = [
  (t) => basicNormalize(t),
  (t) => basicNormalize(t, { removeDiacritics: true }),
  (t) => basicNormalize(t, { splitLetters: true }),
  (t) => basicNormalize(t, { removeDiacritics: true, splitLetters: true }),
  englishNormalize,
];

function run(fn: (text: string) => string, text: string): string {
  try {
    return fn(text);
  } catch (error) {
    return `\u0000error:${error instanceof Error ? error.name : "Error"}`;
  }
}

describe("whisper v20250625 normalizers: hand-written cases", () => {
  it("the golden file lists the five variants in this order", () => {
    expect(meta.variants).toEqual(["basic", "basic+remove-diacritics", "basic+split-letters", "basic+remove-diacritics+split-letters", "english"]);
    expect(cases.length).toBe(meta.cases);
    expect(cases.length).toBeGreaterThan(200);
  });
  it.each(cases.map((c, i) => [i, c] as const))("case %i", (_i, c) => {
    expect(VARIANTS.map((fn) => run(fn, c.input))).toEqual(c.outputs);
  });
});

/** Every dataset's new strings (hypothesis, references, source of each line; each string the first time only), in the reference's order. */
let inputs: Map<string, string[]> | undefined;
function inputsOf(dataset: string): string[] {
  if (inputs === undefined) {
    inputs = new Map();
    const seen = new Set<string>();
    for (const name of meta.datasets) {
      const list: string[] = [];
      for (const rec of readDataset(name)) {
        const src = (rec as { src?: string | null }).src;
        for (const s of [rec.hyp, ...rec.refs.filter((r): r is string => r !== null), ...(typeof src === "string" ? [src] : [])]) {
          if (!seen.has(s)) {
            seen.add(s);
            list.push(s);
          }
        }
      }
      inputs.set(name, list);
    }
  }
  return inputs.get(dataset)!;
}

describe.skipIf(!hasShared)("whisper v20250625 normalizers: every string of the conformance data", () => {
  it("covers every string the reference saw, dataset by dataset", () => {
    expect(datasets.map((d) => d.dataset)).toEqual(meta.datasets);
    expect(datasets.reduce((n, d) => n + d.strings, 0)).toBe(meta.strings);
    for (const { dataset, strings, hashes } of datasets) {
      expect(inputsOf(dataset).length).toBe(strings);
      expect(Buffer.from(hashes, "base64").length).toBe(4 * strings);
    }
  });
  for (const { dataset, strings, hashes } of datasets) {
    // About 15k strings a CPU second; a shared machine can be many times slower.
    it(`${dataset}: ${strings} strings, five variants`, { timeout: 900_000 }, () => {
      const expected = Buffer.from(hashes, "base64");
      const list = inputsOf(dataset);
      const wrong: string[] = [];
      for (let i = 0; i < list.length; i++) {
        const joined = VARIANTS.map((fn) => run(fn, list[i]!)).join("\u0000");
        const got = createHash("sha256").update(joined, "utf8").digest().subarray(0, 4);
        if (!got.equals(expected.subarray(4 * i, 4 * i + 4))) wrong.push(`#${i} ${JSON.stringify(list[i]!.slice(0, 80))} → ${JSON.stringify(joined.slice(0, 160))}`);
      }
      expect(wrong.slice(0, 5), `${wrong.length} of ${strings} strings differ (see: generate.py /tmp/whisperref --show ${dataset} <index>)`).toEqual([]);
    });
  }
});
