/**
 * MBR and pairwise matrices with the real metrics: worker threads (`jobs`) do not change a bit, MBR
 * picks the argmax of the matrix's row means, reference aggregation works through the metrics. The
 * workers load the built metric packages (dist), as the CLI does: `pnpm build` first (`pnpm test` does).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createBleu, plugin as bleuPlugin } from "@gramscore/metric-bleu";
import { createChrf } from "@gramscore/metric-chrf";
import { argmax, expectedUtility, mbr } from "@gramscore/mbr";
import { mbrParallel, pairwiseParallel } from "@gramscore/mbr/node";
import { SKIP_MESSAGE, hasShared, readDataset, repoRoot } from "../conformance/data.js";

const chrfDist = join(repoRoot, "packages/metric-chrf/dist/index.js");
const bleuDist = join(repoRoot, "packages/metric-bleu/dist/index.js");
// The workers load the built packages: without the test runner's conditions that pick sources.
const execArgv: string[] = [];

function sentences(): string[] {
  if (!hasShared) {
    console.log(SKIP_MESSAGE);
    return ["the cat sat on the mat", "a cat sat on a mat", "the dog 😀 sat", "𝐀 cat", "", "der Hund", "the the the"];
  }
  const seen = new Set<string>();
  for (const r of readDataset("mt_wmt17_newstest2017_en-de")) {
    seen.add(r.hyp);
    if (seen.size >= 60) break;
  }
  return [...seen];
}

describe("pairwiseParallel", () => {
  it("jobs 1, 2 and 3 give the one-thread matrix bit for bit (chrF, chrF++, sentence BLEU)", async () => {
    expect(existsSync(chrfDist) && existsSync(bleuDist), "build the metric packages first (pnpm build)").toBe(true);
    const xs = sentences();
    const ys = xs.slice().reverse().slice(0, 23);
    const cases = [
      { source: { module: chrfDist, metric: "chrf" }, one: createChrf().pairwise(xs, ys) },
      { source: { module: chrfDist, metric: "chrf++" }, one: createChrf({ wordOrder: 2 }).pairwise(xs, ys) },
      { source: { module: bleuDist, metric: "bleu", options: { effectiveOrder: true } }, one: createBleu({ effectiveOrder: true }).pairwise(xs, ys) },
    ];
    for (const { source, one } of cases) {
      for (const jobs of [1, 2, 3]) {
        const m = await pairwiseParallel(source, xs, ys, { jobs, execArgv });
        expect(m.length).toBe(one.length);
        expect(Buffer.from(m.buffer, m.byteOffset, m.byteLength).equals(Buffer.from(one.buffer, one.byteOffset, one.byteLength))).toBe(true);
      }
    }
  });

  it("mbrParallel equals mbr; errors come back as GramscoreErrors", async () => {
    const xs = sentences();
    const one = mbr(createChrf(), xs);
    const par = await mbrParallel({ module: chrfDist, metric: "chrf" }, xs, { jobs: 2, execArgv });
    expect(par.index).toBe(one.index);
    expect(par.utility).toBe(one.utility);
    expect(Array.from(par.utilities)).toEqual(Array.from(one.utilities));
    await expect(pairwiseParallel({ module: chrfDist, metric: "nope" }, xs, xs, { jobs: 2, execArgv })).rejects.toMatchObject({ code: "UNKNOWN_METRIC" });
    await expect(pairwiseParallel({ module: chrfDist, metric: "chrf" }, xs, xs, { jobs: 0, execArgv })).rejects.toMatchObject({ code: "INVALID_OPTION" });
    await expect(pairwiseParallel({ module: chrfDist, metric: "chrf", options: { charOrder: -1 } }, xs, xs, { jobs: 2, execArgv })).rejects.toMatchObject({
      code: "INVALID_OPTION",
    });
  });
});

describe("mbr with chrF and BLEU", () => {
  it("pairwise MBR is the argmax of the matrix's (weighted) row means", () => {
    const xs = sentences();
    const weights = xs.map((_, j) => 1 + (j % 4));
    for (const metric of [createChrf(), createBleu({ effectiveOrder: true })]) {
      const m = metric.pairwise(xs, xs);
      const r = mbr(metric, xs, { weights });
      const u = expectedUtility(m, xs.length, xs.length, { weights });
      expect(Array.from(r.utilities)).toEqual(Array.from(u));
      expect(r.index).toBe(argmax(u));
    }
  });

  it("reference aggregation is each candidate's score against the averaged statistics", () => {
    const xs = sentences();
    for (const metric of [createChrf(), createBleu({ effectiveOrder: true })]) {
      const r = mbr(metric, xs, { method: "aggregate" });
      expect(r.method).toBe("aggregate");
      expect(Array.from(r.utilities)).toEqual(Array.from(metric.aggregateScores(xs, xs)));
      expect(r.candidate).toBe(xs[argmax(r.utilities)]);
    }
    expect(bleuPlugin.metrics?.some((d) => d.name === "bleu")).toBe(true);
  });
});
