// SQuAD v1.1 and v2.0 against HF evaluate v0.4.6's own scripts (tooling/references/squad/generate.py)
// on real data: 238 SQuAD 1.1 dev questions answered by four systems, 500 SQuAD 2.0 dev questions
// answered by a BERT model with its null log-odds (sources in squad-real.json).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createSquad, createSquadV2, normalizeAnswer, squad, squadV2 } from "@gramscore/metric-squad";

const here = new URL("./data/", import.meta.url);
const real = JSON.parse(readFileSync(new URL("squad-real.json", here), "utf8"));
const golden = JSON.parse(readFileSync(new URL("squad-golden.json", here), "utf8"));

type Ref = { id: string; answers: string[] };

/** Answers as gramscore's streams: references[k][i], null where question i has fewer. */
function streams(refs: Ref[]): (string | null)[][] {
  const width = Math.max(0, ...refs.map((r) => r.answers.length));
  return Array.from({ length: width }, (_, k) => refs.map((r) => r.answers[k] ?? null));
}

// HF adds the questions' scores left to right in double; gramscore adds them exactly (so statistics
// merge in any order) and rounds once, as math.fsum does. The means are compared bit for bit with
// the fsum values the driver prints, and with HF's within 4 units in the last place at 64-128 (2^-44):
// the measured differences on this data are 0, 1 and 2 units.
const ULP4 = 2 ** -44;

describe("SQuAD v1.1 = HF evaluate squad", () => {
  const refs: Ref[] = real.v1.references;
  const m = createSquad();
  for (const [system, texts] of Object.entries(real.v1.systems as Record<string, string[]>)) {
    it(`${system}: every question's exact match and F1`, () => {
      const items: [number, number][] = golden.v1[system].items;
      expect(items).toHaveLength(refs.length);
      texts.forEach((t, i) => {
        const s = m.stats(t, refs[i]!.answers);
        expect([s.exact, s.f1.length === 0 ? 0 : s.f1[0]], `${system} question ${refs[i]!.id}`).toEqual(items[i]);
      });
    });
    it(`${system}: corpus exact_match and f1`, () => {
      const r = squad(texts, streams(refs));
      expect(r.exactMatch).toBe(golden.v1[system].hf.exact_match);
      expect(r.exactMatch).toBe(golden.v1[system].fsum.exact_match);
      expect(r.f1).toBe(golden.v1[system].fsum.f1);
      expect(Math.abs(r.f1 - golden.v1[system].hf.f1)).toBeLessThanOrEqual(ULP4);
      expect(r.total).toBe(refs.length);
    });
  }
});

describe("SQuAD v2.0 = HF evaluate squad_v2", () => {
  const refs: Ref[] = real.v2.references;
  const texts: string[] = real.v2.predictions;
  // HF's features hold no_answer_probability as float32.
  const probs = (real.v2.noAnswerProbabilities as number[]).map((p) => Math.fround(p));

  it("every question's raw exact match and F1", () => {
    const m = createSquadV2();
    const items: [number, number][] = golden.v2.items;
    texts.forEach((t, i) => {
      const s = m.questionStats(t, refs[i]!.answers, { noAnswerProbability: -1e9 });
      const sums = refs[i]!.answers.length > 0 ? s.hasAns : s.noAns;
      expect([sums.exact, sums.f1.length === 0 ? 0 : sums.f1[0]], refs[i]!.id).toEqual(items[i]);
    });
  });

  for (const t of golden.v2.thresholds as { threshold: number; hf: Record<string, number>; fsum: Record<string, number> }[]) {
    it(`no_answer_threshold ${t.threshold}: every key`, () => {
      const r = squadV2(texts, streams(refs), { noAnswerThreshold: t.threshold, noAnswerProbabilities: probs });
      const hf = t.hf;
      expect(r.total).toBe(hf.total);
      expect(r.exact).toBe(hf.exact);
      expect(r.f1).toBe(t.fsum.f1);
      expect(Math.abs(r.f1 - hf.f1!)).toBeLessThanOrEqual(ULP4);
      expect(r.hasAns!.total).toBe(hf.HasAns_total);
      expect(r.hasAns!.exact).toBe(hf.HasAns_exact);
      expect(Math.abs(r.hasAns!.f1 - hf.HasAns_f1!)).toBeLessThanOrEqual(ULP4);
      expect(r.noAns!.total).toBe(hf.NoAns_total);
      expect(r.noAns!.exact).toBe(hf.NoAns_exact);
      expect(r.noAns!.f1).toBe(hf.NoAns_f1);
      expect(r.bestExact).toBe(hf.best_exact);
      expect(r.bestExactThresh).toBe(hf.best_exact_thresh);
      expect(r.bestF1).toBe(hf.best_f1);
      expect(r.bestF1Thresh).toBe(hf.best_f1_thresh);
    });
  }
});

describe("hand cases = the official functions (normalization corners, empty answers)", () => {
  for (const c of golden.cases as { prediction: string; answers: string[]; normalized: string; v1: [number, number]; v2: [number, number] }[]) {
    it(JSON.stringify([c.prediction, c.answers]), () => {
      expect(normalizeAnswer(c.prediction)).toBe(c.normalized);
      const s1 = createSquad().stats(c.prediction, c.answers);
      expect([s1.exact, s1.f1.length === 0 ? 0 : s1.f1[0]]).toEqual(c.v1);
      const s2 = createSquadV2().questionStats(c.prediction, c.answers, { noAnswerProbability: -1e300, hasAnswer: true });
      expect([s2.hasAns.exact, s2.hasAns.f1.length === 0 ? 0 : s2.hasAns.f1[0]]).toEqual(c.v2);
    });
  }
});
