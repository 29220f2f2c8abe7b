/**
 * NIST against NLTK 3.8 on WMT17 en-de, WMT22 en-de, SummEval and robust_public: every segment's
 * sentence_nist and every system's corpus_nist (n = 5 and n = 3), from the committed files of
 * tooling/references/nist (written by its generate.py) and the inputs in ../shared. Values must agree
 * to 1e-12 relative; the test prints how many are bit-identical.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { evaluate, pySplit, type Segment } from "@gramscore/core";
import { createNist } from "@gramscore/metric-nist";
import { SKIP_MESSAGE, hasShared, readDataset, repoRoot } from "../../../tooling/conformance/data.js";

if (!hasShared) console.log(SKIP_MESSAGE);

const DIR = join(repoRoot, "tooling/references/nist");
const TOLERANCE = 1e-12;

interface Header {
  dataset: string;
  config: string;
  options: { n: number };
  lines: number;
  systems: [string, number, number | null][];
}

function readExpected(file: string): { header: Header; values: (number | null)[] } {
  const lines = gunzipSync(readFileSync(join(DIR, file))).toString("utf8").split("\n").filter((l) => l !== "");
  return { header: JSON.parse(lines[0]!) as Header, values: lines.slice(1).map((l) => JSON.parse(l) as number | null) };
}

function close(got: number, want: number): boolean {
  return Math.abs(got - want) <= TOLERANCE * Math.max(1, Math.abs(want));
}

const cache = new Map<string, ReturnType<typeof readDataset>>();
/** Each dataset is read once for all its configs. */
function dataset(name: string): ReturnType<typeof readDataset> {
  let records = cache.get(name);
  if (records === undefined) cache.set(name, (records = readDataset(name)));
  return records;
}

const files = readdirSync(DIR).filter((f) => f.endsWith(".jsonl.gz")).sort();

describe.skipIf(!hasShared)("NIST equals NLTK 3.8 on the conformance data", () => {
  it("has expected files for every dataset and config", () => {
    expect(files.length).toBeGreaterThanOrEqual(8);
  });
  for (const file of files) {
    it(file, () => {
      const { header, values } = readExpected(file);
      const records = dataset(header.dataset);
      expect(records.length).toBe(header.lines);
      expect(values.length).toBe(header.lines);
      const n = header.options.n;
      const metric = createNist({ maxNgramOrder: n });
      let identical = 0;
      let within = 0;
      let raised = 0;
      let bad = 0;
      for (let i = 0; i < records.length; i++) {
        const r = records[i]!;
        const got = metric.score(metric.stats(r.hyp, r.refs), "segment").score;
        const want = values[i]!;
        if (want === null) {
          // NLTK divides by zero: an order without hypothesis n-grams, or no reference words.
          // Those orders add 0 here, so the score is finite.
          const short = pySplit(r.hyp).length < n || r.refs.every((x) => pySplit(x).length === 0);
          if (!short || !Number.isFinite(got)) bad++;
          raised++;
        } else if (got === want) identical++;
        else if (close(got, want)) within++;
        else if (++bad <= 5) expect.soft(got, `line ${i}`).toBe(want);
      }
      expect(bad).toBe(0);
      const bySystem = new Map<string, Segment[]>();
      for (const r of records) {
        const key = `${(r as { langpair?: string }).langpair ?? ""}|${r.system}`;
        let list = bySystem.get(key);
        if (list === undefined) bySystem.set(key, (list = []));
        list.push({ hyp: r.hyp, refs: r.refs });
      }
      let sysIdentical = 0;
      let sysCompared = 0;
      for (const [key, count, value] of header.systems) {
        const segs = bySystem.get(key)!;
        expect(segs.length, key).toBe(count);
        if (value === null) continue;
        const got = evaluate(metric, segs).corpus.score;
        sysCompared++;
        if (got === value) sysIdentical++;
        else expect(close(got, value), `${key}: ${got} vs ${value}`).toBe(true);
      }
      console.log(
        `${file}: ${identical + within} segment values compared (${identical} bit-identical, ${within} within ${TOLERANCE}), ` +
          `${raised} where NLTK raises ZeroDivisionError (hypothesis shorter than n); ${sysCompared} system values (${sysIdentical} bit-identical)`,
      );
    });
  }
});
