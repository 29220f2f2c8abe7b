/**
 * WER, CER, MER, WIL and WIP against jiwer 3.1.0 (over rapidfuzz's pure-Python Levenshtein) on
 * WMT17 en-de, WMT22 en-de, SummEval and the robustness file: every line's hits, substitutions,
 * deletions and insertions (words and characters) and the five measures, every refused reference,
 * and every system's corpus counts and measures. The expected values were written by
 * tooling/references/wer/generate.py; the inputs come from ../shared.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ErrorCode, GramscoreError } from "@gramscore/core";
import { createWerMetric, type WerStats } from "@gramscore/metric-wer";
import { SKIP_MESSAGE, hasShared, readDataset, repoRoot } from "../../../tooling/conformance/data.js";

if (!hasShared) console.log(SKIP_MESSAGE);

const DATASETS = ["mt_wmt17_newstest2017_en-de", "mt_wmt22_generaltest2022_en-de", "sum_summeval", "robust_public"];

type Row = [number, number, number, number, number, number, number, number, number, number, number, number, number] | { error: string };
interface SystemRow {
  system: string;
  lines: number;
  words: [number, number, number, number];
  wer: number;
  mer: number;
  wil: number;
  wip: number;
  chars: [number, number, number, number];
  cer: number;
}

function expected(dataset: string): { meta: Record<string, unknown>; rows: Row[]; systems: SystemRow[] } {
  const file = join(repoRoot, "tooling/references/wer", `${dataset}.jsonl.gz`);
  const lines = gunzipSync(readFileSync(file)).toString("utf8").split("\n").filter((l) => l.length > 0);
  const meta = (JSON.parse(lines[0]!) as { meta: Record<string, unknown> }).meta;
  const n = meta.lines as number;
  const rows = lines.slice(1, 1 + n).map((l) => JSON.parse(l) as Row);
  const systems = lines.slice(1 + n).map((l) => JSON.parse(l) as SystemRow);
  return { meta, rows, systems };
}

const counts = (s: WerStats) => [s.hits, s.substitutions, s.deletions, s.insertions];

describe.skipIf(!hasShared)("jiwer 3.1.0 conformance", () => {
  for (const dataset of DATASETS) {
    it(`${dataset}: every line and every system`, () => {
      expect(existsSync(join(repoRoot, "tooling/references/wer", `${dataset}.jsonl.gz`))).toBe(true);
      const { meta, rows, systems } = expected(dataset);
      const records = readDataset(dataset);
      expect(rows.length).toBe(records.length);
      const wer = createWerMetric("wer");
      const cer = createWerMetric("cer");
      const mer = createWerMetric("mer");
      const wil = createWerMetric("wil");
      const wip = createWerMetric("wip");
      const bySystem = new Map<string, { w: WerStats; c: WerStats; lines: number }>();
      let refused = 0;
      let compared = 0;
      for (let i = 0; i < records.length; i++) {
        const rec = records[i]!;
        const row = rows[i]!;
        const refs = [rec.refs[0]!];
        if (!Array.isArray(row)) {
          // jiwer refuses the reference: so must every measure, with a coded error.
          for (const m of [wer, cer]) {
            let err: unknown;
            try {
              m.stats(rec.hyp, refs);
            } catch (e) {
              err = e;
            }
            expect(err, `line ${i}`).toBeInstanceOf(GramscoreError);
            expect((err as GramscoreError).code).toBe(ErrorCode.EMPTY_INPUT);
          }
          refused++;
          continue;
        }
        const w = wer.stats(rec.hyp, refs);
        const c = cer.stats(rec.hyp, refs);
        if (counts(w).join() !== row.slice(0, 4).join() || counts(c).join() !== row.slice(8, 12).join()) {
          expect({ line: i, words: counts(w), chars: counts(c) }).toEqual({ line: i, words: row.slice(0, 4), chars: row.slice(8, 12) });
        }
        const seg = [wer.score(w, "segment").score, mer.score(w, "segment").score, wil.score(w, "segment").score, wip.score(w, "segment").score];
        if (seg.some((x, k) => !Object.is(x, row[4 + k])) || !Object.is(cer.score(c, "segment").score, row[12])) {
          expect({ line: i, words: seg, cer: cer.score(c, "segment").score }).toEqual({ line: i, words: row.slice(4, 8), cer: row[12] });
        }
        compared++;
        const key = `${rec.langpair ?? ""}\t${rec.system}`;
        const acc = bySystem.get(key);
        if (acc === undefined) bySystem.set(key, { w, c, lines: 1 });
        else {
          acc.w = wer.merge(acc.w, w);
          acc.c = cer.merge(acc.c, c);
          acc.lines++;
        }
      }
      expect(refused).toBe(meta.refused);
      expect([...bySystem.keys()]).toEqual(systems.map((s) => s.system));
      for (const sys of systems) {
        const acc = bySystem.get(sys.system)!;
        expect(acc.lines).toBe(sys.lines);
        expect(counts(acc.w)).toEqual(sys.words);
        expect(counts(acc.c)).toEqual(sys.chars);
        const got = [wer.score(acc.w, "corpus").score, mer.score(acc.w, "corpus").score, wil.score(acc.w, "corpus").score, wip.score(acc.w, "corpus").score, cer.score(acc.c, "corpus").score];
        expect(got).toEqual([sys.wer, sys.mer, sys.wil, sys.wip, sys.cer]);
      }
      // The one-pass corpus statistics of a system equal the merged segment statistics.
      const first = systems[0]!;
      const segs = records
        .filter((r, i) => `${r.langpair ?? ""}\t${r.system}` === first.system && Array.isArray(rows[i]))
        .map((r) => ({ hyp: r.hyp, refs: [r.refs[0]!] }));
      expect(counts(wer.corpusStats(segs))).toEqual(first.words);
      expect(counts(cer.corpusStats(segs))).toEqual(first.chars);
      console.log(
        `jiwer ${dataset}: ${compared} lines × (8 counts + 5 measures) identical, ${refused} refused references refused here too, ` +
          `${systems.length} systems × (8 counts + 5 measures) identical`,
      );
    });
  }
});
