/**
 * GLEU, google_bleu and NIST through the command line: `-m gleu,nist,google_bleu`, their flags
 * (`--gleu-min-ngram-order`, `--gleu-max-ngram-order`, `--nist-max-ngram-order`, `--tokenize`), `--segments`, `list`, `demo`,
 * `explain`, and `stats` / `merge`, checked against the library's results (which the package tests
 * tie to NLTK 3.8 and HF evaluate).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createGleu, createGoogleBleu, gleu } from "@gramscore/metric-gleu";
import { createNist, nist } from "@gramscore/metric-nist";
import { hasShared, readDataset } from "../../../tooling/conformance/data.js";
import { assertBuilt, cli, data, tempDir } from "./helpers.js";
import { expectJobsLikeOneThread, expectShardsMergeToOnePass } from "./equivalence.js";

beforeAll(() => {
  assertBuilt();
});

const lines = (file: string): string[] => readFileSync(join(data, file), "utf8").replace(/\n$/, "").split("\n");
const sysA = () => readFileSync(join(data, "sysA.txt"));

interface JsonReport {
  metrics: { metric: string; signature: string; options: Record<string, unknown>; systems: { count: number; text: string; corpus: { score: number } }[] }[];
}

function entry(report: JsonReport, name: string) {
  const m = report.metrics.find((x) => x.metric === name);
  expect(m, `a ${name} entry`).toBeDefined();
  return m!;
}

describe.concurrent("gramscore with gleu, google_bleu and nist", () => {
  it("score -m gleu,nist,google_bleu gives the library's values and signatures", async () => {
    const r = await cli(["score", "-m", "gleu,nist,google_bleu", "-f", "json", join(data, "refA.txt"), join(data, "refB.txt")], { stdin: sysA() });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as JsonReport;
    const refs = [lines("refA.txt"), lines("refB.txt")];
    const hyps = lines("sysA.txt");
    expect(entry(report, "gleu").systems[0]!.corpus.score).toBe(gleu(hyps, refs).score);
    expect(entry(report, "gleu").signature).toBe("tok:none|min:1|max:4|version:gramscore-0.1.0");
    expect(entry(report, "nist").systems[0]!.corpus.score).toBe(nist(hyps, refs).score);
    expect(entry(report, "nist").signature).toBe("n:5|tok:none|version:gramscore-0.1.0");
    const g = createGoogleBleu();
    const segs = hyps.map((hyp, i) => ({ hyp, refs: refs.map((s) => s[i]!) }));
    expect(entry(report, "google_bleu").systems[0]!.corpus.score).toBe(g.score(g.corpusStats(segs), "corpus").score);
  });

  it("--gleu-min-ngram-order, --gleu-max-ngram-order, --nist-max-ngram-order and --tokenize reach the metrics", async () => {
    const r = await cli(["score", "-m", "gleu,nist", "--gleu-min-ngram-order", "2", "--gleu-max-ngram-order", "3", "--nist-max-ngram-order", "2", "--tokenize", "13a", "-f", "json", join(data, "refA.txt")], {
      stdin: sysA(),
    });
    expect(r.stderr).toBe("");
    const report = JSON.parse(r.stdout) as JsonReport;
    expect(entry(report, "gleu").options).toEqual({ tokenize: "13a", minNgramOrder: 2, maxNgramOrder: 3 });
    expect(entry(report, "gleu").signature).toBe("tok:13a|min:2|max:3|version:gramscore-0.1.0");
    expect(entry(report, "nist").signature).toBe("n:2|tok:13a|version:gramscore-0.1.0");
    const hyps = lines("sysA.txt");
    const refs = [lines("refA.txt")];
    expect(entry(report, "gleu").systems[0]!.corpus.score).toBe(gleu(hyps, refs, { tokenize: "13a", minNgramOrder: 2, maxNgramOrder: 3 }).score);
  });

  it("--segments prints sentence_gleu and sentence_nist of every line", async () => {
    const r = await cli(["score", "-m", "gleu,nist", "--segments", "-f", "jsonl", join(data, "refA.txt")], { stdin: sysA() });
    expect(r.stderr).toBe("");
    const out = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { type: string; metric: string; segment?: number; result?: { score: number } });
    const hyps = lines("sysA.txt");
    const refs = lines("refA.txt");
    for (const [name, metric] of [
      ["gleu", createGleu()],
      ["nist", createNist()],
    ] as const) {
      const segs = out.filter((l) => l.type === "segment" && l.metric === name);
      expect(segs.length).toBe(hyps.length);
      for (const s of segs) {
        const m = metric as ReturnType<typeof createGleu> | ReturnType<typeof createNist>;
        expect(s.result!.score).toBe((m.score as (st: unknown, l: "segment") => { score: number })(m.stats(hyps[s.segment! - 1]!, [refs[s.segment! - 1]!]), "segment").score);
      }
    }
  });

  it("bad options and misaligned input are coded errors", async () => {
    const [minNgramOrder, n, tok, short] = await Promise.all([
      cli(["score", "-m", "gleu", "--gleu-min-ngram-order", "0", join(data, "refA.txt")], { stdin: sysA() }),
      cli(["score", "-m", "nist", "--nist-max-ngram-order", "0", join(data, "refA.txt")], { stdin: sysA() }),
      cli(["score", "-m", "nist", "--tokenize", "no-such-tokenizer", join(data, "refA.txt")], { stdin: sysA() }),
      cli(["score", "-m", "gleu,nist", join(data, "short.txt")], { stdin: sysA() }),
    ]);
    expect(minNgramOrder.code).toBe(2);
    expect(minNgramOrder.stderr).toMatch(/minNgramOrder must be an integer from 1 to 255/);
    expect(n.code).toBe(2);
    expect(n.stderr).toMatch(/option maxNgramOrder must be an integer/);
    expect(tok.code).toBe(2);
    expect(tok.stderr).toMatch(/no-such-tokenizer/);
    expect(short.code).not.toBe(0);
    expect(short.stderr).toMatch(/line|lines/);
  });

  it("list names the metrics and demo scores with them", async () => {
    const [list, demo] = await Promise.all([cli(["list"]), cli(["demo", "-f", "json"])]);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^\s*gleu\s+GLEU/m);
    expect(list.stdout).toMatch(/^\s*google_bleu\s+HF/m);
    expect(list.stdout).toMatch(/^\s*nist\s+NIST/m);
    expect(demo.code).toBe(0);
    const sets = JSON.parse(demo.stdout) as JsonReport[];
    for (const set of sets) for (const name of ["gleu", "nist", "google_bleu"]) expect(set.metrics.some((m) => m.metric === name)).toBe(true);
  });

  it("explain shows the chosen reference and NIST's information weights", async () => {
    const r = await cli(["explain", "-m", "gleu,nist", "--hyp", "the cat sat on the mat", "--ref", "the cat is on the mat", "-f", "json"]);
    expect(r.stderr).toBe("");
    const doc = JSON.parse(r.stdout) as { metrics: { explanation: unknown }[] };
    expect(doc.metrics[0]!.explanation).toEqual(JSON.parse(JSON.stringify(createGleu().explain("the cat sat on the mat", ["the cat is on the mat"]))));
    expect(doc.metrics[1]!.explanation).toEqual(JSON.parse(JSON.stringify(createNist().explain("the cat sat on the mat", ["the cat is on the mat"]))));
  });

  it("stats of two shards merge into the one-pass result (NIST's weights over both shards)", async () => {
    // NIST sums in corpus order: the shards say where they lie (merge orders them, issue 26).
    await expectShardsMergeToOnePass("gleu,nist", { indexed: true, reversed: true });
  });

  it.skipIf(!hasShared)("--jobs 2 gives the --jobs 1 output on real data, NIST's corpus value included", async () => {
    const all = readDataset("mt_wmt17_newstest2017_en-de");
    const second = all.findIndex((r) => r.system !== all[0]!.system);
    const records = [...all.slice(0, 300), ...all.slice(second, second + 300)];
    const dir = tempDir("gramscore-gleu-nist-jobs-");
    const input = join(dir, "in.jsonl");
    writeFileSync(input, records.map((r) => JSON.stringify({ system: r.system, hyp: r.hyp, refs: r.refs })).join("\n") + "\n");
    const one = await expectJobsLikeOneThread(["score", "-m", "gleu,nist", "--segments", "-f", "jsonl", "--input", input]);
    const corpus = one.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { type: string; metric: string; corpus?: { score: number } })
      .filter((l) => l.type === "corpus" && l.metric === "nist");
    expect(corpus.map((c) => c.corpus!.score)).toEqual([
      nist(records.slice(0, 300).map((r) => r.hyp), [records.slice(0, 300).map((r) => r.refs[0]!)]).score,
      nist(records.slice(300).map((r) => r.hyp), [records.slice(300).map((r) => r.refs[0]!)]).score,
    ]);
  });
});
