/**
 * TER against sacrebleu 2.6.0's own outputs written by tooling/references/ter/generate.py: under
 * `normalized` on the `mt_*` files (references tokenized twice), and on WMT22 en-de with three and
 * four reference streams (A, B, then the outputs of PROMT and OpenNMT for the same segment) for the
 * default and the other option sets (reference lengths summed as floats in segment order). Every
 * segment's edits, reference length and score and every system's corpus result are compared bit for
 * bit, the corpus both from per-segment statistics merged in order and from one pass. The inputs come
 * from ../shared; the hand cases (cases.json) need nothing else.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createTer, sentenceTer, ter, type TerOptions, type TerStats } from "@gramscore/metric-ter";
import { SKIP_MESSAGE, hasShared, readDataset, repoRoot, type DataRecord } from "../../../tooling/conformance/data.js";

if (!hasShared) console.log(SKIP_MESSAGE);

const HERE = join(repoRoot, "tooling/references/ter");
const EXTRA_REFS = ["PROMT", "OpenNMT"];
const OPTION_SETS: Record<string, TerOptions> = {
  default: {},
  normalized: { normalized: true },
  no_punct: { noPunct: true },
  asian_support: { asianSupport: true },
  case_sensitive: { lowercase: false },
};

type Row = [number, number, number] | null;
interface SystemRow {
  system: string;
  lines: number;
  num_edits: number;
  ref_length: number;
  score: number;
  signature: string;
}

function golden(file: string): { meta: Record<string, unknown>; rows: Row[]; systems: SystemRow[] } {
  const lines = gunzipSync(readFileSync(join(HERE, file))).toString("utf8").split("\n").filter((l) => l.length > 0);
  const meta = (JSON.parse(lines[0]!) as { meta: Record<string, unknown> }).meta;
  const n = meta.lines as number;
  return { meta, rows: lines.slice(1, 1 + n).map((l) => JSON.parse(l) as Row), systems: lines.slice(1 + n).map((l) => JSON.parse(l) as SystemRow) };
}

const ours = (signature: string) => signature.replace(/version:[^|]*$/, "version:gramscore-0.1.0");

/** The golden files present, as [folder/file, options]. */
function files(): [string, TerOptions][] {
  const out: [string, TerOptions][] = [];
  for (const dir of ["normalized", "refs3", "refs4"]) {
    if (!existsSync(join(HERE, dir))) continue;
    for (const f of readdirSync(join(HERE, dir)).filter((x) => x.endsWith(".jsonl.gz")).sort()) {
      const options = dir === "normalized" ? OPTION_SETS.normalized! : OPTION_SETS[f.replace(/\.jsonl\.gz$/, "")];
      expect(options, `${dir}/${f}: an option set of generate.py`).toBeDefined();
      out.push([`${dir}/${f}`, options!]);
    }
  }
  return out;
}

const datasets = new Map<string, DataRecord[]>();
function data(name: string): DataRecord[] {
  let d = datasets.get(name);
  if (d === undefined) datasets.set(name, (d = readDataset(name)));
  return d;
}

/** The references of each line: the file's own, then (refsN files) other systems' outputs. */
function referencesOf(records: DataRecord[], extra: string[]): string[][] {
  const byId = extra.map((name) => new Map(records.filter((r) => r.system === name).map((r) => [r.id, r.hyp])));
  return records.map((r) => [...r.refs, ...byId.map((m) => m.get(r.id)!)]);
}

describe.skipIf(!hasShared)("sacrebleu 2.6.0 TER goldens (tooling/references/ter)", () => {
  const plan = hasShared ? files() : [];
  it("has goldens under normalized/ and with three and four reference streams", () => {
    expect(plan.some(([f]) => f.startsWith("normalized/"))).toBe(true);
    expect(plan.some(([f]) => f.startsWith("refs3/"))).toBe(true);
  });

  for (const [file, options] of plan) {
    it(`${file}: every segment and every system, bit for bit`, { timeout: 600_000 }, () => {
      const { meta, rows, systems } = golden(file);
      const records = data(meta.dataset as string);
      expect(rows.length).toBe(records.length);
      const streams = file.startsWith("refs") ? Number(file[4]) : 0;
      const extra = streams > 0 ? EXTRA_REFS.slice(0, streams - 2) : [];
      for (const name of extra) expect(String(meta.references)).toContain(name);
      const refs = referencesOf(records, extra);
      const bySystem = new Map<string, { metric: ReturnType<typeof createTer>; stats: TerStats; segments: { hyp: string; refs: string[] }[] }>();
      const mismatches: string[] = [];
      let compared = 0;
      for (let i = 0; i < records.length; i++) {
        const row = rows[i]!;
        if (row === null) continue;
        const rec = records[i]!;
        const key = `${rec.langpair ?? ""}\t${rec.system}`;
        let sys = bySystem.get(key);
        if (sys === undefined) {
          const metric = createTer(options);
          bySystem.set(key, (sys = { metric, stats: metric.empty(), segments: [] }));
        }
        const st = sys.metric.stats(rec.hyp, refs[i]!);
        sys.stats = sys.metric.merge(sys.stats, st);
        sys.segments.push({ hyp: rec.hyp, refs: refs[i]! });
        const r = sys.metric.score(st, "segment");
        if (r.numEdits !== row[0] || !Object.is(r.refLength, row[1]) || !Object.is(r.score, row[2])) {
          if (mismatches.length < 5) mismatches.push(`line ${i}: ${r.numEdits} ${r.refLength} ${r.score}; sacrebleu ${row.join(" ")}`);
          else mismatches.push("");
        }
        compared++;
      }
      expect(mismatches.slice(0, 5), `${mismatches.length} segments differ`).toEqual([]);
      expect([...bySystem.keys()].map((k) => k.replace(/^[^\t]*\t/, ""))).toEqual(systems.map((s) => s.system.replace(/^[^\t]*\t/, "")));
      systems.forEach((e, s) => {
        const sys = [...bySystem.values()][s]!;
        const label = `${file} ${e.system}`;
        // One pass scores everything again: done for the default option sets, where every system's
        // in-order sum differs from the exact one (33601.00000000001 against 33601 with three streams).
        if (file.endsWith("/default.jsonl.gz")) {
          const onePass = createTer(options).corpusStats(sys.segments);
          expect(JSON.stringify(onePass), `${label}: one pass = merged per segment`).toBe(JSON.stringify(sys.stats));
        }
        const corpus = sys.metric.score(sys.stats, "corpus");
        expect(sys.segments.length, label).toBe(e.lines);
        expect(corpus.numEdits, `${label} num_edits`).toBe(e.num_edits);
        expect(Object.is(corpus.refLength, e.ref_length), `${label} ref_length ${corpus.refLength} vs ${e.ref_length}`).toBe(true);
        expect(Object.is(corpus.score, e.score), `${label} score ${corpus.score} vs ${e.score}`).toBe(true);
        expect(sys.metric.signature(sys.stats), `${label} signature`).toBe(ours(e.signature));
      });
      console.log(`TER ${file}: ${compared} segments and ${systems.length} systems identical to sacrebleu 2.6.0`);
    });
  }
});

describe("sacrebleu 2.6.0 TER hand cases (tooling/references/ter/cases.json)", () => {
  interface Case {
    note: string;
    options: { normalized?: boolean; no_punct?: boolean; asian_support?: boolean; case_sensitive?: boolean };
    hyps: string[];
    refs: (string | null)[][];
    segments: [number, number, number][];
    corpus: [number, number, number];
    signature: string;
  }
  const cases = JSON.parse(readFileSync(join(HERE, "cases.json"), "utf8")) as Case[];
  for (const c of cases) {
    it(c.note, () => {
      const options: TerOptions = { normalized: c.options.normalized, noPunct: c.options.no_punct, asianSupport: c.options.asian_support, lowercase: !c.options.case_sensitive };
      c.hyps.forEach((hyp, i) => {
        const refs = c.refs.map((s) => s[i]).filter((r): r is string => r !== null);
        const r = sentenceTer(hyp, refs, options);
        expect([r.numEdits, r.refLength, r.score], `segment ${i}`).toEqual(c.segments[i]);
        expect(Object.is(r.score, c.segments[i]![2])).toBe(true);
      });
      const corpus = ter(c.hyps, c.refs, options);
      expect(corpus.numEdits).toBe(c.corpus[0]);
      expect(Object.is(corpus.refLength, c.corpus[1]), `ref_length ${corpus.refLength} vs ${c.corpus[1]}`).toBe(true);
      expect(Object.is(corpus.score, c.corpus[2]), `score ${corpus.score} vs ${c.corpus[2]}`).toBe(true);
      expect(corpus.signature).toBe(ours(c.signature));
    });
  }
});
