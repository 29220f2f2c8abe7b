// HF evaluate's `sari` through load("sari"): the goldens of packages/metric-sari (HF evaluate v0.4.6's
// script on TurkCorpus and ASSET test with published system outputs).
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ErrorCode, GramscoreError } from "@gramscore/core";
import { load } from "@gramscore/evaluate";

const dir = new URL("../../metric-sari/test/data/", import.meta.url);
const read = (name: string) => JSON.parse(gunzipSync(readFileSync(new URL(name, dir))).toString("utf8"));
const data = read("sari-data.json.gz");
const golden = read("sari-golden.json.gz");

function error(f: () => unknown): GramscoreError {
  try {
    f();
  } catch (e) {
    if (e instanceof GramscoreError) return e;
    throw e;
  }
  throw new Error("expected a GramscoreError");
}

// HF sums items left to right; gramscore sums exactly (math.fsum's value). Within 8 ulp at 32-64
// (the largest difference measured on this data is 8 ulp; see packages/metric-sari/README.md).
const ULP8 = 2 ** -44;

describe("load('sari') = HF evaluate sari", () => {
  const sari = load("sari");
  for (const set of ["turkcorpus", "asset"]) {
    it(`${set} references: every system's { sari }`, () => {
      for (const [system, preds] of Object.entries(data.systems as Record<string, string[]>)) {
        const out = sari.compute({ sources: data.sources, predictions: preds, references: data.references[set] });
        expect(Object.keys(out)).toEqual(["sari"]);
        expect(out.sari, system).toBe(golden.sets[set][system].fsum);
        expect(Math.abs(out.sari - golden.sets[set][system].hf)).toBeLessThanOrEqual(ULP8);
      }
    });
  }
  it("HF's docstring example, and one reference string per prediction", () => {
    const c = golden.cases[0];
    expect(sari.compute({ sources: c.sources, predictions: c.predictions, references: c.references }).sari).toBe(c.hf);
    expect(sari.compute({ sources: ["a b c"], predictions: ["a b"], references: ["a b"] }).sari).toBe(
      sari.compute({ sources: ["a b c"], predictions: ["a b"], references: [["a b"]] }).sari,
    );
  });
  it("bad input: missing sources, counts that differ, a source that is not a string", () => {
    expect(error(() => sari.compute({ predictions: ["a"], references: [["a"]] } as never)).code).toBe(ErrorCode.INVALID_TYPE);
    const e = error(() => sari.compute({ sources: ["a", "b"], predictions: ["a"], references: [["a"]] }));
    expect(e.code).toBe(ErrorCode.LENGTH_MISMATCH);
    expect(e.message).toContain("2 sources but 1 predictions");
    expect(error(() => sari.compute({ sources: [1], predictions: ["a"], references: [["a"]] } as never)).code).toBe(ErrorCode.INVALID_OPTION);
    expect(error(() => sari.compute({ sources: ["a"], predictions: [], references: [] })).code).toBe(ErrorCode.EMPTY_INPUT);
  });
});
