/**
 * ROUGE pairwise matrices. For rouge-score's ROUGE-N and ROUGE-L, every text is tokenized once; the
 * ROUGE-N hits of a hypothesis against every reference come from an inverted index of n-gram ids,
 * ROUGE-L's from one LCS per pair, and every cell goes through the engine's own `combine` (the path of
 * a segment score). Other types (rougeLsum, ROUGE-1.5.5's) are scored pair by pair with the metric
 * itself: the same numbers, without the speed-up.
 */
import { checkPairwiseInput, pairwiseFieldError, pairwiseMethods, pairwiseRows } from "@gramscore/core";
import type { Metric, PairwiseOptions, PairwiseScorer } from "@gramscore/core";
import { NgramPostings, NgramProfiler, lcsLength } from "@gramscore/ngram";
import type { NgramProfile } from "@gramscore/ngram";
import type { RougeEngine } from "./engine.js";
import type { PreparedText, ReferenceData } from "./prepared.js";
import type { RougeResult } from "./types.js";

const PARTS = { p: 0, r: 1, f: 2 } as const;

/** The pairwise methods of a ROUGE metric built on `engine`. @internal */
export function rougePairwise(
  engine: RougeEngine,
  metric: () => Metric<unknown, RougeResult>,
): PairwiseScorer {
  const types = engine.config.types;
  const T = types.length;

  /** The type index and P/R/F part a field (`rouge1.f`) names; default the first type's F. */
  const parseField = (field: string | undefined): { ti: number; part: 0 | 1 | 2 } => {
    if (field === undefined) return { ti: 0, part: 2 };
    const dot = typeof field === "string" ? field.lastIndexOf(".") : -1;
    const ti = dot > 0 ? types.findIndex((t) => t.key === field.slice(0, dot)) : -1;
    const part = dot > 0 ? PARTS[field.slice(dot + 1) as keyof typeof PARTS] : undefined;
    if (ti < 0 || part === undefined) {
      throw pairwiseFieldError(
        "ROUGE",
        types.flatMap((t) => [`${t.key}.p`, `${t.key}.r`, `${t.key}.f`]),
        field,
      );
    }
    return { ti, part };
  };

  function pairwise(hyps: readonly string[], refs: readonly string[], options?: PairwiseOptions): Float64Array {
    checkPairwiseInput(hyps, refs, "ROUGE pairwise(hyps, refs)");
    const { ti, part } = parseField(options?.field);
    const [first, last] = pairwiseRows(options, hyps.length);
    const nRefs = refs.length;
    const out = new Float64Array((last - first) * nRefs);
    const t = types[ti]!;
    if (engine.config.mode === "rouge155" || (t.kind !== "n" && t.kind !== "l")) {
      const m = metric();
      const key = `${t.key}.${"prf"[part]}`;
      for (let i = first; i < last; i++) {
        for (let j = 0; j < nRefs; j++) out[(i - first) * nRefs + j] = m.summarize(m.score(m.stats(hyps[i]!, [refs[j]!]), "segment"))[key]!;
      }
      return out;
    }
    engine.begin();
    const seen = new Map<string, PreparedText>();
    const prepare = (text: string, what: string): PreparedText => {
      let p = seen.get(text);
      if (p === undefined) seen.set(text, (p = engine.prepare(text, what)));
      return p;
    };
    const rp = refs.map((r, j) => prepare(r, `Reference ${j}`));
    const hp: PreparedText[] = [];
    for (let i = first; i < last; i++) hp.push(prepare(hyps[i]!, `Hypothesis ${i}`));
    // One reference per cell: the data of type `ti` only (the others stay 0 and are not read).
    const data: ReferenceData = { refs: 1, hit: new Float64Array(T), model: new Float64Array(T), peer: new Float64Array(T), select: new Float64Array(T) };
    const row = new Float64Array(engine.columns);
    const o = ti * engine.stride + part;
    if (t.kind === "n") {
      const n = t.n;
      const profiler = new NgramProfiler(n);
      const profiles = new Map<PreparedText, NgramProfile>();
      const profile = (p: PreparedText): NgramProfile => {
        let q = profiles.get(p);
        if (q === undefined) profiles.set(p, (q = profiler.profile(p.flat)));
        return q;
      };
      const refProfiles = rp.map(profile);
      const postings = new NgramPostings(refProfiles, profiler.size);
      const acc = new Int32Array(nRefs * n);
      for (let i = 0; i < hp.length; i++) {
        const h = hp[i]!;
        acc.fill(0);
        postings.accumulate(profile(h), acc, n, 0);
        for (let j = 0; j < nRefs; j++) {
          data.hit[ti] = acc[j * n + n - 1]!;
          data.model[ti] = Math.max(rp[j]!.flat.length - n + 1, 0);
          data.peer[ti] = Math.max(h.flat.length - n + 1, 0);
          out[i * nRefs + j] = engine.combine(data, undefined, row)[o]!;
        }
      }
    } else {
      for (let i = 0; i < hp.length; i++) {
        const h = hp[i]!.flat;
        for (let j = 0; j < nRefs; j++) {
          const r = rp[j]!.flat;
          data.hit[ti] = r.length > 0 && h.length > 0 ? lcsLength(r, h) : 0;
          data.model[ti] = r.length;
          data.peer[ti] = h.length;
          out[i * nRefs + j] = engine.combine(data, undefined, row)[o]!;
        }
      }
    }
    return out;
  }

  return pairwiseMethods(pairwise);
}
