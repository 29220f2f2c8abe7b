import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatFixed, fsum, isPythonWhitespace, pyRstrip, pySplit, pyStrip, roundHalfEven } from "@gramscore/core";

describe("formatFixed", () => {
  it("rounds exact binary ties half to even, like Python", () => {
    expect(formatFixed(0.125, 2)).toBe("0.12");
    expect(formatFixed(0.375, 2)).toBe("0.38");
    expect(formatFixed(2.5, 0)).toBe("2");
    expect(formatFixed(3.5, 0)).toBe("4");
    expect(formatFixed(-2.5, 0)).toBe("-2");
    expect(formatFixed(1.0, 1)).toBe("1.0");
    expect(formatFixed(0, 3)).toBe("0.000");
    expect(formatFixed(-0, 1)).toBe("-0.0");
    expect(formatFixed(1e21, 1)).toBe("1000000000000000000000.0");
  });
  it("rounds non-ties to nearest on the exact binary value (0.15 is below the tie)", () => {
    // 0.15 is stored as 0.1499999999999999944..., 2.675 as 2.67499999999999982...
    expect(formatFixed(0.15, 1)).toBe("0.1");
    expect(formatFixed(2.675, 2)).toBe("2.67");
    expect(formatFixed(1.005, 2)).toBe("1.00");
  });
  it("agrees with toFixed whenever the value is not an exact tie", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.integer({ min: 0, max: 8 }), (x, d) => {
        const ours = formatFixed(x, d);
        const scaled = Math.abs(x) * 10 ** d;
        const isTie = Number.isInteger(scaled * 2) && !Number.isInteger(scaled);
        if (!isTie && Math.abs(scaled) < 2 ** 50) {
          const theirs = x.toFixed(d);
          const norm = (s: string) => (/^-0\.?0*$/.test(s) ? s.slice(1) : s);
          expect(norm(ours)).toBe(norm(theirs));
        }
      }),
    );
  });
  it("round-trips through roundHalfEven", () => {
    expect(roundHalfEven(0.125, 2)).toBe(0.12);
    expect(roundHalfEven(12.345678, 1)).toBe(12.3);
  });
});

describe("fsum", () => {
  it("is exactly rounded where naive summation is not", () => {
    expect(fsum([0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1])).toBe(1);
    expect(fsum([1e100, 1.0, -1e100, 1e-100, 1e50, -1.0, -1e50])).toBe(1e-100);
    expect(fsum([2 ** 53, -0.5, -(2 ** -54)])).toBe(2 ** 53 - 1);
    expect(fsum([])).toBe(0);
  });
  it("does not depend on the order of its inputs", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e300, max: 1e300 }), { maxLength: 30 }), (xs) => {
        const reversed = [...xs].reverse();
        expect(fsum(xs)).toBe(fsum(reversed));
      }),
    );
  });
});

describe("Python whitespace", () => {
  it("uses str.isspace()'s set, not JavaScript's \\s", () => {
    for (const cp of [0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000]) {
      expect(isPythonWhitespace(cp), cp.toString(16)).toBe(true);
    }
    for (const cp of [0xfeff, 0x200b, 0x180e, 0x41, 0x08, 0x0e, 0x1b, 0x7f]) {
      expect(isPythonWhitespace(cp), cp.toString(16)).toBe(false);
    }
  });
  it("splits like str.split()", () => {
    expect(pySplit("  a\u001cb\u0085c\ufeffd  ")).toEqual(["a", "b", "c\ufeffd"]);
    expect(pySplit("")).toEqual([]);
    expect(pySplit(" \t\n ")).toEqual([]);
    expect(pySplit("😀 x")).toEqual(["😀", "x"]);
    expect(pyStrip("\u3000 ab \u2028")).toBe("ab");
    expect(pyRstrip(" ab \r")).toBe(" ab");
  });
});

describe("running exact sums", () => {
  it("addToPartials + sumPartials equals fsum", async () => {
    const { addToPartials, sumPartials } = await import("@gramscore/core");
    fc.assert(
      fc.property(fc.array(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }), { maxLength: 40 }), (xs) => {
        const partials: number[] = [];
        for (const x of xs) addToPartials(partials, x);
        expect(sumPartials(partials)).toBe(fsum(xs));
      }),
    );
  });
});
