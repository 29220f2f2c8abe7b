// Every ROUGE expectation of ../shared/conformance/cases/cases.jsonl: rouge-score (rouge, rouge-stem) and
// ROUGE-1.5.5 (rouge155-fA, -fB, -fA-stop, -fA-noexc), including the segments where the script died.
import { GramscoreError, evaluate } from "@gramscore/core";
import { createRouge } from "@gramscore/metric-rouge";
import { describe, expect, it } from "vitest";
import { SKIP_MESSAGE, hasShared, readCases } from "../../../tooling/conformance/data.js";
import { R155_KEYS, R155_TYPES, asRPF, differences, rouge155Options } from "./helpers.js";

if (!hasShared) console.log(SKIP_MESSAGE);

describe.skipIf(!hasShared)("cases.jsonl", () => {
  const cases = hasShared ? readCases() : [];

  for (const config of ["rouge", "rouge-stem"]) {
    it(`${config}: every segment bit for bit, and the mean`, () => {
      let segments = 0;
      let n = 0;
      for (const c of cases) {
        const exp = c.expected[config];
        if (exp === undefined) continue;
        n++;
        const metric = createRouge({ rougeTypes: exp.options.rouge_types, stemmer: exp.options.use_stemmer ? "porter" : "none" });
        c.segments.forEach((seg, i) => {
          const got = metric.scoreSegment(seg.hyp, seg.refs);
          expect(differences(got, exp.segments[i]), `${c.id} segment ${i}`).toEqual([]);
          segments++;
        });
        const corpus = evaluate(metric, c.segments).corpus;
        for (const t of exp.options.rouge_types as string[]) {
          for (const f of ["precision", "recall", "fmeasure"] as const) {
            expect(Math.abs(corpus[t]![f] - exp.mean[t][f]), `${c.id} mean ${t}.${f}`).toBeLessThanOrEqual(1e-12);
          }
        }
      }
      console.log(`cases ${config}: ${n} cases, ${segments} segments compared`);
      expect(n).toBeGreaterThan(50);
    });
  }

  for (const config of ["rouge155-fA", "rouge155-fB", "rouge155-fA-stop", "rouge155-fA-noexc"]) {
    it(`${config}: every printed row (5 decimals), the deaths, and the mean`, () => {
      let segments = 0;
      let deaths = 0;
      const metric = createRouge(rouge155Options(config));
      const withoutW = createRouge(rouge155Options(config, R155_TYPES.filter((t) => t !== "rougeW" && t !== "rougeS" && t !== "rougeSU")));
      for (const c of cases) {
        const exp = c.expected[config];
        if (exp === undefined) continue;
        expect(exp.argv).toContain(config === "rouge155-fB" ? "-f B" : "-f A");
        let died = false;
        c.segments.forEach((seg, i) => {
          const e = exp.segments[i];
          if (e.error !== undefined) {
            // ROUGE-1.5.5 died in ROUGE-W ("Illegal division by zero") after printing N and L.
            expect(e.error).toMatch(/Illegal division by zero/);
            let thrown: unknown;
            try {
              metric.scoreSegment(seg.hyp, seg.refs);
            } catch (error) {
              thrown = error;
            }
            expect(thrown, `${c.id} segment ${i}`).toBeInstanceOf(GramscoreError);
            expect((thrown as GramscoreError).code).toBe("EMPTY_INPUT");
            const partial = asRPF(withoutW.scoreSegment(seg.hyp, seg.refs), Object.keys(e.partial));
            expect(differences(partial, e.partial), `${c.id} segment ${i} partial`).toEqual([]);
            deaths++;
            died = true;
          } else {
            const got = asRPF(metric.scoreSegment(seg.hyp, seg.refs));
            expect(differences(got, e), `${c.id} segment ${i}`).toEqual([]);
          }
          segments++;
        });
        if (!died && exp.mean !== undefined) {
          const corpus = asRPF(evaluate(metric, c.segments).corpus);
          for (const k of R155_KEYS) {
            for (const f of ["R", "P", "F"] as const) {
              expect(Math.abs(corpus[k]![f] - exp.mean[k][f]), `${c.id} mean ${k}.${f}`).toBeLessThanOrEqual(1e-12);
            }
          }
        }
      }
      console.log(`cases ${config}: ${segments} segments compared (${deaths} where ROUGE-1.5.5 died)`);
      expect(segments).toBeGreaterThan(50);
    });
  }
});
