import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { defaultRng } from "../src/rng.js";

interface Fixture {
  raw: Record<string, string[]>;
  choice: { seed: number; n: number; draws: number[] }[];
  booleans: { seed: number; draws: number[] }[];
  mixed: { seed: number; booleans: number[]; n: number; choice: number[] };
}

// Made once by tooling/significance/numpy-draws.py with numpy 1.24.2.
const fixture = JSON.parse(readFileSync(new URL("./fixtures/numpy-draws.json", import.meta.url), "utf8")) as Fixture;

describe("numpy default_rng", () => {

  for (const [seed, draws] of Object.entries(fixture.raw)) {
    it(`PCG64 raw outputs equal numpy's first ${draws.length} for seed ${seed}`, () => {
      const g = defaultRng(BigInt(seed));
      const got = draws.map(() => g.nextUint64().toString());
      expect(got).toEqual(draws);
    });
  }

  for (const c of fixture.choice) {
    it(`choice(${c.n}, ${c.draws.length}) equals numpy's for seed ${c.seed}`, () => {
      const out = new Float64Array(c.draws.length);
      defaultRng(c.seed).integers(c.n, out);
      expect(Array.from(out)).toEqual(c.draws);
    });
  }

  for (const b of fixture.booleans) {
    it(`integers(2, dtype=bool) equals numpy's for seed ${b.seed}`, () => {
      const out = new Uint8Array(b.draws.length);
      defaultRng(b.seed).booleans(out);
      expect(Array.from(out)).toEqual(b.draws);
    });
  }

  it("booleans then choice from one generator carry the half-used word over, as numpy", () => {
    const m = fixture.mixed;
    const g = defaultRng(m.seed);
    const b = new Uint8Array(m.booleans.length);
    g.booleans(b);
    const c = new Int32Array(m.choice.length);
    g.integers(m.n, c);
    expect(Array.from(b)).toEqual(m.booleans);
    expect(Array.from(c)).toEqual(m.choice);
  });

  it("number and bigint seeds give the same stream; unseeded generators differ", () => {
    expect(defaultRng(12345).nextUint64()).toBe(defaultRng(12345n).nextUint64());
    expect(defaultRng(null).nextUint64()).not.toBe(defaultRng(null).nextUint64());
  });

  it("rejects negative and fractional seeds with INVALID_OPTION", () => {
    expect(() => defaultRng(-1)).toThrow(expect.objectContaining({ code: "INVALID_OPTION" }));
    expect(() => defaultRng(1.5)).toThrow(expect.objectContaining({ code: "INVALID_OPTION" }));
  });
});
