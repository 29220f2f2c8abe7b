import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { boxStats, niceTicks, shortNames, systemColor } from "../src/index.js";
import { csvField } from "../src/chart.js";

describe("niceTicks", () => {
  it("covers the values with steps of 1, 2 or 5 × 10^k, at most target + 2 intervals, every tick exact at its decimals", () => {
    const finite = fc.double({ min: -1e6, max: 1e6, noNaN: true });
    fc.assert(
      fc.property(finite, finite, fc.integer({ min: 1, max: 12 }), (a, b, target) => {
        const lo = Math.min(a, b);
        const hi = Math.max(a, b);
        const t = niceTicks(lo, hi, target);
        // Ticks are rounded to their decimals: an end may move by float noise, never by a step.
        expect(t.lo).toBeLessThanOrEqual(lo + t.step * 1e-6);
        expect(t.hi).toBeGreaterThanOrEqual(hi - t.step * 1e-6);
        const mantissa = t.step / Math.pow(10, Math.floor(Math.log10(t.step) + 1e-9));
        expect([1, 2, 5].some((m) => Math.abs(mantissa - m) < 1e-9)).toBe(true);
        expect(t.ticks.length - 1).toBeLessThanOrEqual(target + 2);
        expect(t.ticks.length).toBeGreaterThanOrEqual(2);
        t.ticks.forEach((x, i) => {
          expect(Number(x.toFixed(t.decimals))).toBe(x);
          if (i > 0) expect(Math.abs(x - t.ticks[i - 1]! - t.step)).toBeLessThan(t.step * 1e-6);
        });
      }),
    );
  });

  it("gives the axes a reader expects", () => {
    expect(niceTicks(1.16, 100, 6).ticks).toEqual([0, 20, 40, 60, 80, 100]);
    expect(niceTicks(0, 0.62, 6).ticks).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
    expect(niceTicks(0, 0.62, 12).ticks).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]);
    expect(niceTicks(8.17, 100, 4).ticks).toEqual([0, 50, 100]);
    expect(niceTicks(0, 0, 5).ticks).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceTicks(100, 100, 5).ticks).toEqual([99.4, 99.6, 99.8, 100, 100.2, 100.4, 100.6]);
  });
});

describe("boxStats", () => {
  it("quartiles interpolate as numpy's percentile; whiskers stay within 1.5 × IQR and reach every value inside it", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 1, maxLength: 200 }), (values) => {
        const v = Float64Array.from(values).sort();
        const b = boxStats(v);
        const n = v.length;
        const q = (p: number) => {
          const at = p * (n - 1);
          const i = Math.floor(at);
          return i + 1 < n ? v[i]! + (at - i) * (v[i + 1]! - v[i]!) : v[i]!;
        };
        expect([b.q1, b.median, b.q3]).toEqual([q(0.25), q(0.5), q(0.75)]);
        const fence = 1.5 * (b.q3 - b.q1);
        for (let i = 0; i < n; i++) {
          const inside = v[i]! >= b.q1 - fence && v[i]! <= b.q3 + fence;
          expect(i >= b.lowIndex && i <= b.highIndex).toBe(inside);
        }
        expect(b.low).toBe(v[b.lowIndex]);
        expect(b.high).toBe(v[b.highIndex]);
      }),
    );
  });

  it("keeps a long tail out of the whiskers (TER's 400)", () => {
    const b = boxStats(Float64Array.from([40, 45, 50, 52, 55, 58, 60, 62, 65, 400]));
    expect(b.high).toBe(65);
    expect(b.highIndex).toBe(8);
  });
});

describe("shortNames", () => {
  it("leaves out WMT17's shared prefix and suffix at separators", () => {
    const names = ["newstest2017.C-3MA.4959.en-de", "newstest2017.KIT.4950.en-de", "newstest2017.online-A.0.en-de"];
    expect(shortNames(names, 24)).toEqual({ prefix: "newstest2017.", suffix: ".en-de", names: ["C-3MA.4959", "KIT.4950", "online-A.0"] });
  });

  it("never cuts inside a word, keeps labels distinct and non-empty, and one name whole", () => {
    expect(shortNames(["sys1", "sys2"], 24)).toEqual({ prefix: "", suffix: "", names: ["sys1", "sys2"] });
    expect(shortNames(["a.b", "a.b.c"], 24).names).toEqual(["b", "b.c"]);
    expect(shortNames(["only.one.name"], 24).names).toEqual(["only.one.name"]);
    const part = fc.constantFrom("a", "b", "ab", "x", "2017", "", "é", "\u{1F600}");
    const sep = fc.constantFrom(".", "-", "_", "/", " ", ":");
    const name = fc.array(fc.tuple(part, sep), { minLength: 1, maxLength: 5 }).map((ps) => ps.map(([p, s]) => p + s).join(""));
    fc.assert(
      fc.property(fc.uniqueArray(name, { minLength: 1, maxLength: 8 }), fc.integer({ min: 3, max: 30 }), (names, max) => {
        const r = shortNames(names, max);
        expect(new Set(r.names).size).toBe(names.length);
        names.forEach((n, k) => {
          expect(r.names[k]!.length).toBeGreaterThan(0);
          expect(n.startsWith(r.prefix) && n.endsWith(r.suffix)).toBe(true);
          const middle = Array.from(n).slice(Array.from(r.prefix).length, Array.from(n).length - Array.from(r.suffix).length).join("");
          expect(r.names[k] === middle || (r.names[k]!.includes("…") && Array.from(r.names[k]!).length === max)).toBe(true);
        });
        if (r.prefix) expect(/[._\-/: ]$/.test(r.prefix)).toBe(true);
        if (r.suffix) expect(/^[._\-/: ]/.test(r.suffix)).toBe(true);
      }),
    );
  });
});

describe("systemColor and csvField", () => {
  it("gives 200 systems 200 different colours", () => {
    const colours = Array.from({ length: 200 }, (_, s) => systemColor(s));
    expect(new Set(colours).size).toBe(200);
  });

  it("quotes CSV fields that need it", () => {
    expect([csvField("a"), csvField('say "hi", then'), csvField("a\nb"), csvField(1.5), csvField(null)]).toEqual(["a", '"say ""hi"", then"', '"a\nb"', "1.5", ""]);
  });
});
