// The task metrics side by side: `gramscore score -m cider,sari,squad,character,eed,distinct` on one
// JSONL file whose records carry every field these metrics read ("src" for SARI, "hyp" and "refs"
// for the others; diversity reads the hypotheses alone). Each metric's number is its package's on the
// same texts, so one file serves a captioning, simplification, QA and MT team alike.
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { cider } from "@gramscore/metric-cider";
import { sari } from "@gramscore/metric-sari";
import { squad } from "@gramscore/metric-squad";
import { character, eed } from "@gramscore/metric-character";
import { evaluate } from "@gramscore/core";
import { createDistinct } from "@gramscore/metric-diversity";
import { assertBuilt, cli, repoRoot } from "./helpers.js";

assertBuilt();

const data = JSON.parse(gunzipSync(readFileSync(`${repoRoot}/packages/metric-sari/test/data/sari-data.json.gz`)).toString("utf8"));
const N = 30;
const srcs = (data.sources as string[]).slice(0, N);
const hyps = (data.systems.ACCESS as string[]).slice(0, N);
const refs = (data.references.asset as string[][]).slice(0, N);
const streams = Array.from({ length: refs[0]!.length }, (_, k) => refs.map((r) => r[k]!));
const jsonl = srcs.map((src, i) => JSON.stringify({ src, hyp: hyps[i], refs: refs[i] })).join("\n") + "\n";

type Doc = { metrics: { metric: string; signature: string; systems: { corpus: { score: number } }[] }[] };

describe("gramscore score -m cider,sari,squad,character,eed,distinct on one JSONL file", () => {
  it("reads the fields each metric needs and gives each package's number", async () => {
    const names = ["cider", "sari", "squad", "character", "eed", "distinct"];
    const r = await cli(["score", "-m", names.join(","), "-f", "json"], { stdin: jsonl });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as Doc;
    expect(doc.metrics.map((m) => m.metric)).toEqual(names);
    const score = (name: string) => doc.metrics.find((m) => m.metric === name)!.systems[0]!.corpus.score;
    expect(score("cider")).toBe(cider(hyps, streams).score);
    expect(score("sari")).toBe(sari(srcs, hyps, streams).score);
    expect(score("squad")).toBe(squad(hyps, streams).score);
    expect(score("character")).toBe(character(hyps, streams).score);
    expect(score("eed")).toBe(eed(hyps, streams).score);
    expect(score("distinct")).toBe(evaluate(createDistinct(), hyps.map((hyp) => ({ hyp, refs: [] }))).corpus.score);
  });

  it("a record without the source SARI needs is refused, naming the field", async () => {
    const noSrc = hyps.slice(0, 2).map((hyp, i) => JSON.stringify({ hyp, refs: refs[i] })).join("\n") + "\n";
    const r = await cli(["score", "-m", "cider,sari"], { stdin: noSrc });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('"src"');
  });
});
