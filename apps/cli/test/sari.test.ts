// SARI from the command line: the source comes from each JSONL record's "src" field, on the one-pass
// path, the per-segment path (--segments) and the workers (--jobs 2); a record without it is an error.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createSari, easseSari, sari, sentenceSari } from "@gramscore/metric-sari";
import { assertBuilt, cli, repoRoot, tempDir } from "./helpers.js";

assertBuilt();

const data = JSON.parse(gunzipSync(readFileSync(`${repoRoot}/packages/metric-sari/test/data/sari-data.json.gz`)).toString("utf8"));
const N = 40;
const systems = ["ACCESS", "Dress-Ls"];
const refs: string[][] = data.references.asset.slice(0, N);
const records = systems
  .flatMap((system) => (data.systems[system] as string[]).slice(0, N).map((hyp, i) => ({ system, src: data.sources[i] as string, hyp, refs: refs[i]! })))
  .map((r) => JSON.stringify(r))
  .join("\n");
const streams = Array.from({ length: 10 }, (_, k) => refs.map((r) => r[k]!));

type Doc = { metrics: { metric: string; systems: { system: string; corpus: { score: number }; segments?: { result: { score: number } }[] }[] }[] };

describe.concurrent("gramscore score -m sari,easse_sari", () => {
  for (const extra of [[], ["--segments"], ["--jobs", "2"]]) {
    it(`reads "src" from JSONL ${extra.join(" ") || "(one pass)"} and gives the library's numbers`, async () => {
      const r = await cli(["score", "-m", "sari,easse_sari", "-f", "json", ...extra], { stdin: records + "\n" });
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      const doc = JSON.parse(r.stdout) as Doc;
      for (const [k, system] of systems.entries()) {
        const hyps = (data.systems[system] as string[]).slice(0, N);
        const srcs = (data.sources as string[]).slice(0, N);
        expect(doc.metrics[0]!.systems[k]!.corpus.score).toBe(sari(srcs, hyps, streams).score);
        expect(doc.metrics[1]!.systems[k]!.corpus.score).toBe(easseSari(srcs, hyps, streams).score);
        if (extra[0] === "--segments") {
          expect(doc.metrics[0]!.systems[k]!.segments![3]!.result.score).toBe(sentenceSari(srcs[3]!, hyps[3]!, refs[3]!).score);
        }
      }
    });
  }

  it("explain --line reads the record's source too", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, "simp.jsonl"), records + "\n");
    const r = await cli(["explain", "-m", "sari", "--line", "2", "--input", join(dir, "simp.jsonl"), "-f", "json"]);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as { metrics: { result: { score: number }; explanation: { tokens: { source: string[] } } }[] };
    const hyp = (data.systems.ACCESS as string[])[1]!;
    expect(doc.metrics[0]!.result.score).toBe(sentenceSari(data.sources[1], hyp, refs[1]!).score);
    expect(doc.metrics[0]!.explanation.tokens.source.join(" ")).toBe(createSari().explain(hyp, refs[1]!, data.sources[1]).tokens.source.join(" "));
  });

  it("a record without a source is an error naming its line", async () => {
    const r = await cli(["score", "-m", "sari"], { stdin: '{"src":"a b","hyp":"a","refs":["a"]}\n{"hyp":"a","refs":["a"]}\n' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("stdin line 2: ");
    expect(r.stderr).toContain('give each JSONL record a "src" field');
  });
});
