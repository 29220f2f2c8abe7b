/**
 * BoundedCache against a plain model of its rule: a new entry that would pass either bound empties the
 * cache first; one larger than the byte bound is never kept; bounds of 0 keep nothing.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BoundedCache } from "@gramscore/core";

type Op = { kind: "set"; key: string; bytes: number } | { kind: "get"; key: string } | { kind: "delete"; key: string } | { kind: "clear" };

const key = fc.constantFrom("a", "b", "c", "d", "e", "f", "g", "h");
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("set" as const), key, bytes: fc.integer({ min: 0, max: 120 }) }),
  fc.record({ kind: fc.constant("get" as const), key }),
  fc.record({ kind: fc.constant("delete" as const), key }),
  fc.constant({ kind: "clear" as const }),
);

describe("BoundedCache", () => {
  it("keeps what the model keeps, within both bounds, for any operations", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 300 }), fc.array(op, { maxLength: 80 }), (maxEntries, maxBytes, ops) => {
        const cache = new BoundedCache<number>(maxEntries, maxBytes);
        const model = new Map<string, { value: number; bytes: number }>();
        const on = maxEntries > 0 && maxBytes > 0;
        expect(cache.enabled).toBe(on);
        let n = 0;
        for (const o of ops) {
          if (o.kind === "set") {
            if (model.has(o.key)) continue; // set is only for keys not kept
            const value = n++;
            const fits = on && o.bytes <= maxBytes;
            expect(cache.set(o.key, value, o.bytes)).toBe(fits);
            if (fits) {
              let used = 0;
              for (const e of model.values()) used += e.bytes;
              if (model.size >= maxEntries || used + o.bytes > maxBytes) model.clear();
              model.set(o.key, { value, bytes: o.bytes });
            }
          } else if (o.kind === "get") {
            expect(cache.get(o.key)).toBe(model.get(o.key)?.value);
            expect(cache.has(o.key)).toBe(model.has(o.key));
          } else if (o.kind === "delete") {
            cache.delete(o.key, model.get(o.key)?.bytes ?? 0);
            model.delete(o.key);
          } else {
            cache.clear();
            model.clear();
          }
          let used = 0;
          for (const e of model.values()) used += e.bytes;
          expect(cache.size).toBe(model.size);
          expect(cache.bytes).toBe(used);
          expect(cache.size).toBeLessThanOrEqual(maxEntries);
          expect(cache.bytes).toBeLessThanOrEqual(maxBytes);
        }
      }),
      { numRuns: 400 },
    );
  });

  it("reports its bounds, with no entries when either is 0", () => {
    expect([new BoundedCache(5, 100).maxEntries, new BoundedCache(5, 100).maxBytes]).toEqual([5, 100]);
    const off = new BoundedCache<string>(5, 0);
    expect([off.enabled, off.maxEntries, off.set("a", "x", 0), off.size]).toEqual([false, 0, false, 0]);
    const none = new BoundedCache<string>(0, 100);
    expect([none.enabled, none.set("a", "x", 1), none.get("a")]).toEqual([false, false, undefined]);
  });
});
