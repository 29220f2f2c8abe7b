import { ErrorCode, GramscoreError, describeValue } from "@gramscore/core";
import { createSari } from "@gramscore/metric-sari";
import type { SariStats } from "@gramscore/metric-sari";
import { defineModule } from "./module.js";
import type { EvaluationModule, SariOutput } from "./types.js";

/**
 * HF `sari`: `compute({ sources, predictions, references })` with a list of references per
 * prediction; `{ sari }`, the mean of the items' SARI (0–100).
 */
export function sariModule(): EvaluationModule<"sari"> {
  return defineModule({
    name: "sari",
    description: "SARI for text simplification, identical to HF evaluate's sari (lowercased 13a tokens, mean of sentence scores), 0-100",
    references: "any",
    args: [{ name: "sources", default: null, type: { kind: "string-list" } }],
    run(segments, options): SariOutput {
      const sources = options.sources as readonly string[] | null;
      if (sources === null) {
        throw new GramscoreError(
          ErrorCode.INVALID_TYPE,
          "sari: compute needs sources, the sentence each prediction simplifies: compute({ sources, predictions, references }), as HF evaluate's sari.",
          { details: { argument: "sources" } },
        );
      }
      if (sources.length !== segments.length) {
        throw new GramscoreError(
          ErrorCode.LENGTH_MISMATCH,
          `sari: there are ${sources.length} sources but ${segments.length} predictions; sources[i] is the sentence predictions[i] simplifies (HF: "Sources length must match predictions and references lengths.").`,
          { details: { sources: sources.length, predictions: segments.length, received: describeValue(sources.length) } },
        );
      }
      const m = createSari();
      let stats: SariStats = m.empty();
      segments.forEach((seg, i) => {
        try {
          stats = m.merge(stats, m.stats(seg.hyp, seg.refs, sources[i]!));
        } catch (e) {
          if (e instanceof GramscoreError) throw new GramscoreError(e.code, `sari: item ${i}: ${e.message}`, { details: { index: i } });
          throw e;
        }
      });
      return { sari: m.score(stats, "corpus").score };
    },
  });
}
