/**
 * characTER and EED against their references on every segment of the MT conformance data (six
 * datasets, 134,323 segments, one or two references each). The expected values were written by
 * tooling/references/character/generate.py (HF evaluate v0.4.6's `character` over the cer package
 * 1.2.0, and rwth-i6/CharacTER's script with its C++ edit distance) and
 * tooling/references/eed/generate.py (torchmetrics v1.9.0's `extended_edit_distance` on torch 1.13,
 * and rwth-i6/ExtendedEditDistance's scorer over its C++ code); the inputs come from ../shared.
 * Both references' goldens cover every segment of the six datasets (the C++ scorer's every reference
 * too; torchmetrics scores a segment against all its references at once).
 * Every comparison is bit for bit (`Object.is`): the arithmetic is the references' own, step by step.
 */
import { existsSync, readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { pySplit } from "@gramscore/core";
import { cerScore, character, createCharacter, createEed, eed, eedRwth } from "@gramscore/metric-character";
import { MT_DATASETS, SKIP_MESSAGE, hasShared, readDataset } from "../../../tooling/conformance/data.js";
import type { DataRecord } from "../../../tooling/conformance/data.js";

if (!hasShared) console.log(SKIP_MESSAGE);

const here = new URL("./data/", import.meta.url);
const golden = (file: string) => JSON.parse(gunzipSync(readFileSync(new URL(file, here))).toString("utf8"));

/** The data's systems in order: lines with the same langpair and system are contiguous. */
function systems(records: DataRecord[]): DataRecord[][] {
  const out: DataRecord[][] = [];
  let key = "";
  for (const r of records) {
    const k = `${r.langpair ?? ""}\u0000${r.system}`;
    if (k !== key || out.length === 0) {
      out.push([]);
      key = k;
    }
    out[out.length - 1]!.push(r);
  }
  return out;
}

/** Streams references[k][i] of one system. */
function streams(recs: DataRecord[]): (string | null)[][] {
  const width = Math.max(...recs.map((r) => r.refs.length));
  return Array.from({ length: width }, (_, k) => recs.map((r) => r.refs[k] ?? null));
}

/** The first differing segment, for the message. */
function mismatch(got: number[], want: number[]): string {
  const i = got.findIndex((x, k) => !Object.is(x, want[k]));
  return i < 0 ? "none" : `segment ${i}: got ${got[i]}, want ${want[i]}`;
}

describe.skipIf(!hasShared)("characTER = HF evaluate's character (cer 1.2.0); rwth-i6's original", () => {
  for (const dataset of MT_DATASETS) {
    const file = `character-${dataset}.json.gz`;
    it(`${dataset}: every segment and every system`, () => {
      expect(existsSync(new URL(file, here))).toBe(true);
      const g = golden(file);
      const records = readDataset(dataset);
      expect(g.segments).toHaveLength(records.length);
      const hf = createCharacter();
      const got: number[] = [];
      const want: number[] = [];
      const gotRwth: number[] = [];
      const wantRwth: number[] = [];
      records.forEach((r, i) => {
        got.push(hf.sentence(r.hyp, r.refs));
        want.push(g.segments[i][0]);
        r.refs.forEach((ref, k) => {
          gotRwth.push(cerScore(pySplit(r.hyp), pySplit(ref), true).score);
          wantRwth.push(g.segments[i][1 + k]);
        });
      });
      expect(mismatch(got, want)).toBe("none");
      expect(mismatch(gotRwth, wantRwth)).toBe("none");
      const groups = systems(records);
      expect(groups).toHaveLength(g.systems.length);
      let offset = 0;
      groups.forEach((recs, s) => {
        const sys = g.systems[s];
        expect(sys.system).toBe(recs[0]!.system);
        // The corpus arithmetic on the sentence scores checked above (character() on one system
        // checks the whole path once per dataset).
        const scores = { scores: got.slice(offset, offset + recs.length) };
        for (const agg of ["mean", "median", "sum"] as const) {
          expect(createCharacter({ aggregate: agg }).score(scores, "corpus").score, `${sys.system} ${agg}`).toBe(sys.hf[agg]);
        }
        if (s === 0) expect(character(recs.map((r) => r.hyp), streams(recs)).score).toBe(sys.hf.mean);
        // rwth-i6's main(): sum(scores) / len(scores) over the first reference.
        const first = recs.map((_, i) => g.segments[offset + i][1] as number);
        let total = 0;
        for (const x of first) total += x;
        expect(total / first.length).toBe(sys.rwth_mean_ref0);
        offset += recs.length;
      });
    }, 900_000);
  }
});

describe.skipIf(!hasShared)("EED = torchmetrics' extended_edit_distance; eed_rwth = rwth-i6's C++ scorer", () => {
  for (const dataset of MT_DATASETS) {
    const file = `eed-${dataset}.json.gz`;
    it(`${dataset}: every segment and every system`, () => {
      expect(existsSync(new URL(file, here))).toBe(true);
      const g = golden(file);
      const records = readDataset(dataset);
      expect(g.segments).toHaveLength(records.length);
      const tm = createEed();
      const cpp = createEed(undefined, "rwth-cpp");
      const got: number[] = [];
      const want: number[] = [];
      const gotCpp: number[] = [];
      const wantCpp: number[] = [];
      records.forEach((r, i) => {
        got.push(tm.sentence(r.hyp, r.refs));
        want.push(g.segments[i][0]);
        r.refs.forEach((ref, k) => {
          gotCpp.push(cpp.sentence(r.hyp, [ref]));
          wantCpp.push(g.segments[i][1 + k]);
        });
      });
      // torchmetrics was run on every segment: no golden is missing.
      expect(want.filter((x) => typeof x !== "number")).toHaveLength(0);
      expect(mismatch(got, want)).toBe("none");
      expect(mismatch(gotCpp, wantCpp)).toBe("none");
      expect(gotCpp.length).toBeGreaterThanOrEqual(records.length);
      const groups = systems(records);
      expect(groups).toHaveLength(g.systems.length);
      let offset = 0;
      groups.forEach((recs, s) => {
        const sys = g.systems[s];
        expect(sys.system).toBe(recs[0]!.system);
        expect(typeof sys.torchmetrics, sys.system).toBe("number");
        expect(tm.score({ scores: got.slice(offset, offset + recs.length) }, "corpus").score, sys.system).toBe(sys.torchmetrics);
        if (s === 0) expect(eed(recs.map((r) => r.hyp), streams(recs)).score, sys.system).toBe(sys.torchmetrics);
        // rwth-i6's main(): the mean of the first reference's scores, left to right in double.
        const first = recs.map((_, i) => g.segments[offset + i][1] as number);
        let total = 0;
        for (const x of first) total += x;
        expect(cpp.score({ scores: first }, "corpus").score).toBe(total / recs.length);
        if (s === 0) expect(eedRwth(recs.map((r) => r.hyp), [recs.map((r) => r.refs[0]!)]).score).toBe(total / recs.length);
        offset += recs.length;
      });
    }, 900_000);
  }
});
