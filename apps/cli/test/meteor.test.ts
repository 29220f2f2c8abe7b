/**
 * METEOR through the command line: the built-in `meteor` (NLTK, WordNet synonyms) and `meteor-hf`
 * metrics, `--meteor-*` flags, `--tokenize`, `--segments`, `list`, `demo`, `explain`, `stats` /
 * `merge`, and coded errors, checked against the library (whose tests tie it to NLTK 3.8).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createMeteor, meteor } from "@gramscore/metric-meteor";
import { wordnet } from "@gramscore/wordnet";
import { assertBuilt, cli, data } from "./helpers.js";
import { expectShardsMergeToOnePass } from "./equivalence.js";

beforeAll(() => {
  assertBuilt();
});

const lines = (file: string): string[] => readFileSync(join(data, file), "utf8").replace(/\n$/, "").split("\n");
const sysA = () => readFileSync(join(data, "sysA.txt"));

interface JsonReport {
  metrics: { metric: string; signature: string; options: Record<string, unknown>; systems: { count: number; text: string; corpus: { score: number; segments: number } }[] }[];
}

const of = (report: JsonReport, name = "meteor") => report.metrics.find((m) => m.metric === name)!;

describe.concurrent("gramscore with meteor", () => {
  it("score -m meteor gives NLTK's METEOR with WordNet (the library's value) and its signature", async () => {
    const r = await cli(["score", "-m", "bleu,meteor", "-f", "json", join(data, "refA.txt")], { stdin: sysA() });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const m = of(JSON.parse(r.stdout) as JsonReport);
    const expected = meteor(lines("sysA.txt"), [lines("refA.txt")], { synonyms: wordnet });
    expect(m.systems[0]!.corpus.score).toBe(expected.score);
    expect(m.systems[0]!.text).toBe(createMeteor().format(expected));
    expect(m.signature).toBe("tok:none|stem:porter|syn:wordnet-3.0|alpha:0.9|beta:3|gamma:0.5|version:gramscore-0.1.0");
  });

  it("--meteor-alpha/beta/gamma, --meteor-stemmer, --meteor-synonyms none, --tokenize treebank, meteor-hf", async () => {
    const cases: [string[], string, Parameters<typeof meteor>[2]][] = [
      [["-m", "meteor", "--meteor-alpha", "0.8", "--meteor-beta", "2", "--meteor-gamma", "0.4"], "meteor", { synonyms: wordnet, alpha: 0.8, beta: 2, gamma: 0.4 }],
      [["-m", "meteor", "--meteor-stemmer", "none", "--meteor-synonyms", "none"], "meteor", { stemmer: "none" }],
      [["-m", "meteor", "--tokenize", "treebank"], "meteor", { synonyms: wordnet, tokenize: "treebank" }],
      [["-m", "meteor-hf"], "meteor-hf", { synonyms: wordnet, tokenize: "treebank" }],
    ];
    for (const [flags, name, options] of cases) {
      const r = await cli(["score", ...flags, "-f", "json", join(data, "refA.txt"), join(data, "refB.txt")], { stdin: sysA() });
      expect(r.stderr, flags.join(" ")).toBe("");
      const m = of(JSON.parse(r.stdout) as JsonReport, name);
      expect(m.systems[0]!.corpus.score, flags.join(" ")).toBe(meteor(lines("sysA.txt"), [lines("refA.txt"), lines("refB.txt")], options).score);
    }
  });

  it("--segments gives every segment's NLTK score and the corpus mean", async () => {
    const r = await cli(["score", "-m", "meteor", "--segments", "-f", "jsonl", join(data, "refA.txt")], { stdin: sysA() });
    expect(r.stderr).toBe("");
    const rows = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { type: string; result?: { score: number }; corpus?: { score: number } });
    const metric = createMeteor({ synonyms: wordnet });
    const hyps = lines("sysA.txt");
    const refs = lines("refA.txt");
    const segs = rows.filter((x) => x.type === "segment").map((x) => x.result!.score);
    expect(segs).toEqual(hyps.map((h, i) => metric.segmentScore(h, [refs[i]!])));
    expect(rows.find((x) => x.type === "corpus")!.corpus!.score).toBe(meteor(hyps, [refs], { synonyms: wordnet }).score);
  });

  it("list names meteor, meteor-hf and treebank; demo scores with meteor; explain shows the stages", async () => {
    const [list, demo, explain] = await Promise.all([
      cli(["list"]),
      cli(["demo", "-f", "json"]),
      cli(["explain", "-m", "meteor", "--hyp", "The big car runs fast", "--ref", "the large auto running quick", "-f", "json"]),
    ]);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^\s*meteor\s+METEOR/m);
    expect(list.stdout).toMatch(/^\s*meteor-hf\s+METEOR/m);
    expect(list.stdout).toMatch(/^\s*treebank\s+NLTK/m);
    expect(demo.code).toBe(0);
    for (const set of JSON.parse(demo.stdout) as JsonReport[]) expect(set.metrics.some((m) => m.metric === "meteor")).toBe(true);
    expect(explain.stderr).toBe("");
    const doc = JSON.parse(explain.stdout) as { metrics: { explanation: { score: number; alignments: { chunks: number; matches: { stage: string }[] }[] } }[] };
    const ex = doc.metrics[0]!.explanation;
    expect(ex.score).toBe(0.7500000000000001);
    expect(ex.alignments[0]!.matches.map((m) => m.stage)).toEqual(["exact", "synonym", "stem", "synonym"]);
    expect(ex.alignments[0]!.chunks).toBe(2);
  });

  it("stats of two shards merge into the one-pass result", async () => {
    const { first } = await expectShardsMergeToOnePass("meteor");
    const line = JSON.parse(readFileSync(first, "utf8").trim()) as { metric: string; stats: unknown };
    expect(line.metric).toBe("meteor");
    expect(createMeteor().parseStats(line.stats)).toEqual(line.stats);
  });

  it("bad input and options are coded errors naming the problem", async () => {
    const [alpha, syn, short] = await Promise.all([
      cli(["score", "-m", "meteor", "--meteor-alpha", "abc", join(data, "refA.txt")], { stdin: sysA() }),
      cli(["score", "-m", "meteor", "--meteor-synonyms", "bogus", join(data, "refA.txt")], { stdin: sysA() }),
      cli(["score", "-m", "meteor", join(data, "refA.txt")], { stdin: Buffer.from("only one line\n") }),
    ]);
    expect(alpha.code).not.toBe(0);
    expect(alpha.stderr).toMatch(/number/);
    expect(syn.code).not.toBe(0);
    expect(syn.stderr).toMatch(/synonyms.*bogus.*wordnet/s);
    expect(short.code).not.toBe(0);
    expect(short.stderr).toMatch(/line counts differ/);
  });
});
