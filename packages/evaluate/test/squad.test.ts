// HF's `squad` and `squad_v2` dictionaries, key for key and in HF's key order, against the goldens of
// packages/metric-squad (HF evaluate v0.4.6's scripts on real SQuAD dev data).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ErrorCode } from "@gramscore/core";
import { load } from "../src/index.js";
import { codeOf } from "../../../tooling/test/errors.js";

const data = new URL("../../metric-squad/test/data/", import.meta.url);
const real = JSON.parse(readFileSync(new URL("squad-real.json", data), "utf8"));
const golden = JSON.parse(readFileSync(new URL("squad-golden.json", data), "utf8"));
// gramscore sums exactly; HF adds left to right (differences of up to 2 units in the last place at 64-128 here).
const ULP4 = 2 ** -44;

type Ref = { id: string; answers: string[] };
const hfRefs = (refs: Ref[]) => refs.map((r) => ({ id: r.id, answers: { text: r.answers, answer_start: r.answers.map(() => 0) } }));

function close(got: Record<string, number>, want: Record<string, number>): void {
  expect(Object.keys(got)).toEqual(Object.keys(want));
  for (const k of Object.keys(want)) {
    if (/f1$/.test(k) && !k.startsWith("best")) expect(Math.abs(got[k]! - want[k]!), k).toBeLessThanOrEqual(ULP4);
    else expect(got[k], k).toBe(want[k]);
  }
}

describe("load('squad')", () => {
  it("HF's docstring example", () => {
    const r = load("squad").compute({
      predictions: [{ prediction_text: "1976", id: "56e10a3be3433e1400422b22" }],
      references: [{ answers: { answer_start: [97], text: ["1976"] }, id: "56e10a3be3433e1400422b22" }],
    });
    expect(r).toEqual({ exact_match: 100.0, f1: 100.0 });
  });

  for (const [system, texts] of Object.entries(real.v1.systems as Record<string, string[]>)) {
    it(`${system}: HF's dictionary`, () => {
      const refs: Ref[] = real.v1.references;
      // Predictions in reverse order: squad looks them up by id.
      const predictions = refs.map((r, i) => ({ id: r.id, prediction_text: texts[i]! })).reverse();
      close(load("squad").compute({ predictions, references: hfRefs(refs) }) as unknown as Record<string, number>, golden.v1[system].hf);
    });
  }

  it("a reference without prediction scores 0; an empty answer list is EMPTY_INPUT; counts must agree", () => {
    const m = load("squad");
    const refs = [{ id: "a", answers: { text: ["x"], answer_start: [0] } }, { id: "b", answers: { text: ["y"], answer_start: [0] } }];
    expect(m.compute({ predictions: [{ id: "a", prediction_text: "x" }, { id: "zz", prediction_text: "y" }], references: refs })).toEqual({ exact_match: 50, f1: 50 });
    expect(codeOf(() => m.compute({ predictions: [{ id: "a", prediction_text: "x" }], references: [{ id: "a", answers: { text: [], answer_start: [] } }] }))).toBe(ErrorCode.EMPTY_INPUT);
    expect(codeOf(() => m.compute({ predictions: [], references: refs }))).toBe(ErrorCode.LENGTH_MISMATCH);
    expect(codeOf(() => m.compute({ predictions: ["x"] as never, references: refs.slice(0, 1) }))).toBe(ErrorCode.INVALID_TYPE);
  });
});

describe("load('squad_v2')", () => {
  const refs: Ref[] = real.v2.references;
  const predictions = refs.map((r, i) => ({ id: r.id, prediction_text: real.v2.predictions[i] as string, no_answer_probability: real.v2.noAnswerProbabilities[i] as number }));

  for (const t of golden.v2.thresholds as { threshold: number; hf: Record<string, number> }[]) {
    it(`no_answer_threshold ${t.threshold}: every key, in HF's order`, () => {
      const args = t.threshold === 1 ? {} : { no_answer_threshold: t.threshold };
      close(load("squad_v2").compute({ predictions, references: hfRefs(refs), ...args }) as unknown as Record<string, number>, t.hf);
    });
  }

  it("HF's docstring example; NoAns keys absent without unanswerable questions", () => {
    const r = load("squad_v2").compute({
      predictions: [{ prediction_text: "1976", id: "56e10a3be3433e1400422b22", no_answer_probability: 0 }],
      references: [{ answers: { answer_start: [97], text: ["1976"] }, id: "56e10a3be3433e1400422b22" }],
    });
    expect(r).toEqual({ exact: 100.0, f1: 100.0, total: 1, HasAns_exact: 100.0, HasAns_f1: 100.0, HasAns_total: 1, best_exact: 100.0, best_exact_thresh: 0.0, best_f1: 100.0, best_f1_thresh: 0.0 });
  });

  it("a reference without prediction is EMPTY_INPUT (HF: KeyError); a bad threshold is INVALID_OPTION", () => {
    const m = load("squad_v2");
    expect(codeOf(() => m.compute({ predictions: [{ id: "b", prediction_text: "", no_answer_probability: 0 }], references: [{ id: "a", answers: { text: [] } }] }))).toBe(
      ErrorCode.EMPTY_INPUT,
    );
    expect(codeOf(() => m.compute({ predictions, references: hfRefs(refs), no_answer_threshold: "x" as never }))).toBe(ErrorCode.INVALID_OPTION);
  });
});
