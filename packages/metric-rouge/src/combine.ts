/**
 * From one segment's hits and counts per type and reference to its statistics row: P, R and F of each
 * reference (rouge-score's or ROUGE-1.5.5's arithmetic and rounding), combined by the multi-reference
 * policy (best-f, best-recall, pooled, average, jackknife).
 */
import { pow } from "@gramscore/ngram";
import { fmeasure, fmeasure155, round5 } from "./numbers.js";
import type { RougeConfig, TypeSpec } from "./options.js";
import type { ReferenceData } from "./prepared.js";

/** The scoring of a metric's configuration (one per engine; its scratch is reused). */
export class Combiner {
  readonly config: RougeConfig;
  readonly #stride: number;
  #perRef = new Float64Array(64);

  /** @param stride Statistics columns per type (3, or 6 in rouge155 mode). */
  constructor(config: RougeConfig, stride: number) {
    this.config = config;
    this.#stride = stride;
  }

  /** Writes P, R, F of one type from hits and counts into `out[o…o+2]`. */
  values(t: TypeSpec, hit: number, model: number, peer: number, out: Float64Array, o: number): void {
    if (this.config.mode === "rouge155") {
      const inverse = t.kind === "w" ? 1 / this.config.weight : 0;
      const R = model !== 0 ? round5(inverse ? pow(hit / model, inverse) : hit / model) : 0;
      const P = peer !== 0 ? round5(inverse ? pow(hit / peer, inverse) : hit / peer) : 0;
      out[o] = P;
      out[o + 1] = R;
      out[o + 2] = fmeasure155(P, R, this.config.alpha);
      return;
    }
    let p: number;
    let r: number;
    if (t.kind === "n") {
      p = hit / Math.max(peer, 1);
      r = hit / Math.max(model, 1);
    } else if (model === 0 || peer === 0) {
      p = 0;
      r = 0;
    } else {
      p = hit / peer;
      r = hit / model;
    }
    out[o] = p;
    out[o + 1] = r;
    out[o + 2] = fmeasure(p, r);
  }

  /**
   * The reference the selection picks (first of the best; `exclude` ≥ 0 leaves one out): by recall
   * (rouge155: ROUGE-1.5.5's `-f B` score; rouge-score: unrounded recall) or by F.
   */
  #pick(ti: number, data: ReferenceData, perRef: Float64Array, exclude: number, byRecall: boolean): number {
    const K = data.refs;
    const rouge155 = this.config.mode === "rouge155";
    let best = -1;
    let bestScore = -Infinity;
    for (let r = 0; r < K; r++) {
      if (r === exclude) continue;
      const score = byRecall ? (rouge155 ? data.select[ti * K + r]! : perRef[r * 3 + 1]!) : perRef[r * 3 + 2]!;
      if (score > bestScore) {
        bestScore = score;
        best = r;
      }
    }
    return best;
  }

  /**
   * Combines the references of each type by the multi-reference policy into the segment's statistics
   * row: per type P, R, F (and model count, peer count, hits in rouge155 mode). `chosen` receives the
   * references each type used.
   */
  combine(data: ReferenceData, chosen?: number[][], into?: Float64Array): Float64Array {
    const { types, multiRef, mode } = this.config;
    const stride = this.#stride;
    const K = data.refs;
    const out = into ?? new Float64Array(types.length * stride);
    if (this.#perRef.length < K * 3) this.#perRef = new Float64Array(K * 3);
    const perRef = this.#perRef;
    const rouge155 = mode === "rouge155";
    const { hit, model, peer } = data;
    for (let ti = 0; ti < types.length; ti++) {
      const t = types[ti]!;
      const o = ti * stride;
      const base = ti * K;
      if (multiRef === "pooled") {
        let h = 0;
        let m = 0;
        let p = 0;
        for (let r = 0; r < K; r++) {
          h += hit[base + r]!;
          m += model[base + r]!;
          p += peer[base + r]!;
        }
        this.values(t, h, m, p, out, o);
        if (rouge155) {
          out[o + 3] = m;
          out[o + 4] = p;
          out[o + 5] = h;
        }
        if (chosen !== undefined) chosen.push(Array.from({ length: K }, (_, r) => r));
        continue;
      }
      for (let r = 0; r < K; r++) this.values(t, hit[base + r]!, model[base + r]!, peer[base + r]!, perRef, r * 3);
      if (multiRef === "best-f" || multiRef === "best-recall") {
        const r = this.#pick(ti, data, perRef, -1, multiRef === "best-recall");
        out[o] = perRef[r * 3]!;
        out[o + 1] = perRef[r * 3 + 1]!;
        out[o + 2] = perRef[r * 3 + 2]!;
        if (rouge155) {
          out[o + 3] = model[base + r]!;
          out[o + 4] = peer[base + r]!;
          out[o + 5] = hit[base + r]!;
        }
        if (chosen !== undefined) chosen.push([r]);
        continue;
      }
      // average: every reference; jackknife: for each reference left out, the best of the others
      // (one reference: the base selection of that one). Means of the per-reference results.
      let sp = 0;
      let sr = 0;
      let sf = 0;
      let sm = 0;
      let spc = 0;
      let sh = 0;
      const used: number[] = [];
      const rounds = multiRef === "average" || K === 1 ? 1 : K;
      for (let k = 0; k < (multiRef === "average" ? K : rounds); k++) {
        const r = multiRef === "average" ? k : this.#pick(ti, data, perRef, K === 1 ? -1 : k, rouge155);
        sp += perRef[r * 3]!;
        sr += perRef[r * 3 + 1]!;
        sf += perRef[r * 3 + 2]!;
        sm += model[base + r]!;
        spc += peer[base + r]!;
        sh += hit[base + r]!;
        used.push(r);
      }
      const count = used.length;
      out[o] = rouge155 ? round5(sp / count) : sp / count;
      out[o + 1] = rouge155 ? round5(sr / count) : sr / count;
      out[o + 2] = rouge155 ? round5(sf / count) : sf / count;
      if (rouge155) {
        out[o + 3] = sm / count;
        out[o + 4] = spc / count;
        out[o + 5] = sh / count;
      }
      if (chosen !== undefined) chosen.push(used);
    }
    return out;
  }
}
