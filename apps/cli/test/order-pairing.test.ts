/**
 * Issue 26: paired tests refuse systems whose segments do not pair up (JSONL records out of order),
 * `merge` puts shards in corpus order (`stats --shard-index`) so that every result — significance
 * rows included — equals one pass whatever the order of its arguments, refuses rows that do not
 * belong to their statistics and untrusted METEOR sums, and the significance flags' messages.
 * Built from WMT22 en-de (2 references, sources) of the shared conformance data.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { hasShared, readDataset, SKIP_MESSAGE } from "../../../tooling/conformance/data.js";
import { assertBuilt, cli, tempDir } from "./helpers.js";

interface Rec {
  system: string;
  hyp: string;
  refs: string[];
  src?: string;
}

const N = 240;
let dir: string;
let systems: Rec[][] = [];

const jsonl = (recs: readonly Rec[]) => recs.map((r) => `${JSON.stringify(r)}\n`).join("");
const write = (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return name;
};
const run = (args: string[], env?: Record<string, string>) => cli(args, { cwd: dir, ...(env === undefined ? {} : { env }) });

beforeAll(() => {
  assertBuilt();
  dir = tempDir("gramscore-issue26-");
  if (!hasShared) return;
  const by = new Map<string, Rec[]>();
  for (const r of readDataset("mt_wmt22_generaltest2022_en-de")) {
    const list = by.get(r.system) ?? [];
    by.set(r.system, list);
    if (list.length < N) list.push({ system: r.system, hyp: r.hyp, refs: r.refs, src: (r as { src?: string }).src! });
  }
  systems = [...by.values()].slice(0, 3);
});

describe.skipIf(!hasShared)("paired tests refuse segments that do not pair up", () => {
  it("one system's records shuffled: --paired-ar and --paired-bs refuse it (with --jobs too), naming the system, segment, line and what differs", async () => {
    const [a, b] = systems;
    const noSrc = (recs: Rec[]) => recs.map(({ src: _, ...r }) => r);
    // Rotate b by one: every segment sits one place off.
    const shifted = [...b!.slice(1), b![0]!];
    write("aligned.jsonl", jsonl([...a!, ...b!]));
    write("shuffled.jsonl", jsonl([...a!, ...shifted]));
    write("shuffled-nosrc.jsonl", jsonl(noSrc([...a!, ...shifted])));
    const args = (file: string, test: string[]) => ["score", "-m", "bleu,ter", "--input", file, "-f", "json", ...test];
    const [ok, ar, bs, jobs, nosrc] = await Promise.all([
      run(args("aligned.jsonl", ["--paired-ar", "--paired-ar-n", "200"])),
      run(args("shuffled.jsonl", ["--paired-ar", "--paired-ar-n", "200"])),
      run(args("shuffled.jsonl", ["--paired-bs", "--paired-bs-n", "100"])),
      run([...args("shuffled.jsonl", ["--paired-ar", "--paired-ar-n", "200"]), "--jobs", "2"]),
      run(args("shuffled-nosrc.jsonl", ["--paired-ar", "--paired-ar-n", "200"])),
    ]);
    expect(ok.stderr).toBe("");
    expect(ok.code).toBe(0);
    for (const r of [ar, bs, jobs]) {
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`segment 1 of system ${b![0]!.system} (line ${N + 1}) is not segment 1 of system ${a![0]!.system} (line 1): their sources ("src") differ`);
    }
    expect(jobs.stderr).toBe(ar.stderr);
    expect(nosrc.code).toBe(1);
    expect(nosrc.stderr).toContain("their references differ");
  });

  it("records of the systems interleaved but each system in corpus order: paired, and equal to the text-file run", async () => {
    const [a, b] = systems;
    const interleaved = a!.flatMap((r, i) => [r, b![i]!]);
    write("interleaved.jsonl", jsonl(interleaved));
    write("ref0.txt", a!.map((r) => `${r.refs[0]}\n`).join(""));
    write("ref1.txt", a!.map((r) => `${r.refs[1]}\n`).join(""));
    write("A", a!.map((r) => `${r.hyp}\n`).join(""));
    write("B", b!.map((r) => `${r.hyp}\n`).join(""));
    const flags = ["-m", "bleu,chrf", "-f", "json", "--paired-bs", "--paired-bs-n", "100"];
    const [j, t] = await Promise.all([
      run(["score", "--input", "interleaved.jsonl", ...flags]),
      run(["score", "ref0.txt", "ref1.txt", "-i", "A", "B", "--system", `${a![0]!.system},${b![0]!.system}`, ...flags]),
    ]);
    expect(j.stderr).toBe("");
    expect((JSON.parse(j.stdout) as { significance: unknown }).significance).toEqual((JSON.parse(t.stdout) as { significance: unknown }).significance);
  });
});

describe.skipIf(!hasShared)("merge puts shards in corpus order (stats --shard-index)", () => {
  const parts = [
    [0, 70],
    [70, 160],
    [160, N],
  ] as const;
  const orders = [
    [0, 1, 2],
    [2, 1, 0],
    [1, 2, 0],
  ];

  /** Shards of the three systems' slices; `indexed` adds --shard-index. */
  async function shards(tag: string, metrics: string, indexed: boolean, rows: boolean): Promise<string[]> {
    const names = parts.map(([from, to], i) => {
      write(`${tag}${i}.in.jsonl`, jsonl(systems.flatMap((s) => s.slice(from, to))));
      return `${tag}${i}`;
    });
    const rs = await Promise.all(
      names.map((n, i) =>
        run(["stats", "-m", metrics, "--input", `${n}.in.jsonl`, "-o", `${n}.jsonl`, ...(rows ? ["--rows"] : []), ...(indexed ? ["--shard-index", String(i)] : [])]),
      ),
    );
    for (const r of rs) expect([r.code, r.stderr]).toEqual([0, ""]);
    return names.map((n) => `${n}.jsonl`);
  }

  it("--paired-bs, --paired-ar and --confidence over shards in any argument order equal one pass (BLEU, chrF, TER)", async () => {
    write("whole.jsonl", jsonl(systems.flat()));
    const files = await shards("sig", "bleu,chrf,ter", true, true);
    const one = systems.slice(0, 1);
    write("one.jsonl", jsonl(one.flat()));
    const cases = [
      ["--paired-bs", "--paired-bs-n", "150"],
      ["--paired-ar", "--paired-ar-n", "150", "--paired-ar-ci-n", "50"],
    ];
    for (const flags of cases) {
      const whole = await run(["score", "-m", "bleu,chrf,ter", "--input", "whole.jsonl", "-f", "json", ...flags]);
      expect(whole.stderr).toBe("");
      const expected = JSON.parse(whole.stdout) as { significance: unknown; metrics: unknown };
      const merged = await Promise.all(orders.map((o) => run(["merge", ...o.map((i) => files[i]!), "-f", "json", ...flags])));
      for (const m of merged) {
        expect(m.stderr).toBe("");
        const doc = JSON.parse(m.stdout) as { significance: unknown; metrics: unknown };
        expect(doc.significance).toEqual(expected.significance);
      }
    }
    // --confidence on one system's shards.
    const oneFiles = await Promise.all(
      parts.map(async ([from, to], i) => {
        write(`c${i}.in.jsonl`, jsonl(one.flatMap((s) => s.slice(from, to))));
        const r = await run(["stats", "-m", "bleu,ter", "--input", `c${i}.in.jsonl`, "-o", `c${i}.jsonl`, "--rows", "--shard-index", String(i)]);
        expect(r.stderr).toBe("");
        return `c${i}.jsonl`;
      }),
    );
    const flags = ["--confidence", "--confidence-n", "120", "-f", "json"];
    const whole = await run(["score", "-m", "bleu,ter", "--input", "one.jsonl", ...flags]);
    for (const o of orders) {
      const m = await run(["merge", ...o.map((i) => oneFiles[i]!), ...flags]);
      expect(m.stderr).toBe("");
      expect((JSON.parse(m.stdout) as { significance: unknown }).significance).toEqual((JSON.parse(whole.stdout) as { significance: unknown }).significance);
    }
  });

  it("NIST: indexed shards in any order equal one pass bit for bit; unindexed shards whose order changes NIST are refused", async () => {
    write("whole.jsonl", jsonl(systems.flat()));
    const whole = await run(["score", "-m", "nist,bleu", "--input", "whole.jsonl", "-f", "json"]);
    expect(whole.stderr).toBe("");
    const corpus = (out: string) => (JSON.parse(out) as { metrics: { metric: string; systems: { corpus: unknown }[] }[] }).metrics.map((m) => [m.metric, m.systems.map((s) => s.corpus)]);
    const indexed = await shards("nist", "nist,bleu", true, false);
    for (const o of orders) {
      const m = await run(["merge", ...o.map((i) => indexed[i]!), "-f", "json"]);
      expect(m.stderr).toBe("");
      expect(corpus(m.stdout)).toEqual(corpus(whole.stdout));
    }
    const plain = await shards("nistplain", "nist", false, false);
    const refused = await run(["merge", plain[2]!, plain[0]!, plain[1]!]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/carry no place in the corpus, and nist gives a different result in another order/);
    expect(refused.stderr).toContain("gramscore stats --shard-index N");
    // BLEU merges alike in any order: unindexed shards still merge, to the one-pass numbers.
    const bleu = await shards("bleuplain", "bleu", false, false);
    const b = await run(["merge", bleu[1]!, bleu[2]!, bleu[0]!, "-f", "json"]);
    expect(b.stderr).toBe("");
    expect(corpus(b.stdout)[0]).toEqual(corpus(whole.stdout)[1]);
  });

  it("shards whose order cannot be determined, or that claim one place, are refused with a way out", async () => {
    const plain = await shards("rowsplain", "bleu", false, true);
    const indexed = await shards("rowsidx", "bleu", true, true);
    const [noIndex, mixed] = await Promise.all([run(["merge", ...plain, "--paired-bs"]), run(["merge", indexed[0]!, indexed[1]!, plain[2]!])]);
    expect(noIndex.code).toBe(1);
    expect(noIndex.stderr).toMatch(/without a place in the corpus.*gramscore stats --rows --shard-index N/s);
    expect(mixed.code).toBe(1);
    expect(mixed.stderr).toMatch(/carries its place in the corpus \(shard index 0\), but .*rowsplain2.jsonl line 1 does not/);
    // Two shards both claiming index 1.
    const dup = await run(["stats", "-m", "bleu", "--input", "rowsidx2.in.jsonl", "-o", "dup.jsonl", "--shard-index", "1"]);
    expect(dup.code).toBe(0);
    const both = await run(["merge", indexed[1]!, "dup.jsonl"]);
    expect(both.code).toBe(1);
    expect(both.stderr).toMatch(/both carry shard index 1/);
    const bad = await run(["stats", "-m", "bleu", "--input", "rowsidx2.in.jsonl", "--shard-index", "1.5"]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain("--shard-index takes the shard's place in the corpus as a whole number");
  });

  it("merge --confidence refuses rows that do not belong to their statistics, and paired shards whose systems do not pair up", async () => {
    const files = await shards("tamper", "bleu", true, true);
    const lines = readFileSync(join(dir, files[0]!), "utf8").trimEnd().split("\n");
    const line = JSON.parse(lines[0]!) as { rows: { values: number[] } };
    line.rows.values[0] = line.rows.values[0]! + 5;
    write("tampered.jsonl", [JSON.stringify(line), ...lines.slice(1)].join("\n") + "\n");
    const r = await run(["merge", "tampered.jsonl", files[1]!, files[2]!, "--confidence"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/tampered\.jsonl line 1: its "rows" do not belong to its statistics/s);
    // A shard whose second system's records are rotated: merge --paired-bs refuses it.
    const [a, b] = systems;
    write("rot.in.jsonl", jsonl([...a!.slice(0, 70), ...b!.slice(1, 70), b![0]!]));
    write("rot1.in.jsonl", jsonl([...a!.slice(70, N), ...b!.slice(70, N)]));
    const s0 = await run(["stats", "-m", "bleu", "--input", "rot.in.jsonl", "-o", "rot0.jsonl", "--rows", "--shard-index", "0"]);
    const s1 = await run(["stats", "-m", "bleu", "--input", "rot1.in.jsonl", "-o", "rot1.jsonl", "--rows", "--shard-index", "1"]);
    expect([s0.code, s1.code]).toEqual([0, 0]);
    const p = await run(["merge", "rot1.jsonl", "rot0.jsonl", "--paired-bs"]);
    expect(p.code).toBe(1);
    expect(p.stderr).toContain(`segment 1 of system ${b![0]!.system} (line 71) is not segment 1 of system ${a![0]!.system} (line 1)`);
  });
});

describe("untrusted shards and the significance flags' messages", () => {
  it("merge refuses a METEOR line with total [1e308, 1e308] at once (it used to hang)", async () => {
    const stats = { total: [1e308, 1e308], segments: 2 };
    const good = await run(["stats", "-m", "meteor", "--input", write("m.in.jsonl", jsonl([{ system: "x", hyp: "a cat", refs: ["a cat"] }]))]);
    expect(good.code).toBe(0);
    const real = JSON.parse(good.stdout.trim()) as Record<string, unknown>;
    write("huge.jsonl", `${JSON.stringify({ ...real, stats, count: 2, shard: undefined, segments: undefined })}\n`);
    const started = Date.now();
    const r = await run(["merge", "huge.jsonl"]);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("METEOR statistics need total");
  });

  it("a huge sample count is a LIMIT_EXCEEDED naming the size, not an unexpected error", async () => {
    write("l.ref", "a b c\nd e f\n");
    write("l0", "a b c\nd e\n");
    write("l1", "a b\nd e f\n");
    const [bs, conf] = await Promise.all([
      run(["score", "-m", "bleu", "l.ref", "-i", "l0", "l1", "--paired-bs", "--paired-bs-n", "999999999999"]),
      run(["score", "-m", "bleu", "l.ref", "-i", "l0", "--confidence", "--confidence-n", "99999999999999"]),
    ]);
    for (const r of [bs, conf]) {
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/MiB of draws, over the limit of 1024 MiB/);
      expect(r.stderr).not.toMatch(/unexpected error|Invalid typed array length/);
    }
  });

  it("--paired-ar-ci is a flag: a reference file after it stays a reference; --paired-ar-ci-n sets the count", async () => {
    write("c.ref0", "the cat sat on the mat\nthere is a dog\nit rains today\n");
    write("c.ref1", "a cat sat on the mat\nthere is one dog\nit is raining today\n");
    write("c.s0", "the cat sat on a mat\nthere is dog\nit rains\n");
    write("c.s1", "cat on the mat\na dog is there\ntoday it rains\n");
    const [flag, counted, old] = await Promise.all([
      run(["score", "-m", "bleu", "-f", "json", "-i", "c.s0", "c.s1", "--paired-ar", "--paired-ar-n", "50", "--paired-ar-ci", "c.ref0", "c.ref1"]),
      run(["score", "-m", "bleu", "-f", "json", "c.ref0", "c.ref1", "-i", "c.s0", "c.s1", "--paired-ar", "--paired-ar-n", "50", "--paired-ar-ci-n", "1000"]),
      run(["score", "-m", "bleu", "-f", "json", "c.ref0", "c.ref1", "-i", "c.s0", "c.s1", "--paired-ar", "--paired-ar-n", "50", "--paired-ar-ci", "200"]),
    ]);
    expect(flag.stderr).toBe("");
    const sig = (out: string) => (JSON.parse(out) as { significance: { arConfidence: number } }).significance;
    expect(sig(flag.stdout).arConfidence).toBe(1000);
    expect(sig(flag.stdout)).toEqual(sig(counted.stdout));
    // The old spelling with a count: "200" is now a (missing) reference file, which is said plainly.
    expect(old.code).not.toBe(0);
    expect(old.stderr).toContain("200");
  });
});
