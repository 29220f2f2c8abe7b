import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { glibcExp as pyExp, log as pyLog } from "@gramscore/core";

// CPython 3.11 math.exp / math.log on glibc, made once by tooling/significance/libm-reference.py.
const fixture = JSON.parse(readFileSync(new URL("./fixtures/libm.json", import.meta.url), "utf8")) as Record<"exp" | "log", [string, string][]>;

describe("the exp and log BLEU uses (core's glibcExp and log) equal CPython's math.exp / math.log", () => {
  it(`log on ${fixture.log.length} doubles`, () => {
    const bad = fixture.log.filter(([x, y]) => pyLog(Number(x)) !== Number(y));
    expect(bad).toEqual([]);
  });
  it(`exp on ${fixture.exp.length} doubles`, () => {
    const bad = fixture.exp.filter(([x, y]) => pyExp(Number(x)) !== Number(y));
    expect(bad).toEqual([]);
  });
  it("edge values", () => {
    expect(pyLog(1)).toBe(0);
    expect(pyExp(0)).toBe(1);
    expect(pyLog(0)).toBe(-Infinity);
    expect(pyExp(-1000)).toBe(0);
    expect(pyLog(100)).toBe(4.605170185988092);
    // Far ends of the range: finite, never NaN.
    for (const x of [2.2250738585072014e-308, 1e-300, 5e-324, 1e300, 1.7976931348623157e308]) expect(Number.isFinite(pyLog(x))).toBe(true);
    for (const x of [699.9, -699.9, 709, -745]) expect(Number.isNaN(pyExp(x))).toBe(false);
  });
});
