// SARI from the command line: the source comes from each JSONL record's "src" field, on the one-pass
// path, the per-segment path (--segments) and the workers (--jobs 2); a record without it is an error.
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { easseSari, sari, sentenceSari } from "@gramscore/metric-sari";
import { assertBuilt, cli, repoRoot } from "./helpers.js";

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

  it("a record without a source is an error naming its line", async () => {
    const r = await cli(["score", "-m", "sari"], { stdin: '{"src":"a b","hyp":"a","refs":["a"]}\n{"hyp":"a","refs":["a"]}\n' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("stdin line 2: ");
    expect(r.stderr).toContain('give each JSONL record a "src" field');
  });
});
