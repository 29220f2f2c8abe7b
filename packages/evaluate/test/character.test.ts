// HF's `character` dictionary: the docstring examples of HF evaluate v0.4.6's metrics/character, and
// three systems of WMT22 en-de (two references) against the goldens of packages/metric-character.
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ErrorCode } from "@gramscore/core";
import { load } from "../src/index.js";
import { codeOf } from "../../../tooling/test/errors.js";
import { hasShared, readDataset } from "../../../tooling/conformance/data.js";

const PRED = "this week the saudis denied information published in the new york times";
const REF = "saudi arabia denied this week information published in the american new york times";

describe("load('character')", () => {
  it("HF's docstring examples, key for key", () => {
    const m = load("character");
    expect(m.compute({ predictions: [PRED], references: [REF] })).toEqual({ cer_score: 0.36619718309859156 });
    expect(
      m.compute({ predictions: [PRED, "this is in fact an estimate"], references: [REF, "this is actually an estimate"], aggregate: "sum", return_all_scores: true }),
    ).toEqual({ cer_score: 0.6254564423578508, cer_scores: [0.36619718309859156, 0.25925925925925924] });
    expect(
      m.compute({ predictions: [PRED], references: [[REF, "the saudis have denied new information published in the ny times"]], aggregate: "median", return_all_scores: true }),
    ).toEqual({ cer_score: 0.36619718309859156, cer_scores: [0.36619718309859156] });
  });

  it("a bad aggregate is INVALID_OPTION, as HF raises ValueError", () => {
    expect(codeOf(() => load("character").compute({ predictions: [PRED], references: [REF], aggregate: "max" as "mean" }))).toBe(ErrorCode.INVALID_OPTION);
  });

  it.skipIf(!hasShared)("the first three systems of WMT22 en-de: cer_score for mean, median and sum equal HF's", () => {
    const g = JSON.parse(gunzipSync(readFileSync(new URL("../../metric-character/test/data/character-mt_wmt22_generaltest2022_en-de.json.gz", import.meta.url))).toString("utf8"));
    const records = readDataset("mt_wmt22_generaltest2022_en-de");
    const m = load("character");
    let offset = 0;
    for (const sys of g.systems.slice(0, 3)) {
      const recs = records.slice(offset, offset + sys.segments);
      offset += sys.segments;
      for (const aggregate of ["mean", "median", "sum"] as const) {
        expect(m.compute({ predictions: recs.map((r) => r.hyp), references: recs.map((r) => r.refs), aggregate }).cer_score, `${sys.system} ${aggregate}`).toBe(sys.hf[aggregate]);
      }
    }
  });
});
