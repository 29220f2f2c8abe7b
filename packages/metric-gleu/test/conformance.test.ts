/**
 * GLEU against NLTK 3.8 (and HF evaluate's google_bleu) on WMT17 en-de, WMT22 en-de, SummEval and
 * robust_public: every segment's sentence_gleu and every system's corpus_gleu, from the committed
 * files of tooling/references/gleu (written by its generate.py) and the inputs in ../shared.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { evaluate, type Segment } from "@gramscore/core";
import { createGleu, createGoogleBleu } from "@gramscore/metric-gleu";
import { SKIP_MESSAGE, hasShared, readDataset, repoRoot } from "../../../tooling/conformance/data.js";

if (!hasShared) console.log(SKIP_MESSAGE);

const DIR = join(repoRoot, "tooling/references/gleu");

interface Header {
  dataset: string;
  config: string;
  options: { min_len: number; max_len: number };
  lines: number;
  systems: [string, number, number][];
}

function readExpected(file: string): { header: Header; values: number[] } {
  const lines = gunzipSync(readFileSync(join(DIR, file))).toString("utf8").split("\n").filter((l) => l !== "");
  return { header: JSON.parse(lines[0]!) as Header, values: lines.slice(1).map((l) => JSON.parse(l) as number) };
}

const cache = new Map<string, ReturnType<typeof readDataset>>();
/** Each dataset is read once for all its configs. */
function dataset(name: string): ReturnType<typeof readDataset> {
  let records = cache.get(name);
  if (records === undefined) cache.set(name, (records = readDataset(name)));
  return records;
}

const files = readdirSync(DIR).filter((f) => f.endsWith(".jsonl.gz")).sort();

describe.skipIf(!hasShared)("GLEU equals NLTK 3.8 on the conformance data", () => {
  it("has expected files for every dataset and config", () => {
    expect(files.length).toBeGreaterThanOrEqual(12);
  });
  for (const file of files) {
    it(file, () => {
      const { header, values } = readExpected(file);
      const records = dataset(header.dataset);
      expect(records.length).toBe(header.lines);
      expect(values.length).toBe(header.lines);
      const options = { minNgramOrder: header.options.min_len, maxNgramOrder: header.options.max_len };
      const metric = header.config === "google_bleu" ? createGoogleBleu(options) : createGleu(options);
      let segments = 0;
      let mismatches = 0;
      for (let i = 0; i < records.length; i++) {
        const r = records[i]!;
        const got = metric.score(metric.stats(r.hyp, r.refs), "segment").score;
        if (got !== values[i]) {
          mismatches++;
          if (mismatches <= 5) expect.soft(got, `line ${i}`).toBe(values[i]);
        }
        segments++;
      }
      expect(mismatches).toBe(0);
      // Corpus values per system (langpair|system), lines in order of the data file.
      const bySystem = new Map<string, Segment[]>();
      for (const r of records) {
        const key = `${(r as { langpair?: string }).langpair ?? ""}|${r.system}`;
        let list = bySystem.get(key);
        if (list === undefined) bySystem.set(key, (list = []));
        list.push({ hyp: r.hyp, refs: r.refs });
      }
      for (const [key, n, value] of header.systems) {
        const segs = bySystem.get(key)!;
        expect(segs.length, key).toBe(n);
        expect(evaluate(metric, segs).corpus.score, key).toBe(value);
      }
      console.log(`${file}: ${segments} segment values and ${header.systems.length} system values identical to ${header.config === "google_bleu" ? "HF google_bleu" : "NLTK"}`);
    });
  }
});
